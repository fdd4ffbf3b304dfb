import type { ErrorInfo } from '../../src-shared/errors';
import type { StoreActionKind, StoreActionState } from '../../src-shared/ipc/channels/store-actions';
import type { StoreActionRecord } from '../db/store-outbox/store-actions-repo';
import type { StoreOutboxDb } from '../db/store-outbox/store-outbox-db';

/** Sync on a terminal's SQLite file, a promise on a chain's PostgreSQL. */
export type Maybe<T> = T | Promise<T>;

/** A store action as it is written, before it is sent. */
export interface NewStoreAction {
  merchantId: string;
  kind: StoreActionKind;
  subject: string | null;
  payload: Record<string, unknown>;
  /**
   * The caller's idempotency key (a store terminal of a chain sends one with every action, the same
   * at every try): a key already written answers the action it made, and nothing is written again.
   */
  key?: string | null;
  /** The paired device that made it (a chain's terminal), kept with the row. */
  origin?: { id: string; name: string; kind: string } | null;
}

/**
 * Where the store outbox keeps its rows (sync/store-outbox.ts runs on it): the terminal's
 * `store-outbox.sqlite`, or a chain's PostgreSQL, where several replicas share the rows and `due`
 * claims them (FOR UPDATE SKIP LOCKED) so that each is in one replica's hands at a time.
 */
export interface StoreActionsStorage {
  /**
   * Writes the action; `created` false when its key was written before (that action is answered).
   * `claimed`: the caller tries it at once, no other process meanwhile.
   */
  insert(action: NewStoreAction, now: number): Maybe<{ record: StoreActionRecord; created: boolean }>;
  get(id: number): Maybe<StoreActionRecord | undefined>;
  /** The head of each store's queue whose time has come (claimed, where processes share the rows). */
  due(now: number, limit: number): Maybe<StoreActionRecord[]>;
  nextWakeMs(): Maybe<number | undefined>;
  /** The link is back: every waiting action is due now (only where it is one process's own file). */
  wakeQueued?(now: number): number;
  markAttempt(id: number, now: number): Maybe<void>;
  requeue(id: number, nextMs: number, reason: ErrorInfo | null, now: number): Maybe<void>;
  settle(id: number, state: Exclude<StoreActionState, 'queued'>, reason: ErrorInfo | null, result: unknown, now: number): Maybe<boolean>;
  markWaited(id: number): Maybe<void>;
  queuedOf(merchantId: string): Maybe<StoreActionRecord[]>;
  list(merchantId: string | null, sinceMs: number): Maybe<StoreActionRecord[]>;
}

/** The terminal's store outbox file as the store outbox's storage (one process: no claims). */
export function sqliteStoreActions(db: StoreOutboxDb): StoreActionsStorage {
  return {
    insert: (action, now) => db.write(() => ({ record: db.actions.insert({ ...action, now }), created: true })),
    get: (id) => db.read(() => db.actions.get(id)),
    due: (now) => db.read(() => db.actions.due(now)),
    nextWakeMs: () => db.read(() => db.actions.nextWakeMs()),
    wakeQueued: (now) => db.write(() => db.actions.wakeQueued(now)),
    markAttempt: (id, now) => db.write(() => db.actions.markAttempt(id, now)),
    requeue: (id, nextMs, reason, now) => db.write(() => db.actions.requeue(id, nextMs, reason, now)),
    settle: (id, state, reason, result, now) => db.write(() => db.actions.settle(id, state, reason, result, now)),
    markWaited: (id) => db.write(() => db.actions.markWaited(id)),
    queuedOf: (merchantId) => db.read(() => db.actions.queuedOf(merchantId)),
    list: (merchantId, sinceMs) => db.read(() => db.actions.list(merchantId, sinceMs)),
  };
}
