import { isMerchantDelivery, isPlatformDelivery, type OrderRecord } from '../orders/model';
import { advanceDriver, assignDriver, concludeOrder } from '../orders/platform';
import type { OrdersState } from '../orders/state';
import type { SeededRandom } from '../orders/random';
import type { Range, ScenarioProfile } from './profiles';

/**
 * Moves one order along the platform's side, as time passes: a driver for a confirmed platform
 * delivery, the driver's ride, the customer picking up a ready order, a merchant delivery arriving.
 * The staff's own actions (confirm, prepare, ready, dispatch) are left to the app.
 */
export interface Watch {
  status: string;
  /** Sandbox time when the order reached its current status / the driver its current step. */
  since: number;
  driverStep?: string;
  driverSince: number;
  /** Waiting times drawn once per stage, so a tick does not re-roll them. */
  wait: number;
}

const draw = (rng: SeededRandom, [min, max]: Range) => rng.int(min, max);

/** How long this stage of the order lasts, by who moves it next. */
function stageRange(order: OrderRecord, profile: ScenarioProfile): Range {
  if (isPlatformDelivery(order)) return order.driver ? profile.driverStepMs : profile.driverAfterConfirmMs;
  return isMerchantDelivery(order) ? profile.merchantRideMs : profile.pickupAfterReadyMs;
}

export function watchOf(watches: Map<string, Watch>, order: OrderRecord, now: number, rng: SeededRandom, profile: ScenarioProfile): Watch {
  let watch = watches.get(order.detail.id);
  if (!watch || watch.status !== order.detail.status || watch.driverStep !== order.driver?.step) {
    const statusChanged = !watch || watch.status !== order.detail.status;
    watch = {
      status: order.detail.status,
      since: statusChanged ? now : (watch?.since ?? now),
      ...(order.driver ? { driverStep: order.driver.step } : {}),
      driverSince: now,
      wait: draw(rng, stageRange(order, profile)),
    };
    watches.set(order.detail.id, watch);
  }
  return watch;
}

/** One step for this order if its time has come; true when something happened. */
export function progress(orders: OrdersState, order: OrderRecord, watch: Watch, now: number, profile: ScenarioProfile): boolean {
  const { status, orderType } = order.detail;
  const waited = (since: number, ms: number) => now - since >= ms;
  if (isPlatformDelivery(order)) {
    const driver = order.driver;
    if (!driver) {
      if (['CONFIRMED', 'PREPARATION_STARTED', 'READY_TO_PICKUP'].includes(status) && waited(watch.since, watch.wait)) {
        assignDriver(orders, order);
        return true;
      }
      return false;
    }
    if (status === 'CANCELLATION_REQUESTED') return false;
    if (driver.step === 'ARRIVED_AT_ORIGIN') {
      if (status !== 'READY_TO_PICKUP' && !waited(watch.driverSince, profile.driverPatienceMs)) return false;
      advanceDriver(orders, order);
      return true;
    }
    if (!waited(watch.driverSince, watch.wait)) return false;
    if (driver.step === 'ARRIVED_AT_DESTINATION') concludeOrder(orders, order);
    else advanceDriver(orders, order);
    return true;
  }
  const pickedUp = (orderType === 'TAKEOUT' || orderType === 'DINE_IN') && status === 'READY_TO_PICKUP';
  const delivered = isMerchantDelivery(order) && status === 'DISPATCHED';
  if ((pickedUp || delivered) && waited(watch.since, watch.wait)) {
    concludeOrder(orders, order);
    return true;
  }
  return false;
}
