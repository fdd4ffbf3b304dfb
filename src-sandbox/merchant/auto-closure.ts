import type { SandboxClock } from '../clock';
import type { OrderEvent } from '../orders/events';
import type { OrderRecord } from '../orders/model';
import type { Job } from '../orders/timeline';
import { emptyFacts, recordEvent, type StoreFacts } from './auto-closure-facts';
import { nextMomentAfter, verdictAt } from './auto-closure-judge';
import { anyOn, applyPatch, defaultSettings, type AutoClosurePatch, type AutoClosureSettings, type ClosureRuleName } from './auto-closure-rules';

/**
 * The platform closing an overloaded store by itself (docs/sandbox-store.md, "Automatic closure").
 * Driven by the world alone: each order event is judged at its own moment, and the moments at which
 * a verdict could change with no event (a driver's wait reaching its limit, an order falling due)
 * are jobs on the orders' timeline, which runs lazily with the sandbox clock. No wall-clock timer.
 */
export interface AutoClosureRecord {
  merchantId: string;
  rule: ClosureRuleName;
  reason: string;
  atMs: number;
  untilMs: number;
}

/** What the store's status needs: whether the check applies, and the closure in force. */
export interface AutoClosureStatus {
  checked: boolean;
  closure: AutoClosureRecord | undefined;
}

type Schedule = (dueMs: number, job: Job) => void;

export class AutoClosure {
  private everyStore: AutoClosureSettings;
  private everyStoreSetAtMs = -Infinity;
  private own = new Map<string, { settings: AutoClosureSettings; setAtMs: number }>();
  private facts = new Map<string, StoreFacts>();
  /** The moment each store's next check is booked for, and its booking number (older bookings do nothing). */
  private booked = new Map<string, { atMs: number; booking: number }>();
  private bookings = 0;
  private records: AutoClosureRecord[] = [];

  /**
   * @param initiallyOn whether every store starts under the rules (with the defaults) after each
   *   reset: `npm run sandbox -- --auto-closure`.
   */
  constructor(
    private readonly clock: SandboxClock,
    private readonly schedule: Schedule,
    private readonly initiallyOn = false,
  ) {
    this.everyStore = defaultSettings(initiallyOn);
  }

  reset(): void {
    this.everyStore = defaultSettings(this.initiallyOn);
    this.everyStoreSetAtMs = -Infinity;
    this.own = new Map();
    this.facts = new Map();
    this.booked = new Map();
    this.records = [];
  }

  settingsOf(merchantId: string): AutoClosureSettings {
    return this.own.get(merchantId)?.settings ?? this.everyStore;
  }

  everyStoreSettings(): AutoClosureSettings {
    return this.everyStore;
  }

  /** One store's settings; counting starts afresh now. */
  setStoreSettings(merchantId: string, patch: AutoClosurePatch): AutoClosureSettings {
    const settings = applyPatch(this.settingsOf(merchantId), patch);
    this.own.set(merchantId, { settings, setAtMs: this.clock.now() });
    this.book(merchantId, this.clock.now());
    return settings;
  }

  /** Every store's settings: stores' own settings are dropped, counting starts afresh now. */
  setEveryStoreSettings(patch: AutoClosurePatch): AutoClosureSettings {
    this.everyStore = applyPatch(this.everyStore, patch);
    this.everyStoreSetAtMs = this.clock.now();
    this.own = new Map();
    for (const merchantId of this.facts.keys()) this.book(merchantId, this.clock.now());
    return this.everyStore;
  }

  /** Every order event, at its moment (the orders' `observe` hook). */
  observe(order: OrderRecord, event: OrderEvent): void {
    const merchantId = order.detail.merchant.id;
    let facts = this.facts.get(merchantId);
    if (!facts) {
      facts = emptyFacts();
      this.facts.set(merchantId, facts);
    }
    const atMs = Date.parse(event.createdAt);
    recordEvent(facts, order, event, atMs);
    this.judge(merchantId, atMs);
  }

  /** The closures so far, oldest first (of one store, or of all). */
  closures(merchantId?: string): readonly AutoClosureRecord[] {
    return merchantId === undefined ? [...this.records] : this.records.filter((r) => r.merchantId === merchantId);
  }

  status(merchantId: string, nowMs: number): AutoClosureStatus {
    const closure = this.records.findLast((r) => r.merchantId === merchantId && r.atMs <= nowMs && nowMs < r.untilMs);
    return { checked: anyOn(this.settingsOf(merchantId)) || closure !== undefined, closure };
  }

  /** From when facts count: the last change of the store's settings, or the end of its last closure. */
  private countFrom(merchantId: string): number {
    const setAt = this.own.get(merchantId)?.setAtMs ?? this.everyStoreSetAtMs;
    const last = this.records.findLast((r) => r.merchantId === merchantId);
    return Math.max(setAt, last?.untilMs ?? -Infinity);
  }

  private judge(merchantId: string, atMs: number): void {
    const settings = this.settingsOf(merchantId);
    const facts = this.facts.get(merchantId);
    if (!facts || !anyOn(settings)) return;
    const verdict = verdictAt(settings, facts, atMs, this.countFrom(merchantId));
    if (verdict) {
      const untilMs = atMs + settings.closeMinutes * 60_000;
      this.records.push({ merchantId, rule: verdict.rule, reason: verdict.reason, atMs, untilMs });
    }
    this.book(merchantId, atMs);
  }

  /** Books the store's next check on the timeline, unless that very moment is booked already. */
  private book(merchantId: string, afterMs: number): void {
    const facts = this.facts.get(merchantId);
    const settings = this.settingsOf(merchantId);
    if (!facts || !anyOn(settings)) return;
    const atMs = nextMomentAfter(settings, facts, afterMs, this.countFrom(merchantId));
    if (atMs === undefined || this.booked.get(merchantId)?.atMs === atMs) return;
    const booking = ++this.bookings;
    this.booked.set(merchantId, { atMs, booking });
    this.schedule(atMs, (dueMs) => {
      if (this.booked.get(merchantId)?.booking !== booking) return;
      this.booked.delete(merchantId);
      this.judge(merchantId, dueMs);
    });
  }
}
