/**
 * How lively the demo stores are. Times are sandbox-clock milliseconds (so tests advance the clock
 * and tick); `tickMs` is the real interval between ticks while the generator runs on its own.
 */
export type Range = readonly [min: number, max: number];

export interface ScenarioProfile {
  name: 'busy' | 'quiet';
  tickMs: number;
  /** Delay before the first order, and between two orders. */
  firstOrderMs: number;
  orderEveryMs: Range;
  reviewEveryMs: Range;
  /** A platform driver is assigned this long after the order is confirmed. */
  driverAfterConfirmMs: Range;
  /** Between the driver's moves (going to the store, arriving, riding to the customer). */
  driverStepMs: Range;
  /** The driver waits this long at the store for an order that is not ready, then takes it. */
  driverPatienceMs: number;
  /** A ready TAKEOUT / DINE_IN order is picked up after this long. */
  pickupAfterReadyMs: Range;
  /** A merchant delivery reaches the customer this long after dispatch. */
  merchantRideMs: Range;
  /** Share of deliveries made by the platform, and of scheduled orders. */
  platformShare: number;
  scheduledShare: number;
}

const S = 1000;
const MIN = 60 * S;

export const PROFILES: Readonly<Record<ScenarioProfile['name'], ScenarioProfile>> = {
  busy: {
    name: 'busy',
    tickMs: 1000,
    firstOrderMs: 3 * S,
    orderEveryMs: [6 * S, 15 * S],
    reviewEveryMs: [45 * S, 120 * S],
    driverAfterConfirmMs: [20 * S, 60 * S],
    driverStepMs: [30 * S, 90 * S],
    driverPatienceMs: 5 * MIN,
    pickupAfterReadyMs: [30 * S, 2 * MIN],
    merchantRideMs: [3 * MIN, 8 * MIN],
    platformShare: 0.7,
    scheduledShare: 0.1,
  },
  quiet: {
    name: 'quiet',
    tickMs: 5000,
    firstOrderMs: 15 * S,
    orderEveryMs: [50 * S, 100 * S],
    reviewEveryMs: [5 * MIN, 12 * MIN],
    driverAfterConfirmMs: [30 * S, 90 * S],
    driverStepMs: [45 * S, 2 * MIN],
    driverPatienceMs: 8 * MIN,
    pickupAfterReadyMs: [1 * MIN, 4 * MIN],
    merchantRideMs: [5 * MIN, 12 * MIN],
    platformShare: 0.7,
    scheduledShare: 0.05,
  },
};

export const SCENARIO_NAMES = ['busy', 'quiet', 'none'] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];
