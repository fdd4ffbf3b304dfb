import type { StoreActionKind } from '../../src-shared/ipc/channels/store-actions';
import type { ScheduledActionRecord } from '../db/store-outbox/scheduled-actions-repo';
import type { StoreOutboxDb } from '../db/store-outbox/store-outbox-db';
import type { Maybe } from './store-actions-storage';

/** A store action to be made later, as it is written. */
export interface NewScheduledAction {
  merchantId: string;
  kind: StoreActionKind;
  subject: string | null;
  payload: Record<string, unknown>;
  dueMs: number;
}

/**
 * Where store actions wait for their time (sync/scheduled-store-actions.ts runs on it): the
 * terminal's `store-outbox.sqlite`, or a chain's PostgreSQL, where every replica looks for the due
 * ones and `due` claims them (FOR UPDATE SKIP LOCKED), so each is handed to the store outbox by one
 * replica, with its own idempotency key (`handoff_key`): a hand-off made again after a replica died
 * midway meets the action the first one made.
 */
export interface ScheduledActionsStorage {
  add(action: NewScheduledAction, now: number): Maybe<ScheduledActionRecord>;
  /** Those whose time has come (claimed for a while, where processes share the rows). */
  due(now: number): Maybe<ScheduledActionRecord[]>;
  /** When the next one is due (or its claim runs out); undefined when none waits. */
  nextDueMs(): Maybe<number | undefined>;
  /** The store's actions still waiting, soonest first. */
  waiting(merchantId: string): Maybe<ScheduledActionRecord[]>;
  /** Withdraws what waits for this subject (a dish put back on sale by hand needs no comeback); how many. */
  cancelFor(merchantId: string, kind: StoreActionKind, subject: string): Maybe<number>;
  /** Handed to the store outbox: its action's id. */
  markSubmitted(id: number, actionId: number): Maybe<void>;
}

/** The terminal's store outbox file as the scheduled actions' storage (one process: no claims). */
export function sqliteScheduledActions(db: StoreOutboxDb): ScheduledActionsStorage {
  return {
    add: (action, now) => db.write(() => db.scheduled.add({ ...action, now })),
    due: (now) => db.read(() => db.scheduled.due(now)),
    nextDueMs: () => db.read(() => db.scheduled.nextDueMs()),
    waiting: (merchantId) => db.read(() => db.scheduled.waiting(merchantId)),
    cancelFor: (merchantId, kind, subject) => db.write(() => db.scheduled.cancelFor(merchantId, kind, subject)),
    markSubmitted: (id, actionId) => db.write(() => db.scheduled.markSubmitted(id, actionId)),
  };
}
