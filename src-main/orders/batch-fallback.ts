import type { Logger } from '../base/log';
import type { ParsedEvent } from './polled-events';

/** SQLite answers at once, PostgreSQL later: one fallback serves both. */
type Eventually<T> = T | Promise<T>;

export interface BatchStore<S> {
  /** Stores these events in one transaction (nothing of it written when it throws). */
  store(events: readonly ParsedEvent[]): S;
  /** A failure no retry event by event gets around (the database down or full, the lease lost): thrown as it is. */
  isFatal(error: unknown): boolean;
  logger: Logger;
}

export interface BatchStored<R> {
  /** One result per transaction that held: the batch's, or each event's. */
  results: R[];
  /** Ids of the events that could not be stored: kept unacknowledged, so the next poll brings them back. */
  failed: string[];
}

type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

function attempt<R>(store: () => Eventually<R>): Eventually<Outcome<R>> {
  try {
    const value = store();
    return value instanceof Promise
      ? value.then(
          (v: R) => ({ ok: true, value: v }) as const,
          (error: unknown) => ({ ok: false, error }) as const,
        )
      : { ok: true, value };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * A poll's events in one transaction; when that fails on its data (a value the database cannot
 * hold, an event the rules choke on), one transaction per event, so one poisoned event does not
 * hold back the others: they are stored, it is reported failed. A fatal failure (`isFatal`), of the
 * batch or of any event, is thrown at once: nothing is acknowledged and the next poll tries again.
 * The terminal's SQLite ingest (synchronous) and the chain's PostgreSQL one (asynchronous) both
 * store through this: a synchronous `store` gets its answer synchronously.
 */
export function storeBatchOrEach<R>(events: readonly ParsedEvent[], steps: BatchStore<Promise<R>>): Promise<BatchStored<R>>;
export function storeBatchOrEach<R>(events: readonly ParsedEvent[], steps: BatchStore<R>): BatchStored<R>;
export function storeBatchOrEach<R>(events: readonly ParsedEvent[], steps: BatchStore<Eventually<R>>): Eventually<BatchStored<R>> {
  const whole = attempt(() => steps.store(events));
  const afterWhole = (outcome: Outcome<R>): Eventually<BatchStored<R>> => {
    if (outcome.ok) return { results: [outcome.value], failed: [] };
    if (steps.isFatal(outcome.error)) throw outcome.error;
    steps.logger.error('event batch failed, storing events one by one', { error: outcome.error });
    return eachFrom(events, 0, { results: [], failed: [] }, steps);
  };
  return whole instanceof Promise ? whole.then(afterWhole) : afterWhole(whole);
}

/** Events from `from` on, one transaction each, in order; a later event waits for the one before. */
function eachFrom<R>(events: readonly ParsedEvent[], from: number, stored: BatchStored<R>, steps: BatchStore<Eventually<R>>): Eventually<BatchStored<R>> {
  for (let i = from; i < events.length; i++) {
    const one = events[i] as ParsedEvent;
    const outcome = attempt(() => steps.store([one]));
    if (outcome instanceof Promise) return outcome.then((o) => eachFrom(events, i + 1, tally(stored, one, o, steps), steps));
    tally(stored, one, outcome, steps);
  }
  return stored;
}

function tally<R>(stored: BatchStored<R>, one: ParsedEvent, outcome: Outcome<R>, steps: BatchStore<Eventually<R>>): BatchStored<R> {
  if (outcome.ok) {
    stored.results.push(outcome.value);
    return stored;
  }
  if (steps.isFatal(outcome.error)) throw outcome.error;
  stored.failed.push(one.event.id);
  steps.logger.error('event could not be stored; kept unacknowledged', { eventId: one.event.id, error: outcome.error });
  return stored;
}
