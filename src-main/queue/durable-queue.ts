import { toAppError, waitsToRetry, type AppError } from '../../src-shared/errors';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { Loop } from '../base/loop';
import { backoffMs, type BackoffPolicy } from './backoff';

/** What the engine needs of a row: who it is, and how often it was tried (the backoff grows with it). */
export interface QueuedRow {
  readonly id: number;
  readonly attempts: number;
}

/** What came of one try at a row. */
export type TryOutcome =
  /** The driver settled the row, or handed it on (sent, awaiting the event that settles it). */
  | { kind: 'handled' }
  /** It could not go now and waits until `untilMs`. */
  | { kind: 'waits'; untilMs: number; error: AppError }
  /** Untouched: the queue is stopping, or the row (or its line) is being tried already. */
  | { kind: 'left' };

/**
 * What differs between the durable queues (order actions, store actions, tickets, a screen's queued
 * actions, the chain's order actions): where rows are kept, how one is tried, and how it is known to
 * be done — an event for an order action, a look at the platform for a store action, the printer's
 * answer for a ticket. Everything else (the loop, lines, the in-flight guard, waking, backoff) is the
 * engine's. SQLite drivers answer at once; a PostgreSQL driver (src-main/chain/outbox-sender.ts)
 * answers later: where a driver's answer may be a promise, the engine waits for it.
 */
export interface QueueDriver<Row extends QueuedRow> {
  /** The line a row waits in (an order, a store, a printer): a line's rows go one at a time, in order. */
  lineOf(row: Row): string;
  /**
   * Rows whose time has come, oldest first (a driver may give only each line's head). A driver shared
   * by several processes claims them here, so that no other process tries them meanwhile.
   */
  due(now: number, limit: number): Row[] | Promise<Row[]>;
  /** When the next waiting row is due; undefined when none waits (or the driver cannot tell: the idle wait then). */
  nextDueMs(): number | undefined | Promise<number | undefined>;
  /** The link is back: every waiting row is due now; answers how many. */
  dueNow?(now: number): number;
  /** One try: sends the row and records how it went. Throws what the try failed with. */
  attempt(row: Row, signal: AbortSignal): Promise<void>;
  /** Whether a failure passes by waiting (default: offline, timeouts, 5xx, 429, an expired token). */
  waits?(error: AppError): boolean;
  /** The row waits until `untilMs`: record why. */
  retryLater(row: Row, untilMs: number, error: AppError): void | Promise<void>;
  /** A failure that waiting will not cure: settle the row (after looking whether a lost answer did the work). */
  refused(row: Row, error: AppError, signal: AbortSignal): Promise<void>;
  /** A later row of a line whose head must wait, for drivers whose `due` gives whole lines: it waits too. */
  holdBack?(row: Row, untilMs: number): void;
  /**
   * A row `due` gave this round that nobody here is working on after all (its line was busy with
   * another try, or the try was cut short by something else): for drivers whose `due` claims rows,
   * the claim is let go at once rather than held with nobody working on it.
   */
  release?(row: Row): Promise<void>;
  /** Work of each round before the sends (the orders outbox looks at sent actions whose event is late). */
  beforeRound?(signal: AbortSignal): Promise<void>;
}

export interface DurableQueueOptions<Row extends QueuedRow> {
  name: string;
  clock: Clock;
  logger: Logger;
  driver: QueueDriver<Row>;
  backoff: BackoffPolicy;
  /** Lines worked at once. */
  concurrency?: number;
  /** Rows read per round; a full round goes again at once. */
  roundLimit?: number;
  /** With nothing waiting, the queue still looks this often (a row written by another path, a clock jump). */
  idleMs?: number;
  /** The shortest wait between rounds. */
  minWaitMs?: number;
  /** Told when the link to the platform is back: waiting rows then go at once, not at the end of their backoff. */
  reconnects?: { onReconnect(listener: () => void): () => void };
}

/**
 * The engine under every durable queue: the terminal's, a screen's, the chain's. A row is written
 * (committed) by its queue before anything is sent; the engine tries the rows that are due, one at a
 * time per line and in order, never the same row twice at once (across processes, the driver's
 * claim sees to it); a failure that passes by waiting waits with backoff
 * (one policy, `backoff.ts`), anything else is the driver's to settle; waiting rows go at once when
 * the link is back. A crash anywhere leaves rows the next run tries again: what makes that safe (a
 * resend that meets its own earlier effect) is each driver's.
 */
export class DurableQueue<Row extends QueuedRow> {
  private readonly loop: Loop;
  private readonly busyRows = new Set<number>();
  private readonly busyLines = new Set<string>();
  private readonly tries = new Set<Promise<TryOutcome>>();
  private readonly stopping = new AbortController();
  private readonly unsubscribe: (() => void) | undefined;

  constructor(private readonly options: DurableQueueOptions<Row>) {
    const { name, clock, logger, driver } = options;
    this.loop = new Loop({ name, clock, logger, tick: (signal) => this.round(signal) });
    this.unsubscribe = options.reconnects?.onReconnect(() => {
      if (this.stopping.signal.aborted) return;
      try {
        if ((driver.dueNow?.(clock.now()) ?? 0) > 0) this.wake();
      } catch (error) {
        logger.warn(`${name}: waiting rows not woken`, { error });
      }
    });
  }

  start(): void {
    this.loop.start();
  }

  /** Starts the next round now instead of after the wait (a row was written, an outcome arrived). */
  wake(): void {
    this.loop.wake();
  }

  /** Stops: the round and every try in flight unwind (their rows stay for the next run), then it resolves. */
  async stop(): Promise<void> {
    this.stopping.abort(new Error(`${this.options.name} stopped`));
    this.unsubscribe?.();
    await this.loop.stop();
    await Promise.allSettled([...this.tries]);
  }

  /** Whether a row is being tried right now (it cannot be withdrawn then). */
  isBusy(id: number): boolean {
    return this.busyRows.has(id);
  }

  /** One try at a row now, outside the loop (a screen waiting for its first answer), within `signal`. */
  tryNow(row: Row, signal: AbortSignal): Promise<TryOutcome> {
    return this.tryRow(row, AbortSignal.any([signal, this.stopping.signal]));
  }

  /** One round: the driver's own work, then every due line; answers how long to wait before the next. */
  async round(signal: AbortSignal = this.stopping.signal): Promise<number> {
    const { driver, clock } = this.options;
    const limit = this.options.roundLimit ?? 32;
    const idleMs = this.options.idleMs ?? 60_000;
    await driver.beforeRound?.(signal);
    if (signal.aborted) return 0;
    const due = await driver.due(clock.now(), limit);
    const lines = new Map<string, Row[]>();
    for (const row of due) {
      const line = driver.lineOf(row);
      const rows = lines.get(line);
      if (rows) rows.push(row);
      else lines.set(line, [row]);
    }
    const work = [...lines.values()];
    const worker = async (): Promise<void> => {
      for (let line = work.shift(); line !== undefined && !signal.aborted; line = work.shift()) await this.runLine(line, signal);
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency ?? 1, work.length) }, worker));
    if (due.length >= limit) return 0;
    const next = await driver.nextDueMs();
    return next === undefined ? idleMs : Math.min(idleMs, Math.max(this.options.minWaitMs ?? 0, next - clock.now()));
  }

  /** A line's rows in order; once one must wait, the rest of the line waits with it. */
  private async runLine(rows: readonly Row[], signal: AbortSignal): Promise<void> {
    let heldUntil: number | undefined;
    for (const row of rows) {
      if (signal.aborted) return;
      if (heldUntil !== undefined) {
        this.options.driver.holdBack?.(row, heldUntil);
        continue;
      }
      const outcome = await this.tryRow(row, signal);
      if (outcome.kind === 'waits') heldUntil = outcome.untilMs;
      if (outcome.kind === 'left' && !this.busyRows.has(row.id)) await this.options.driver.release?.(row);
    }
  }

  private tryRow(row: Row, signal: AbortSignal): Promise<TryOutcome> {
    const line = this.options.driver.lineOf(row);
    if (this.busyRows.has(row.id) || this.busyLines.has(line)) return Promise.resolve({ kind: 'left' });
    this.busyRows.add(row.id);
    this.busyLines.add(line);
    const run = this.attempt(row, signal).finally(() => {
      this.busyRows.delete(row.id);
      this.busyLines.delete(line);
      this.tries.delete(run);
    });
    this.tries.add(run);
    return run;
  }

  private async attempt(row: Row, signal: AbortSignal): Promise<TryOutcome> {
    const { driver, clock, logger, name } = this.options;
    try {
      await driver.attempt(row, signal);
      return { kind: 'handled' };
    } catch (thrown) {
      const error = toAppError(thrown);
      // Stopping, or cut short by something else than this try's own deadline: the row stays as it is.
      if (this.stopping.signal.aborted || (error.code === 'aborted' && !signal.aborted)) return { kind: 'left' };
      if (signal.aborted || (driver.waits ?? waitsToRetry)(error)) {
        const waitMs = backoffMs(this.options.backoff, row.attempts + 1, error);
        const untilMs = clock.now() + waitMs;
        logger.warn(`${name}: not done, will retry`, { id: row.id, code: error.code, waitMs });
        await driver.retryLater(row, untilMs, error);
        return { kind: 'waits', untilMs, error };
      }
      await driver.refused(row, error, signal);
      return { kind: 'handled' };
    }
  }
}
