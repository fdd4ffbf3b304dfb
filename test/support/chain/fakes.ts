import type { StoreListItem } from '../../../src-shared/wire/merchant';
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { AppError } from '../../../src-shared/errors';
import type { BoardRow, OrderDetailView, OutboxEntry } from '../../../src-shared/ipc/channels/orders';
import { readOrderEvent } from '../../../src-shared/wire/events';
import type { Clock } from '../../../src-main/base/clock';
import type {
  ChainBus,
  ChainDevice,
  ChainDevices,
  ChainIngestResult,
  ChainNotice,
  ChainOrders,
  ChainOutbox,
  ClaimedAction,
  InviteClosed,
  Leadership,
  PollerLease,
  ChainStores,
} from '../../../src-main/chain/contract';
import type { DeviceCredential } from '../../../src-main/hub/contract';
import { TRIES_PER_CODE } from '../../../src-main/hub/trust/pairing-code';
import { boardRow } from '../app/board-row';

/**
 * The chain's stores in memory, for the unit tests of what runs above them (leader, poller, outbox
 * sender, endpoint, pairing). They keep the contract's promises that those depend on — one lease
 * holder with a growing token, fenced ingest, dedupe by event id, claims no two holders share, one
 * entry per idempotency key, one-time invites — and let a test make any call fail (`failNext`).
 * The PostgreSQL implementations are tested against a real server (test/integration/chain-*).
 */

type Failures = Map<string, AppError[]>;

function failing(failures: Failures, method: string): void {
  const error = failures.get(method)?.shift();
  if (error) throw error;
}

function failNext(failures: Failures, method: string, ...errors: AppError[]): void {
  failures.set(method, [...(failures.get(method) ?? []), ...errors]);
}

export const storageDown = (): AppError => new AppError('storage', 'the database cannot be reached');

export class FakeLease implements PollerLease {
  row: { credential: string; holder: string; token: number; expiresAt: number } | null = null;
  private tokens = 0;
  readonly failures: Failures = new Map();
  calls: string[] = [];

  constructor(private readonly clock: Clock) {}

  failNext(method: keyof PollerLease, ...errors: AppError[]): void {
    failNext(this.failures, method, ...errors);
  }

  async acquire(credential: string, holder: string, ttlMs: number): Promise<Leadership | null> {
    this.calls.push(`acquire ${holder}`);
    failing(this.failures, 'acquire');
    const now = this.clock.now();
    if (this.row && this.row.expiresAt > now && this.row.holder !== holder) return null;
    if (!this.row || this.row.holder !== holder || this.row.expiresAt <= now) this.row = { credential, holder, token: ++this.tokens, expiresAt: 0 };
    this.row.expiresAt = now + ttlMs;
    return this.view();
  }

  async renew(_credential: string, holder: string, token: number, ttlMs: number): Promise<Leadership | null> {
    this.calls.push(`renew ${holder}`);
    failing(this.failures, 'renew');
    const now = this.clock.now();
    if (!this.row || this.row.holder !== holder || this.row.token !== token || this.row.expiresAt <= now) return null;
    this.row.expiresAt = now + ttlMs;
    return this.view();
  }

  async release(_credential: string, holder: string, token: number): Promise<void> {
    this.calls.push(`release ${holder}`);
    failing(this.failures, 'release');
    if (this.row?.holder === holder && this.row.token === token) this.row.expiresAt = 0;
  }

  async current(): Promise<Leadership | null> {
    return this.row && this.row.expiresAt > this.clock.now() ? this.view() : null;
  }

  /** The hold as another replica would take it after ours expired. */
  steal(holder: string): void {
    this.row = { credential: this.row?.credential ?? 'c', holder, token: ++this.tokens, expiresAt: this.clock.now() + 60_000 };
  }

  private view(): Leadership {
    const { token, holder, expiresAt } = this.row!;
    return { token, holder, expiresAt };
  }
}

interface FakeOrder {
  id: string;
  storeId: string | null;
  status: string;
  detail: unknown;
}

export class FakeOrders implements ChainOrders {
  readonly orders = new Map<string, FakeOrder>();
  readonly events = new Set<string>();
  readonly failures: Failures = new Map();
  /** Token of each ingest that committed. */
  committed: number[] = [];

  constructor(private readonly lease: FakeLease) {}

  failNext(method: keyof ChainOrders, ...errors: AppError[]): void {
    failNext(this.failures, method, ...errors);
  }

  async ingest(events: readonly unknown[], fence: { credential: string; token: number }): Promise<ChainIngestResult> {
    failing(this.failures, 'ingest');
    if (this.lease.row?.token !== fence.token) throw new AppError('conflict', 'the lease moved on: this write is fenced out');
    const result: ChainIngestResult = { eventIds: [], stored: 0, duplicates: 0, changed: [], needDetail: [] };
    const batch = new Set<string>();
    for (const value of events) {
      const event = readOrderEvent(value);
      if (!event) continue;
      result.eventIds.push(event.id);
      if (event.orderId) batch.add(event.orderId);
      if (this.events.has(event.id)) {
        result.duplicates++;
        continue;
      }
      this.events.add(event.id);
      result.stored++;
      if (!event.orderId) continue;
      const order = this.orders.get(event.orderId) ?? { id: event.orderId, storeId: event.merchantId ?? null, status: 'PLACED', detail: null };
      if (event.fullCode && event.fullCode !== 'PLACED') order.status = event.fullCode;
      this.orders.set(order.id, order);
      result.changed.push({ orderId: order.id, storeId: order.storeId });
    }
    result.needDetail = [...batch].filter((id) => this.orders.get(id)?.detail === null);
    this.committed.push(fence.token);
    return result;
  }

  async saveDetail(orderId: string, detail: unknown): Promise<{ storeId: string | null } | null> {
    failing(this.failures, 'saveDetail');
    const order = this.orders.get(orderId);
    if (!order) return null;
    order.detail = detail;
    return { storeId: order.storeId };
  }

  async board(storeIds: readonly string[]): Promise<BoardRow[]> {
    failing(this.failures, 'board');
    return [...this.orders.values()].filter((o) => o.storeId !== null && storeIds.includes(o.storeId)).map(rowOf);
  }

  async rows(orderIds: readonly string[], storeIds: readonly string[]): Promise<BoardRow[]> {
    failing(this.failures, 'rows');
    return (await this.board(storeIds)).filter((row) => orderIds.includes(row.id));
  }

  async detail(orderId: string, storeIds: readonly string[]): Promise<OrderDetailView | null> {
    failing(this.failures, 'detail');
    const order = this.orders.get(orderId);
    if (!order?.storeId || !storeIds.includes(order.storeId)) return null;
    return {
      row: rowOf(order),
      order: null,
      detailFetchedAt: null,
      events: [],
      actions: [],
      tracking: null,
      requests: { disputes: [], addressChanges: [], driverRequest: null, wrongDeliveryCodes: 0, deliveryCodeVerified: false },
    };
  }

  async storeOf(orderId: string): Promise<string | null> {
    failing(this.failures, 'storeOf');
    return this.orders.get(orderId)?.storeId ?? null;
  }

  /** An order already stored, as a test's starting point. */
  put(id: string, storeId: string, status = 'PLACED'): void {
    this.orders.set(id, { id, storeId, status, detail: {} });
  }
}

function rowOf(order: FakeOrder): BoardRow {
  return boardRow(order.id, Date.parse('2026-11-24T15:00:00Z'), {
    status: order.status as BoardRow['status'],
    merchantId: order.storeId,
    detailMissing: order.detail === null,
  });
}

interface FakeAction extends ClaimedAction {
  key: string;
  state: OutboxEntry['state'];
  holder: string | null;
  claimedUntil: number;
  dueAt: number;
  answered: boolean;
  reason: unknown;
  sentAt?: number;
}

export class FakeOutbox implements ChainOutbox {
  readonly rows: FakeAction[] = [];
  readonly failures: Failures = new Map();

  failNext(method: keyof ChainOutbox, ...errors: AppError[]): void {
    failNext(this.failures, method, ...errors);
  }

  async enqueue(input: Parameters<ChainOutbox['enqueue']>[0], at: number): Promise<{ entry: OutboxEntry; created: boolean }> {
    failing(this.failures, 'enqueue');
    const same =
      this.rows.find((r) => r.key === input.idempotencyKey) ??
      this.rows.find((r) => r.orderId === input.orderId && r.action === input.action && (r.state === 'queued' || r.state === 'sent'));
    if (same) return { entry: entryOf(same, at), created: false };
    const row: FakeAction = {
      id: this.rows.length + 1,
      orderId: input.orderId,
      storeId: input.storeId,
      action: input.action,
      payload: 'payload' in input ? (input.payload as Record<string, unknown>) : null,
      attempts: 0,
      answerLost: false,
      key: input.idempotencyKey,
      state: 'queued',
      holder: null,
      claimedUntil: 0,
      dueAt: at,
      answered: true,
      reason: null,
    };
    this.rows.push(row);
    return { entry: entryOf(row, at), created: true };
  }

  async claim(holder: string, limit: number, claimMs: number, now: number): Promise<ClaimedAction[]> {
    failing(this.failures, 'claim');
    const due = this.rows.filter((r) => r.state === 'queued' && r.dueAt <= now && r.claimedUntil <= now).slice(0, limit);
    return due.map((r) => {
      r.answerLost = r.holder !== null && !r.answered;
      r.holder = holder;
      r.claimedUntil = now + claimMs;
      r.answered = false;
      const claimed: ClaimedAction = {
        id: r.id,
        orderId: r.orderId,
        storeId: r.storeId,
        action: r.action,
        payload: r.payload,
        attempts: r.attempts,
        answerLost: r.answerLost,
      };
      r.attempts++;
      return claimed;
    });
  }

  private held(id: number, holder: string): FakeAction | undefined {
    const row = this.rows.find((r) => r.id === id);
    return row && row.holder === holder && !row.answered ? row : undefined;
  }

  async sent(id: number, holder: string, at: number, checkAt: number): Promise<{ orderId: string; storeId: string } | null> {
    failing(this.failures, 'sent');
    const row = this.held(id, holder);
    if (!row) return null;
    Object.assign(row, { state: 'sent', answered: true, claimedUntil: 0, dueAt: checkAt, sentAt: at });
    return { orderId: row.orderId, storeId: row.storeId };
  }

  async claimOverdue(holder: string, limit: number, checkMs: number, now: number): Promise<(ClaimedAction & { sentAt: number })[]> {
    failing(this.failures, 'claimOverdue');
    return this.rows
      .filter((r) => r.state === 'sent' && r.dueAt <= now)
      .slice(0, limit)
      .map((r) => {
        Object.assign(r, { holder, answered: false, dueAt: now + checkMs });
        return {
          id: r.id,
          orderId: r.orderId,
          storeId: r.storeId,
          action: r.action,
          payload: r.payload,
          attempts: r.attempts,
          answerLost: false,
          sentAt: r.sentAt ?? now,
        };
      });
  }

  async retryLater(id: number, holder: string, untilMs: number, reason: unknown): Promise<void> {
    failing(this.failures, 'retryLater');
    const row = this.held(id, holder);
    if (row) Object.assign(row, { state: 'queued', answered: true, claimedUntil: 0, dueAt: untilMs, reason });
  }

  async settle(id: number, holder: string, state: 'confirmed' | 'failed' | 'expired', reason: unknown): Promise<{ orderId: string; storeId: string } | null> {
    failing(this.failures, 'settle');
    const row = this.held(id, holder);
    if (!row) return null;
    Object.assign(row, { state, answered: true, claimedUntil: 0, reason });
    return { orderId: row.orderId, storeId: row.storeId };
  }

  async depth(): Promise<number> {
    return this.rows.filter((r) => r.state === 'queued').length;
  }
}

function entryOf(row: FakeAction, at: number): OutboxEntry {
  const time = new Date(at).toISOString();
  return {
    id: row.id,
    orderId: row.orderId,
    action: row.action,
    payload: row.payload,
    state: row.state,
    attempts: row.attempts,
    createdAt: time,
    updatedAt: time,
    nextAttemptAt: null,
    reason: null,
    actor: 'staff',
    origin: null,
  };
}

interface FakeInvite {
  id: string;
  code: string;
  storeIds: string[];
  name: string;
  kind: ChainDevice['kind'];
  expiresAt: number;
  tries: number;
  used: boolean;
}

export class FakeDevices implements ChainDevices {
  readonly devices = new Map<string, ChainDevice & { secretHash: string }>();
  readonly invites: FakeInvite[] = [];
  readonly failures: Failures = new Map();

  failNext(method: keyof ChainDevices, ...errors: AppError[]): void {
    failNext(this.failures, method, ...errors);
  }

  async invite(input: { storeIds: string[]; name: string; kind: ChainDevice['kind'] }, ttlMs: number, now: number) {
    failing(this.failures, 'invite');
    const invite: FakeInvite = {
      id: randomUUID(),
      // As the database's: eight digits, the first two free among the invites in force.
      code: `${this.freePrefix(now)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`,
      ...input,
      expiresAt: now + ttlMs,
      tries: 0,
      used: false,
    };
    this.invites.push(invite);
    return { inviteId: invite.id, code: invite.code, expiresAt: invite.expiresAt };
  }

  private freePrefix(now: number): string {
    const taken = new Set(this.invites.filter((i) => this.closed(i, now) === null).map((i) => i.code.slice(0, 2)));
    const free = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')).filter((p) => !taken.has(p));
    return free[randomInt(free.length)] ?? '00';
  }

  private closed(invite: FakeInvite | undefined, now: number): InviteClosed | null {
    if (!invite) return 'none';
    if (invite.used) return 'used';
    if (now >= invite.expiresAt) return 'expired';
    if (invite.tries >= TRIES_PER_CODE) return 'ended';
    return null;
  }

  async currentInvite(now: number, named?: string): Promise<string | null> {
    failing(this.failures, 'currentInvite');
    return [...this.invites].reverse().find((i) => this.closed(i, now) === null && (named === undefined || i.code.startsWith(named)))?.id ?? null;
  }

  async chargeInvite(inviteId: string, now: number) {
    failing(this.failures, 'chargeInvite');
    const invite = this.invites.find((i) => i.id === inviteId);
    const closed = this.closed(invite, now);
    if (closed || !invite) return { ok: false as const, closed: closed ?? 'none' };
    invite.tries++;
    return { ok: true as const, code: invite.code, attemptsLeft: TRIES_PER_CODE - invite.tries };
  }

  async useInvite(inviteId: string, now: number) {
    failing(this.failures, 'useInvite');
    const invite = this.invites.find((i) => i.id === inviteId);
    const closed = invite && !invite.used && now < invite.expiresAt ? null : (this.closed(invite, now) ?? 'none');
    if (closed || !invite) return { ok: false as const, closed: closed ?? 'none' };
    invite.used = true;
    return { ok: true as const, ...this.add(invite.storeIds, invite.name, invite.kind, now) };
  }

  async redeem(inviteId: string, code: string, now: number) {
    const charge = await this.chargeInvite(inviteId, now);
    if (!charge.ok) return { ok: false as const, reason: charge.closed, attemptsLeft: 0 };
    if (this.invites.find((i) => i.id === inviteId)?.code !== code)
      return { ok: false as const, reason: 'wrong-code' as const, attemptsLeft: charge.attemptsLeft };
    const used = await this.useInvite(inviteId, now);
    return used.ok ? used : { ok: false as const, reason: used.closed, attemptsLeft: 0 };
  }

  /** A paired device, as a test's starting point. */
  add(storeIds: string[], name = 'Balcão', kind: ChainDevice['kind'] = 'counter', now = 0): { device: ChainDevice; credential: DeviceCredential } {
    const credential = { deviceId: randomUUID(), secret: randomBytes(32).toString('base64url') };
    const device: ChainDevice = { id: credential.deviceId, name, kind, pairedAt: now, lastContactAt: null, revokedAt: null, storeIds: [...storeIds] };
    this.devices.set(device.id, { ...device, secretHash: hash(credential.secret) });
    return { device, credential };
  }

  async verify(credential: DeviceCredential): Promise<ChainDevice | null> {
    failing(this.failures, 'verify');
    const found = this.devices.get(credential.deviceId);
    if (!found || found.revokedAt !== null || found.secretHash !== hash(credential.secret)) return null;
    const { secretHash: _, ...device } = found;
    return device;
  }

  async touched(deviceId: string, at: number): Promise<void> {
    const found = this.devices.get(deviceId);
    if (found) found.lastContactAt = at;
  }

  async list(): Promise<ChainDevice[]> {
    failing(this.failures, 'list');
    return [...this.devices.values()].map(({ secretHash: _, ...device }) => ({ ...device, storeIds: [...device.storeIds] }));
  }

  async revoke(deviceId: string, at: number): Promise<boolean> {
    const found = this.devices.get(deviceId);
    if (!found || found.revokedAt !== null) return false;
    found.revokedAt = at;
    return true;
  }

  async grant(deviceId: string, storeIds: string[]): Promise<void> {
    const found = this.devices.get(deviceId);
    if (found) found.storeIds = [...storeIds];
  }
}

function hash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** One bus shared by the "replicas" of a test: every notice reaches every subscriber, after the publisher's await. */
export class FakeBus implements ChainBus {
  readonly published: ChainNotice[] = [];
  private readonly listeners = new Set<(notice: ChainNotice) => void>();
  private readonly reconnected = new Set<() => void>();

  async publish(...notices: ChainNotice[]): Promise<void> {
    this.published.push(...notices);
    queueMicrotask(() => {
      for (const notice of notices) for (const listener of [...this.listeners]) listener(notice);
    });
  }

  subscribe(listener: (notice: ChainNotice) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onReconnected(listener: () => void): () => void {
    this.reconnected.add(listener);
    return () => this.reconnected.delete(listener);
  }

  /** The connection came back: listeners may have missed notices. */
  reconnect(): void {
    for (const listener of [...this.reconnected]) listener();
  }
}

/** The stores' names and the last poll, in memory. */
export class FakeStores implements ChainStores {
  readonly named = new Map<string, StoreListItem>();
  lastPoll: number | null = null;

  async name(stores: readonly StoreListItem[]): Promise<void> {
    for (const store of stores) this.named.set(store.id, store);
  }

  async list(storeIds: readonly string[]): Promise<StoreListItem[]> {
    return storeIds.map((id) => this.named.get(id) ?? { id, name: id, corporateName: id });
  }

  async lastPollAt(): Promise<number | null> {
    return this.lastPoll;
  }
}

/** A chain's context with no staff: a test of other features that never reaches a team (a call to one fails in words). */
export const noStaffOnChain = {
  staff: {
    team: (): never => {
      throw new AppError('internal', 'this test has no staff on its chain');
    },
  },
  trail: { of: () => ({ add: () => {}, latest: async () => [] }), latest: async () => [], ofOrder: async () => [] },
};
