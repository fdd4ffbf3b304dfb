import type { StoreActionsStorage } from '../sync/store-actions-storage';
import type { ScheduledActionsStorage } from '../sync/scheduled-actions-storage';
import type { PromotionStatusStorage } from '../sync/promotion-statuses-storage';
import type { DeliveryOrdersStorage } from '../sync/delivery-orders-storage';
import type { ActInput, BoardRow, OrderDetailView, OutboxEntry } from '../../src-shared/ipc/channels/orders';
import type { StoreListItem } from '../../src-shared/wire/merchant';
import type { Device, DeviceCredential, InvokeOrigin } from '../hub/contract';
import type { PgChainConsole } from './db/chain-console';
import type { PgConsoleDirectory } from './db/console-directory';
import type { readStorePage } from './db/console-store-page';
import type { PgStoreBusyMode } from './db/store-busy-mode';
import type { PgChainStaff } from './db/chain-staff';
import type { PgChainTrail } from './db/chain-trail';
import type { PgStoreRatings } from './db/store-ratings';
import type { PgChainReports } from './db/chain-reports';
import type { RushRows } from '../orders/rush-input';

/**
 * The chain server's seams (docs/chain-server.md): the hub role of a store (src-main/hub/) run as a
 * server a chain operates, several replicas on one PostgreSQL. PostgreSQL is the source of truth;
 * a replica keeps nothing that another replica could not rebuild from the database.
 *
 * The domain rules are the terminal's own (src-main/orders/): statuses only move forward
 * (`applyEvent`, `moveForward`), events are deduplicated by id, an action is settled by its event
 * (`settledByEvent`) or by the order visibly there (`settledByStatus`), and events are acknowledged
 * only after the commit that stored them. Every method is async and never leaves a transaction
 * open; failures are AppError values (`storage` for the database, `conflict` for a lost lease).
 */

/** One replica's hold on a credential's poller: at most one holder at a time, each holding numbered. */
export interface Leadership {
  /** Fencing token: grows with every new holder; writes made under an older token are refused. */
  token: number;
  holder: string;
  /** Database time (epoch ms) the hold ends unless renewed. */
  expiresAt: number;
}

/** Who polls and acknowledges for a credential: a lease row on the database's clock, with a fencing token. */
export interface PollerLease {
  /** Takes the lease when it is free or expired (or already ours); null when another replica holds it. */
  acquire(credential: string, holder: string, ttlMs: number): Promise<Leadership | null>;
  /** Extends our hold; null when it was lost (expired and taken, or the database unreachable). */
  renew(credential: string, holder: string, token: number, ttlMs: number): Promise<Leadership | null>;
  /** Gives the lease up at once (a clean stop), so another replica takes over without waiting for the expiry. */
  release(credential: string, holder: string, token: number): Promise<void>;
  /** The current holder, for metrics and the admin CLI. */
  current(credential: string): Promise<Leadership | null>;
}

/** What the poller's commit changed: what to push, and to which stores. */
export interface ChainIngestResult {
  /** Every readable event id of the batch now in the database (stored now, or a duplicate stored before): what may be acknowledged. */
  eventIds: string[];
  stored: number;
  duplicates: number;
  /** Orders changed, with their store: the NOTIFY payloads. */
  changed: { orderId: string; storeId: string | null }[];
  /**
   * Orders of the batch whose first detail is still missing, duplicates' orders included (the poller
   * fetches them, then `saveDetail`; the events of one it could not fetch yet are left unacknowledged
   * and come back, so the next batch must name it again).
   */
  needDetail: string[];
}

/** The orders of every store of the credential, in PostgreSQL. */
export interface ChainOrders {
  /**
   * Stores a polled batch in one transaction, fenced: refused with `conflict` (nothing written)
   * unless `token` is still the lease's current token. Duplicates (by event id) are counted, not stored.
   */
  ingest(events: readonly unknown[], fence: { credential: string; token: number }, polledAt: number): Promise<ChainIngestResult>;
  /** The detail as the platform returned it (kept whole), merged into the order's columns. */
  saveDetail(orderId: string, detail: unknown, at: number): Promise<{ storeId: string | null } | null>;
  /** The board of the given stores: open orders, and closed ones since `closedSince` (epoch ms). */
  board(storeIds: readonly string[], closedSince: number): Promise<BoardRow[]>;
  /** Rows of the given orders (a push after a change); orders of stores outside `storeIds` are left out. */
  rows(orderIds: readonly string[], storeIds: readonly string[]): Promise<BoardRow[]>;
  /** One order's drawer, or null when it is not one of `storeIds`'. */
  detail(orderId: string, storeIds: readonly string[]): Promise<OrderDetailView | null>;
  /** The store an order belongs to (null: unknown order). */
  storeOf(orderId: string): Promise<string | null>;
}

/** The credential's stores as a store terminal names them, and when the chain last polled. */
export interface ChainStores {
  /** The platform's list of stores, as a replica last read it (names change rarely; any replica may write it). */
  name(stores: readonly StoreListItem[]): Promise<void>;
  /** These stores, named where the platform named them (an unnamed one shows its id). */
  list(storeIds: readonly string[]): Promise<StoreListItem[]>;
  /** The last poll that committed for the credential (epoch ms, the poller's clock), whichever replica made it. */
  lastPollAt(credential: string): Promise<number | null>;
}

/** A queued staff action as the senders claim it. */
export interface ClaimedAction {
  id: number;
  orderId: string;
  storeId: string;
  action: ActInput['action'];
  payload: Record<string, unknown> | null;
  attempts: number;
  /** A previous claim ended without a recorded answer: look at the order before sending again. */
  answerLost: boolean;
}

/** The staff actions of every store, queued in PostgreSQL and sent by whichever replica claims them. */
export interface ChainOutbox {
  /**
   * Queues an action (state `queued`). The same `idempotencyKey` twice gives the first entry back
   * and queues nothing (a store terminal replaying what it queued offline); the same action of an
   * order already queued or sent also gives that entry back (two screens pressing at once).
   */
  enqueue(
    input: ActInput & { storeId: string; idempotencyKey: string; origin: InvokeOrigin | null },
    at: number,
  ): Promise<{ entry: OutboxEntry; created: boolean }>;
  /**
   * Claims up to `limit` due actions for `holder` until `now + claimMs` (`FOR UPDATE SKIP LOCKED`):
   * no two replicas ever hold the same row; an expired claim is claimable again, with `answerLost`.
   */
  claim(holder: string, limit: number, claimMs: number, now: number): Promise<ClaimedAction[]>;
  /**
   * The platform answered 202: `sent` (its event settles it; if none came by `checkAt`, the order is
   * read again then — claimOverdue). Only the claim's holder may record it.
   */
  sent(id: number, holder: string, at: number, checkAt: number): Promise<{ orderId: string; storeId: string } | null>;
  /**
   * Sent actions whose event is overdue, for `holder` to read their order again: each is taken by one
   * replica (`FOR UPDATE SKIP LOCKED`), and due again `checkMs` later if still unsettled.
   */
  claimOverdue(holder: string, limit: number, checkMs: number, now: number): Promise<(ClaimedAction & { sentAt: number })[]>;
  /** A failure that waiting cures: back to `queued`, due at `untilMs`. */
  retryLater(id: number, holder: string, untilMs: number, reason: unknown, at: number): Promise<void>;
  /** Settled without an event: refused (`failed`), too late (`expired`), or seen done (`confirmed`). */
  settle(
    id: number,
    holder: string,
    state: 'confirmed' | 'failed' | 'expired',
    reason: unknown,
    at: number,
  ): Promise<{ orderId: string; storeId: string } | null>;
  /** Queued and claimed actions, for metrics. */
  depth(): Promise<number>;
}

/** A store terminal paired to the server, and the stores a manager granted it. */
export interface ChainDevice extends Device {
  storeIds: string[];
}

/** Why an invite takes no more tries: none by that id, past its time, its tries used, or it already paired a device. */
export type InviteClosed = 'none' | 'expired' | 'ended' | 'used';

/** A device just paired: its row, and the credential it is given once (only the secret's hash is kept). */
export type PairedDevice = { ok: true; device: ChainDevice; credential: DeviceCredential };

/** The server's paired store terminals, shared by every replica. */
export interface ChainDevices {
  /** A one-time pairing code for a device of these stores (the manager's approval), valid `ttlMs`. */
  invite(
    input: { storeIds: string[]; name: string; kind: Device['kind'] },
    ttlMs: number,
    now: number,
  ): Promise<{ inviteId: string; code: string; expiresAt: number }>;
  /**
   * The invite a store terminal's hello is tried against: the open one (unexpired, unused, tries
   * left) whose code begins with `named` (the code's first two digits, which name it: several
   * invites may be in force at once), or without it the newest open one; null when none.
   */
  currentInvite(now: number, named?: string): Promise<string | null>;
  /**
   * A pairing's try of an invite (a PAKE's hello, on any replica): one try charged atomically in the
   * database, and the code to run the exchange with; closed once its tries are used.
   */
  chargeInvite(inviteId: string, now: number): Promise<{ ok: true; code: string; attemptsLeft: number } | { ok: false; closed: InviteClosed }>;
  /** The invite's one pairing (the exchange confirmed): the device registered with the invite's name, kind and stores. */
  useInvite(inviteId: string, now: number): Promise<PairedDevice | { ok: false; closed: InviteClosed }>;
  /** Both at once, for a pairing that sends the code itself (inside TLS): a try charged, the code compared in constant time. */
  redeem(inviteId: string, code: string, now: number): Promise<PairedDevice | { ok: false; reason: InviteClosed | 'wrong-code'; attemptsLeft: number }>;
  /** The device, when the credential is its own and not revoked; null otherwise. */
  verify(credential: DeviceCredential): Promise<ChainDevice | null>;
  touched(deviceId: string, at: number): Promise<void>;
  list(): Promise<ChainDevice[]>;
  revoke(deviceId: string, at: number): Promise<boolean>;
  grant(deviceId: string, storeIds: string[]): Promise<void>;
}

/** What replicas tell each other through the database (PostgreSQL LISTEN/NOTIFY). */
export type ChainNotice =
  | { kind: 'orders'; storeId: string | null; orderIds: string[] }
  | { kind: 'outbox'; storeId: string; orderId: string }
  /** A store action was written or changed (the chain's store outbox): screens of the store hear it, replicas wake to send it. */
  | { kind: 'store-action'; storeId: string; id: number }
  | { kind: 'device'; deviceId: string; change: 'revoked' | 'granted' };

export interface ChainBus {
  /** Sent after the commit they speak of (NOTIFY inside the transaction, or right after it), in order, at once. */
  publish(...notices: ChainNotice[]): Promise<void>;
  /** Every notice, from every replica this one included; resubscribes by itself after a lost connection. */
  subscribe(listener: (notice: ChainNotice) => void): () => void;
  /** A lost connection was re-established: listeners may have missed notices, re-read what they show. */
  onReconnected(listener: () => void): () => void;
}

/** The database behind a replica: chain-db's PostgreSQL implementations, opened and migrated. */
export interface ChainStore {
  lease: PollerLease;
  orders: ChainOrders;
  outbox: ChainOutbox;
  devices: ChainDevices;
  bus: ChainBus;
  stores: ChainStores;
  /** The chain's store outbox rows (claimed per replica: `holder`, for `claimMs`). */
  storeActions(claims: { holder: string; claimMs: number }): StoreActionsStorage;
  /** Store actions made later (a dish's comeback), handed to the store outbox by one replica (claimed likewise). */
  scheduledActions(claims: { holder: string; claimMs: number }): ScheduledActionsStorage;
  /** The promotions the stores' terminals created, with what the platform last said of each. */
  promotionStatuses: PromotionStatusStorage;
  /** The delivery-only orders the stores' terminals registered, each with its store. */
  deliveryOrders: DeliveryOrdersStorage;
  /** The manager console's sign-in, sessions, presence, wall, bulk actions and record (docs/chain-console.md). */
  console: PgChainConsole;
  /** The console's accounts and store groups. */
  directory: PgConsoleDirectory;
  /** Each store's rating from the platform's review summary, for the console's reports. */
  ratings: PgStoreRatings;
  /** A store's open orders and latest events, for the console's store page. */
  storePage: (storeId: string, now: number) => ReturnType<typeof readStorePage>;
  /** The console's reports: order facts kept up from the orders, read by store and period. */
  reports: PgChainReports;
  /** Each store's busy mode (on, minutes), set on the console's store page. */
  busyMode: PgStoreBusyMode;
  /** Each store's team and the trail (docs/staff.md, "On a chain"). */
  staff: PgChainStaff;
  trail: PgChainTrail;
  /** What the rush gauge reads of the stores' orders (open, and created since `since`), of `stores` (null: every store). */
  rushRows(since: number, stores: readonly string[] | null): Promise<RushRows>;
  /** Readiness: the database answers and its migrations are done; otherwise why not. */
  ready(): Promise<{ ok: true } | { ok: false; reason: string }>;
  close(): Promise<void>;
}
