import type { BoardRow, OrdersChanged } from '../src-shared/ipc/channels/orders';
import type { PushName } from '../src-shared/ipc/contract';

/**
 * What the chain bench expects each store screen to hear, and when it heard it. Every event the bench
 * makes happen (an order placed, a driver step, a confirm a screen asked for) is an expectation on
 * its order: the codes it may show as the row's `lastEventCode`, when it happened, and — seen by the
 * sandbox's poll route — when the platform handed it to the chain's poller. The store's screen
 * hearing a row of that order with one of those codes settles it; a row heard by a screen of
 * another store is a leak.
 */

interface Expectation {
  codes: ReadonlySet<string>;
  /** performance.now() when the event happened (or, for a confirm, when the screen asked for it). */
  at: number;
  /** When a poll first handed it out (the chain server's own path starts here). */
  handedOutAt?: number;
  heardAt?: number;
  phase: string;
  kind: 'event' | 'action';
}

export interface Heard {
  orderId: string;
  code: string;
  phase: string;
  kind: 'event' | 'action';
  /** ms from the event (or the action asked) to the screen. */
  latency: number;
  /** ms from the poll that handed it out to the screen; absent when the poll was not seen first. */
  fromPoll?: number;
}

export class ChainTracker {
  private readonly expected = new Map<string, Expectation[]>();
  private readonly storeOfOrder = new Map<string, string>();
  /** Handed out before the bench registered it (the poll's answer overtook the control call's). */
  private readonly early = new Map<string, number>();
  readonly heard: Heard[] = [];
  /** Rows a screen heard of an order that is not its store's (must stay 0). */
  leaks = 0;
  /** An expectation passed over: a later code of its order was heard first (coalesced in one poll). */
  coalesced = 0;
  /** Row pushes heard, per replica the screen is connected to. */
  readonly rowsHeardByReplica: number[] = [];

  constructor(private readonly onHeard: (screenStore: string, row: BoardRow, first: Heard | null) => void = () => {}) {}

  order(orderId: string, storeId: string): void {
    this.storeOfOrder.set(orderId, storeId);
  }

  expect(orderId: string, codes: readonly string[], at: number, phase: string, kind: Expectation['kind'] = 'event'): void {
    const list = this.expected.get(orderId) ?? [];
    const handedOutAt = codes.map((c) => this.early.get(`${orderId} ${c}`)).find((t) => t !== undefined);
    list.push({ codes: new Set(codes), at, phase, kind, ...(handedOutAt === undefined ? {} : { handedOutAt }) });
    this.expected.set(orderId, list);
  }

  /** The sandbox's poll route answered with these events, now. */
  handedOut(events: readonly { orderId: string; fullCode: string }[], at: number): void {
    for (const { orderId, fullCode } of events) {
      const waiting = this.expected.get(orderId)?.find((e) => e.handedOutAt === undefined && e.codes.has(fullCode));
      if (waiting) waiting.handedOutAt = at;
      else if (!this.early.has(`${orderId} ${fullCode}`)) this.early.set(`${orderId} ${fullCode}`, at);
    }
  }

  /** A push a screen of `screenStore` (connected to `replica`) heard, at `at`. */
  screenHeard(screenStore: string, replica: number, event: PushName, payload: unknown, at: number): void {
    if (event !== 'orders:changed') return;
    for (const row of (payload as OrdersChanged).rows) {
      this.rowsHeardByReplica[replica] = (this.rowsHeardByReplica[replica] ?? 0) + 1;
      const store = this.storeOfOrder.get(row.id);
      if (row.merchantId !== screenStore || (store !== undefined && store !== screenStore)) {
        this.leaks++;
        continue;
      }
      this.onHeard(screenStore, row, this.settle(row, at));
    }
  }

  private settle(row: BoardRow, at: number): Heard | null {
    const list = this.expected.get(row.id);
    const code = row.lastEventCode;
    if (!list || code === null) return null;
    const index = list.findIndex((e) => e.heardAt === undefined && e.codes.has(code));
    if (index < 0) return null;
    for (const earlier of list.slice(0, index)) {
      if (earlier.heardAt === undefined) {
        earlier.heardAt = at;
        this.coalesced++;
      }
    }
    const match = list[index] as Expectation;
    match.heardAt = at;
    const heard: Heard = { orderId: row.id, code, phase: match.phase, kind: match.kind, latency: at - match.at };
    if (match.handedOutAt !== undefined) heard.fromPoll = at - match.handedOutAt;
    this.heard.push(heard);
    return heard;
  }

  /** Expectations of a phase not heard yet. */
  unheard(phase?: string): number {
    let count = 0;
    for (const list of this.expected.values()) for (const e of list) if (e.heardAt === undefined && (phase === undefined || e.phase === phase)) count++;
    return count;
  }
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export interface Spread {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

export const describeSpread = (s: Spread): string =>
  `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms (n=${s.n})`;
