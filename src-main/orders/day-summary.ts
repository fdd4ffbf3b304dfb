import type { DaySummary, StoreSummary } from '../../src-shared/ipc/channels/history';
import { CancellationMetadata } from '../../src-shared/wire/events';

/** What the summary needs of one order (read by db/summary-query.ts). */
export interface SummaryFact {
  merchant_id: string | null;
  status: string;
  order_type: string | null;
  order_timing: string | null;
  total: number | null;
  created_ms: number;
  confirmed_ms: number | null;
  ready_ms: number | null;
  cancel_metadata: string | null;
}

const HOUR_MS = 3600_000;
const OPEN = new Set(['PLACED', 'CONFIRMED', 'PREPARATION_STARTED', 'READY_TO_PICKUP', 'DISPATCHED', 'CANCELLATION_REQUESTED']);

/** Cents, so a day of sums comes out as the screen shows money (no 0.1 + 0.2). */
const cents = (value: number): number => Math.round(value * 100);

type Cancellation = { origin: string | null; reason: string | null; code: string | null };

/** Who cancelled, the platform's words and its code (the screen words the reason by the code; the rush gauge counts the timeouts). */
export function readCancellation(text: string | null): Cancellation {
  let value: unknown = {};
  try {
    value = text ? JSON.parse(text) : {};
  } catch {
    // unreadable metadata: a cancellation all the same, reason unknown
  }
  const read = CancellationMetadata.safeParse(value);
  return read.success
    ? { origin: read.data.origin ?? null, reason: read.data.reason ?? null, code: read.data.cancelCode ?? null }
    : { origin: null, reason: null, code: null };
}

class Durations {
  private sum = 0;
  private worst = 0;
  private count = 0;
  add(ms: number): void {
    if (ms < 0) return;
    this.sum += ms;
    this.worst = Math.max(this.worst, ms);
    this.count++;
  }
  view(): StoreSummary['toConfirm'] {
    return this.count === 0
      ? null
      : { averageSeconds: Math.round(this.sum / this.count / 1000), worstSeconds: Math.round(this.worst / 1000), count: this.count };
  }
}

class Tally {
  orders = 0;
  open = 0;
  concluded = 0;
  cancelled = 0;
  grossCents = 0;
  scheduled = 0;
  readonly cancellations = new Map<string, Cancellation & { count: number }>();
  readonly toConfirm = new Durations();
  readonly toReady = new Durations();
  readonly byType: Record<string, number> = {};
  readonly perHour: number[];

  constructor(
    private readonly merchantId: string | null,
    hours: number,
    private readonly fromMs: number,
  ) {
    this.perHour = new Array<number>(hours).fill(0);
  }

  add(f: SummaryFact): void {
    this.orders++;
    if (f.status === 'CANCELLED') {
      this.cancelled++;
      const c = readCancellation(f.cancel_metadata);
      const key = `${c.origin}\u0000${c.code}\u0000${c.reason}`;
      const seen = this.cancellations.get(key) ?? { ...c, count: 0 };
      seen.count++;
      this.cancellations.set(key, seen);
    } else {
      this.grossCents += cents(f.total ?? 0);
      if (f.status === 'CONCLUDED') this.concluded++;
      else if (OPEN.has(f.status)) this.open++;
    }
    if (f.confirmed_ms !== null) this.toConfirm.add(f.confirmed_ms - f.created_ms);
    if (f.ready_ms !== null) this.toReady.add(f.ready_ms - f.created_ms);
    const type = f.order_type ?? 'UNKNOWN';
    this.byType[type] = (this.byType[type] ?? 0) + 1;
    if (f.order_timing === 'SCHEDULED') this.scheduled++;
    const hour = Math.floor((f.created_ms - this.fromMs) / HOUR_MS);
    if (hour >= 0 && hour < this.perHour.length) this.perHour[hour] = (this.perHour[hour] ?? 0) + 1;
  }

  view(): StoreSummary {
    return {
      merchantId: this.merchantId,
      orders: this.orders,
      open: this.open,
      concluded: this.concluded,
      cancelled: this.cancelled,
      gross: this.grossCents / 100,
      cancellations: [...this.cancellations.values()].sort((a, b) => b.count - a.count),
      toConfirm: this.toConfirm.view(),
      toReady: this.toReady.view(),
      byType: this.byType,
      scheduled: this.scheduled,
      perHour: this.perHour,
    };
  }
}

/**
 * The shift report: per store and in total, for orders created in [from, to). Gross counts orders
 * not cancelled; times are from arrival to the platform's confirmation and to ready (or dispatch).
 */
export function summarise(facts: Iterable<SummaryFact>, fromMs: number, toMs: number): DaySummary {
  const hours = Math.max(1, Math.ceil((toMs - fromMs) / HOUR_MS));
  const total = new Tally(null, hours, fromMs);
  const stores = new Map<string, Tally>();
  for (const fact of facts) {
    total.add(fact);
    if (fact.merchant_id === null) continue;
    let store = stores.get(fact.merchant_id);
    if (!store) stores.set(fact.merchant_id, (store = new Tally(fact.merchant_id, hours, fromMs)));
    store.add(fact);
  }
  return {
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
    stores: [...stores.values()].map((t) => t.view()),
    total: total.view(),
  };
}
