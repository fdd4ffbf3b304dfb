import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import type { ActInput, OutboxEntry } from '../../../src-shared/ipc/channels/orders';
import type { StoreActionEntry } from '../../../src-shared/ipc/channels/store-actions';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import { ManualClock } from '../../../src-main/base/clock';
import { ScreenOutboxDb } from '../../../src-main/db/screen-outbox/screen-outbox-db';
import { QUEUED_ON_SCREEN, ScreenOutbox } from '../../../src-main/hub/screen-queue/screen-outbox';
import { SyncService } from '../../../src-main/sync/sync-service';
import { FakeGateway, memoryStore, silentLogger } from '../../support/sync/fakes';

/**
 * A screen of a chain's server keeps working when the internet is bad (hub/screen-queue): an order
 * action made while the server is out of reach waits in the screen's own SQLite file with an
 * idempotency key, and is sent once, in order, when the link is back. The server here is a store's
 * hub's real orders outbox (real SQLite, in memory), which answers a known key with its first entry:
 * a resend after a lost answer makes no second action.
 */

const HUB = 'server-hub-id-1';
const folders: string[] = [];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The server's side: a real orders outbox behind `orders:act`, every call's key kept. */
function server() {
  const clock = new ManualClock();
  const gateway = new FakeGateway(clock);
  const store = memoryStore();
  const sync = new SyncService({ db: store, gateway, clock, logger: silentLogger, pollIntervalMs: 30_000, random: () => 0.5 });
  const calls: ActInput[] = [];
  /** Set: the next call lands at the server, but its answer is lost on the way back. */
  let loseNextAnswer = false;
  /** Set: the next call is refused as the server says. */
  let refuseNext: AppError | null = null;
  const act = async (input: ActInput): Promise<IpcResult<OutboxEntry>> => {
    calls.push(input);
    if (refuseNext) {
      const error = refuseNext;
      refuseNext = null;
      return { ok: false, error: error.toInfo() };
    }
    const entry = sync.outbox.enqueue(input);
    if (loseNextAnswer) {
      loseNextAnswer = false;
      return { ok: false, error: { code: 'connection', message: 'the link dropped before the answer' } };
    }
    return { ok: true, value: entry };
  };
  /** The server's store levers: one action per key (the chain's store outbox), the pauses it made. */
  const leverCalls: { channel: string; input: Record<string, unknown> }[] = [];
  const byKey = new Map<string, unknown>();
  const lever = async (channel: string, raw: unknown): Promise<IpcResult<unknown>> => {
    const input = raw as Record<string, unknown>;
    leverCalls.push({ channel, input });
    if (refuseNext) {
      const error = refuseNext;
      refuseNext = null;
      return { ok: false, error: error.toInfo() };
    }
    const key = String(input.idempotencyKey);
    if (!byKey.has(key)) byKey.set(key, { outcome: 'created', interruption: { id: `pause-${byKey.size + 1}`, description: input.description } });
    if (loseNextAnswer) {
      loseNextAnswer = false;
      return { ok: false, error: { code: 'connection', message: 'the link dropped before the answer' } };
    }
    return { ok: true, value: byKey.get(key) };
  };
  return {
    clock,
    gateway,
    store,
    sync,
    calls,
    act,
    lever,
    leverCalls,
    pausesMade: () => byKey.size,
    loseNextAnswer: () => void (loseNextAnswer = true),
    refuseNext: (error: AppError) => void (refuseNext = error),
    async placed(): Promise<string> {
      const id = gateway.place({});
      await sync.poller.round();
      return id;
    },
  };
}

/** A screen's outbox on `dataDir` (a file, so a restart reads what waited), its link up or down as the test says. */
function screen(srv: ReturnType<typeof server>, dataDir = mkdtempSync(join(tmpdir(), 'st-screen-outbox-'))) {
  folders.push(dataDir);
  const clock = new ManualClock(srv.clock.now());
  const db = ScreenOutboxDb.open(dataDir);
  let up = false;
  const reconnected = new Set<() => void>();
  const changed: OutboxEntry[] = [];
  const levers: StoreActionEntry[] = [];
  const outbox = new ScreenOutbox({
    db,
    hubId: HUB,
    send: (input) => srv.act(input),
    linkUp: () => up,
    reconnects: { onReconnect: (listener) => (reconnected.add(listener), () => reconnected.delete(listener)) },
    changed: (entry) => changed.push(entry),
    invoke: (channel, input) => srv.lever(channel, input),
    leverChanged: (entry) => levers.push(entry),
    clock,
    logger: silentLogger,
    backoff: { baseMs: 1_000, maxMs: 30_000, jitter: 0 },
  });
  return {
    dataDir,
    clock,
    db,
    outbox,
    changed,
    levers,
    down: () => void (up = false),
    back: () => {
      up = true;
      for (const listener of reconnected) listener();
    },
    up: () => void (up = true),
    close: async () => {
      await outbox.stop();
      db.close();
    },
  };
}

const confirmsSent = (srv: ReturnType<typeof server>): number => srv.gateway.count('act');

describe("the screen outbox of a chain server's screen", () => {
  it('an action made while the server is out of reach waits here with a key, then goes once when the link is back', async () => {
    const srv = server();
    const id = await srv.placed();
    const s = screen(srv);
    const entry = await s.outbox.act({ orderId: id, action: 'confirm' });
    assert.equal(entry.state, 'queued');
    assert.ok(entry.id < 0, "an entry of this screen, never one of the server's ids");
    assert.equal(entry.reason?.reason, QUEUED_ON_SCREEN);
    assert.equal(srv.calls.length, 0, 'nothing sent while the link is down');
    assert.deepEqual(
      s.changed.map((e) => [e.id, e.state]),
      [[entry.id, 'queued']],
      "the screen's windows hear it waits",
    );
    assert.equal(s.outbox.waiting(), 1);
    // A round while still down: it waits, unsent.
    await s.outbox.tick();
    assert.equal(srv.calls.length, 0);

    s.back();
    await s.outbox.tick();
    assert.equal(srv.calls.length, 1);
    const key = srv.calls[0]?.idempotencyKey;
    assert.match(key ?? '', /^[0-9a-f-]{36}$/, 'sent with its idempotency key');
    assert.equal(s.outbox.waiting(), 0);
    await srv.sync.outbox.tick();
    assert.equal(confirmsSent(srv), 1);
    assert.equal(srv.store.outbox.forOrder(id).length, 1);
    // Answered now with the server's own entry.
    const again = await s.outbox.act({ orderId: id, action: 'confirm', idempotencyKey: key });
    assert.ok(again.id > 0);
    assert.equal(srv.calls.length, 1, 'a key already answered is answered here');
    await s.close();
  });

  it("a replay after a lost answer sends the same key, and the hub's outbox answers its first entry: one confirm", async () => {
    const srv = server();
    const id = await srv.placed();
    const s = screen(srv);
    s.up();
    srv.loseNextAnswer();
    const entry = await s.outbox.act({ orderId: id, action: 'confirm' });
    assert.equal(entry.state, 'queued', 'no answer came: it waits on this screen');
    assert.equal(srv.calls.length, 1);
    assert.equal(srv.store.outbox.forOrder(id).length, 1, 'but it reached the server');

    await s.clock.advance(1_000);
    await s.outbox.tick();
    assert.equal(srv.calls.length, 2);
    assert.equal(srv.calls[1]?.idempotencyKey, srv.calls[0]?.idempotencyKey, 'the same key, again');
    assert.equal(srv.store.outbox.forOrder(id).length, 1, 'the server made no second action');
    await srv.sync.outbox.tick();
    await srv.sync.outbox.tick();
    assert.equal(confirmsSent(srv), 1, 'one confirm reached the platform');
    assert.equal(s.outbox.waiting(), 0);
    await s.close();
  });

  it("with the link up, the server's entry is the answer at once", async () => {
    const srv = server();
    const id = await srv.placed();
    const s = screen(srv);
    s.up();
    const entry = await s.outbox.act({ orderId: id, action: 'confirm' });
    assert.ok(entry.id > 0);
    assert.equal(entry.state, 'queued', "queued in the server's outbox, as a store's hub answers");
    assert.equal(entry.reason, null);
    assert.equal(s.changed.length, 0, "nothing of this screen's to tell");
    await s.close();
  });

  it("a second press while one waits answers the one waiting; an order's actions go in the order they were made", async () => {
    const srv = server();
    const id = await srv.placed();
    const other = await srv.placed();
    const s = screen(srv);
    const first = await s.outbox.act({ orderId: id, action: 'confirm' });
    assert.deepEqual(await s.outbox.act({ orderId: id, action: 'confirm' }), first);
    await s.outbox.act({ orderId: other, action: 'confirm' });
    await s.outbox.act({ orderId: id, action: 'startPreparation' });
    assert.equal(s.outbox.waiting(), 3);
    s.back();
    for (let i = 0; i < 4 && s.outbox.waiting() > 0; i++) await s.outbox.tick();
    assert.deepEqual(
      srv.calls.map((c) => [c.orderId, c.action]),
      [
        [id, 'confirm'],
        [other, 'confirm'],
        [id, 'startPreparation'],
      ],
    );
    await s.close();
  });

  it('a screen restarted with actions waiting sends them once, with the keys they were made with', async () => {
    const srv = server();
    const id = await srv.placed();
    const first = screen(srv);
    await first.outbox.act({ orderId: id, action: 'confirm' });
    const key = first.db.read(() => first.db.actions.get(1))?.idempotency_key;
    assert.ok(key);
    await first.close();

    const second = screen(srv, first.dataDir);
    assert.equal(second.outbox.waiting(), 1, 'what waited is on disk');
    second.back();
    await second.outbox.tick();
    await second.outbox.tick();
    assert.deepEqual(
      srv.calls.map((c) => c.idempotencyKey),
      [key],
    );
    await srv.sync.outbox.tick();
    assert.equal(confirmsSent(srv), 1);
    await second.close();
    const third = screen(srv, first.dataDir);
    third.back();
    await third.outbox.tick();
    assert.equal(srv.calls.length, 1, 'a second restart sends nothing more');
    await third.close();
  });

  it('an action the server refuses shows as the server said, and the wait is over', async () => {
    const srv = server();
    const id = await srv.placed();
    const s = screen(srv);
    const entry = await s.outbox.act({ orderId: id, action: 'confirm' });
    srv.refuseNext(new AppError('forbidden', 'this screen is not granted this store'));
    s.back();
    const drained = s.outbox.drained(new AbortController().signal);
    await s.outbox.tick();
    await drained;
    const told = s.changed.at(-1);
    assert.equal(told?.id, entry.id);
    assert.equal(told?.state, 'failed');
    assert.equal(told?.reason?.code, 'forbidden');
    await s.close();
  });

  it('a confirm past its deadline, sent when the link is back, comes back expired from the server', async () => {
    const srv = server();
    const id = await srv.placed();
    const s = screen(srv);
    await s.outbox.act({ orderId: id, action: 'confirm' });
    // The link comes back nine minutes later: the server's outbox says what is left of the confirm.
    await srv.clock.advance(9 * 60_000);
    s.back();
    await s.outbox.tick();
    assert.equal(srv.calls.length, 1);
    const [row] = srv.store.outbox.forOrder(id);
    assert.equal(row?.state, 'expired');
    assert.equal(confirmsSent(srv), 0);
    await s.close();
  });
});

describe("a chain server's screen keeps its store's levers", () => {
  const STORE = '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61';
  const pause = { merchantId: STORE, description: 'Cozinha lotada', end: '2026-11-24T16:00:00.000Z' };

  it('a pause made while the server is out of reach waits here, answered as waiting, and reaches the server once with its key', async () => {
    const srv = server();
    const s = screen(srv);
    const answer = (await s.outbox.lever('stores:pause', pause)) as { outcome: string; action: StoreActionEntry };
    assert.equal(answer.outcome, 'queued');
    assert.ok(answer.action.id < 0, "this screen's entry");
    assert.equal(answer.action.kind, 'pause');
    assert.equal(answer.action.subject, 'Cozinha lotada');
    assert.equal(answer.action.reason?.reason, QUEUED_ON_SCREEN);
    assert.match(answer.action.key ?? '', /^[0-9a-f-]{36}$/);
    assert.equal(srv.leverCalls.length, 0, 'nothing sent while the link is down');
    assert.deepEqual(
      s.levers.map((e) => [e.kind, e.state]),
      [['pause', 'queued']],
      "the store's list hears it waits",
    );

    s.back();
    srv.loseNextAnswer(); // the first try lands, its answer is lost on the way back
    await s.outbox.tick();
    assert.equal(s.outbox.waiting(), 1, 'still waiting: no answer came');
    s.clock.advance(5_000);
    await s.outbox.tick();
    assert.equal(srv.leverCalls.length, 2, 'sent again');
    assert.deepEqual(
      srv.leverCalls.map((c) => c.input.idempotencyKey),
      [answer.action.key, answer.action.key],
      'with the same key',
    );
    assert.equal(srv.pausesMade(), 1, 'one pause');
    assert.equal(s.outbox.waiting(), 0);
    const last = s.levers.at(-1);
    assert.equal(last?.state, 'done', 'the list hears it went');
    assert.equal(last?.key, answer.action.key, 'the same line as the press');
    await s.close();
  });

  it("with the link up the server's answer comes at once; a refusal is the server's words", async () => {
    const srv = server();
    const s = screen(srv);
    s.back();
    assert.deepEqual(await s.outbox.lever('stores:pause', pause), { outcome: 'created', interruption: { id: 'pause-1', description: 'Cozinha lotada' } });
    srv.refuseNext(new AppError('forbidden', 'this store is not one this device was granted'));
    await assert.rejects(
      s.outbox.lever('menu:setItemStatus', { merchantId: STORE, itemId: 'x-burger', status: 'UNAVAILABLE' }),
      (e: AppError) => e.code === 'forbidden',
    );
    assert.equal(s.outbox.waiting(), 0);
    await s.close();
  });
});

describe("a store hub's orders outbox and idempotency keys", () => {
  it('a second enqueue with a known key returns the first entry and sends nothing more', async () => {
    const srv = server();
    const id = await srv.placed();
    const key = '7f1d3c9a-2b4e-4c6f-8a1b-9d0e2f3a4b5c';
    const first = srv.sync.outbox.enqueue({ orderId: id, action: 'confirm', idempotencyKey: key });
    await srv.sync.outbox.tick();
    await srv.sync.poller.round();
    const again = srv.sync.outbox.enqueue({ orderId: id, action: 'confirm', idempotencyKey: key });
    assert.equal(again.id, first.id);
    assert.equal(again.state, 'confirmed', 'the first entry as it stands now');
    assert.equal(srv.store.outbox.forOrder(id).length, 1);
    await srv.sync.outbox.tick();
    assert.equal(confirmsSent(srv), 1);
    assert.equal(srv.store.outbox.byKey(key)?.id, first.id);
  });

  it('the same key on another action is refused, not taken for a resend', async () => {
    const srv = server();
    const id = await srv.placed();
    const key = '0b7c2d4e-6f8a-4b1c-9d2e-3f4a5b6c7d8e';
    srv.sync.outbox.enqueue({ orderId: id, action: 'confirm', idempotencyKey: key });
    assert.throws(
      () => srv.sync.outbox.enqueue({ orderId: id, action: 'dispatch', idempotencyKey: key }),
      (e: unknown) => e instanceof AppError && e.code === 'conflict',
    );
  });
});
