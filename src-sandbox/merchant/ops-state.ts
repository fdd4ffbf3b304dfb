import { randomUUID } from 'node:crypto';
import type { Operation } from '../../src-shared/wire/merchant';
import type { SandboxClock } from '../clock';
import { PerStore } from '../per-store';
import { stableUuid } from '../seed/ids';
import { SEED_HOURS_CREATED_AT, seedOpeningHours } from '../seed/opening-hours';
import { hasEnded, type Interruption } from './interruptions';
import type { Shift, ShiftInput } from './opening-hours';

/** The switches behind `catalog-enabled` and `delivery-area` (set through the control surface). */
export interface OperationSwitches {
  /** Per operation: is a catalog enabled for it. */
  catalogEnabled: Partial<Record<Operation, boolean>>;
  /** Has the store a delivery area (only DELIVERY checks it). */
  deliveryArea: boolean;
}

/** Store features the spec makes conditional (set through the control surface). */
export interface StoreFeatures {
  /** validatePickupCode "only when enabled" (spec §4.5). */
  pickupCode: boolean;
  /** RECOMMENDED_PREPARATION_START goes "to stores using smart preparation" (spec §6). */
  smartPreparation: boolean;
}

interface StoreOps {
  shifts: Shift[];
  interruptions: Interruption[];
  /** Ids of the interruptions the platform imposed (a penalty): the merchant cannot delete them. */
  platformPauses: Set<string>;
  switches: OperationSwitches;
  features: StoreFeatures;
}

export type RemoveOutcome = 'removed' | 'not-found' | 'platform';

/** Per-store operation state: interruptions, opening hours, catalog and delivery-area switches. */
export class MerchantOpsState {
  private readonly stores = new PerStore<StoreOps>(
    () => ({
      shifts: [],
      interruptions: [],
      platformPauses: new Set(),
      switches: { catalogEnabled: {}, deliveryArea: true },
      features: { pickupCode: true, smartPreparation: true },
    }),
    (stores) => {
      for (const [storeId, shifts] of Object.entries(seedOpeningHours)) {
        stores.of(storeId).shifts = shifts.map((shift, i) => ({
          ...shift,
          id: stableUuid(`shift/${storeId}/${i}`),
          enabled: true,
          createdAt: SEED_HOURS_CREATED_AT,
        }));
      }
    },
  );

  constructor(readonly clock: SandboxClock) {}

  /** Back to the seed state (called by World.reset). */
  reset(): void {
    this.stores.reset();
  }

  private of(storeId: string): StoreOps {
    return this.stores.of(storeId);
  }

  shifts(storeId: string): readonly Shift[] {
    return this.of(storeId).shifts;
  }

  /** Complete replacement (spec §4.4); the caller has validated the shifts. */
  replaceShifts(storeId: string, shifts: readonly ShiftInput[]): Shift[] {
    const createdAt = this.clock.nowIso();
    const next = shifts.map((shift) => ({ ...shift, id: randomUUID(), enabled: true, createdAt }));
    this.of(storeId).shifts = next;
    return next;
  }

  /** Active and future interruptions, earliest first; ended ones are dropped. */
  interruptions(storeId: string): readonly Interruption[] {
    const ops = this.of(storeId);
    const now = this.clock.now();
    ops.interruptions = ops.interruptions.filter((i) => !hasEnded(i, now)).sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
    return ops.interruptions;
  }

  addInterruption(storeId: string, description: string, startMs: number, endMs: number): Interruption {
    const interruption = { id: randomUUID(), description, start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString() };
    this.of(storeId).interruptions.push(interruption);
    return interruption;
  }

  /** A pause the platform imposes (e.g. for excessive cancellations); only the platform lifts it. */
  addPlatformPause(storeId: string, description: string, startMs: number, endMs: number): Interruption {
    const interruption = this.addInterruption(storeId, description, startMs, endMs);
    this.of(storeId).platformPauses.add(interruption.id);
    return interruption;
  }

  hasActivePlatformPause(storeId: string, nowMs: number): boolean {
    const ops = this.of(storeId);
    return this.interruptions(storeId).some((i) => ops.platformPauses.has(i.id) && Date.parse(i.start) <= nowMs && nowMs < Date.parse(i.end));
  }

  removeInterruption(storeId: string, interruptionId: string): RemoveOutcome {
    const ops = this.of(storeId);
    if (!this.interruptions(storeId).some((i) => i.id === interruptionId)) return 'not-found';
    if (ops.platformPauses.has(interruptionId)) return 'platform';
    ops.interruptions = ops.interruptions.filter((i) => i.id !== interruptionId);
    return 'removed';
  }

  switches(storeId: string): OperationSwitches {
    return this.of(storeId).switches;
  }

  features(storeId: string): StoreFeatures {
    return this.of(storeId).features;
  }

  catalogEnabled(storeId: string, operation: Operation): boolean {
    return this.of(storeId).switches.catalogEnabled[operation] ?? true;
  }
}
