import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { PauseOutcome } from '../../../src-shared/ipc/channels/stores';
import type { Interruption } from '../../../src-shared/wire/merchant';
import { StoreOutboxDb } from '../../../src-main/db/store-outbox/store-outbox-db';
import { storeSenders } from '../../../src-main/features/stores/senders';
import { StoreOutbox } from '../../../src-main/sync/store-outbox';
import type { ErrorInfo } from '../../../src-shared/errors';
import type { ChannelName, ChannelOutput, IpcResult } from '../../../src-shared/ipc/contract';
import type { StoreStatusSnapshot } from '../../../src-shared/ipc/channels/stores';
import { IpcDispatcher, type Handlers } from '../../../src-main/ipc/dispatcher';
import { storeHandlers } from '../../../src-main/features/stores/handlers';
import { checkinHandlers } from '../../../src-main/features/checkin/handlers';
import { LastKnownStores } from '../../../src-main/merchant/last-known-stores';
import { silentLogger } from '../../../src-main/base/log';
import { CheckinSheets } from '../../../src-main/print/checkin';
import { StoreStatusMonitor } from '../../../src-main/merchant/status-monitor';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { connectApi, type ConnectedApi } from '../../support/app/api-client';
import { withSandbox } from '../../support/sandbox/sandbox';
import { testClock } from '../../support/clock';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;
const MIN = 60_000;

/**
 * The merchant channels as the renderer calls them (through the dispatcher, so every input
 * and output is checked against the contract), over the real client, against a real sandbox.
 */
describe('merchant channels ↔ sandbox', () => {
  let sandbox: Sandbox;
  let api: ConnectedApi;
  let monitor: StoreStatusMonitor;
  let ipc: IpcDispatcher;
  const dataDir = mkdtempSync(join(tmpdir(), 'st-store-ops-'));
  const pushed: StoreStatusSnapshot[] = [];
  const clock = testClock();

  async function call<C extends ChannelName>(channel: C, input: unknown): Promise<IpcResult<ChannelOutput<C>>> {
    return (await ipc.invoke(channel, input)) as IpcResult<ChannelOutput<C>>;
  }
  async function value<C extends ChannelName>(channel: C, input: unknown): Promise<ChannelOutput<C>> {
    const result = await call(channel, input);
    if (!result.ok) assert.fail(`${channel} failed: ${JSON.stringify(result.error)}`);
    return result.value;
  }
  async function failure(channel: ChannelName, input: unknown): Promise<ErrorInfo> {
    const result = await call(channel, input);
    if (result.ok) assert.fail(`${channel} should have failed`);
    return result.error;
  }
  /** The next pushed snapshot of a store that satisfies `test` (the recheck after a change). */
  function nextPush(merchantId: string, test: (s: StoreStatusSnapshot) => boolean): Promise<StoreStatusSnapshot> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no push')), 5_000);
      const off = monitor.onChange((s) => {
        if (s.merchantId === merchantId && test(s)) {
          clearTimeout(timer);
          off();
          resolve(s);
        }
      });
    });
  }
  /** The pause a call made at once (online, these tests expect no queue). */
  const created = (outcome: PauseOutcome): Interruption => {
    assert.equal(outcome.outcome, 'created', JSON.stringify(outcome));
    return (outcome as Extract<PauseOutcome, { outcome: 'created' }>).interruption;
  };
  /** The platform counts a store as connected while its app polls events (spec §6). */
  const keepConnected = () => api.order.pollEvents();

  before(async () => {
    sandbox = await withSandbox();
    api = await connectApi(sandbox.url);
    // Rounds every hour: these tests drive reads themselves (fresh status, rechecks after changes).
    monitor = new StoreStatusMonitor({ merchant: api.merchant, clock, logger: silentLogger, intervalMs: 3_600_000 });
    monitor.onChange((s) => pushed.push(s));
    const sheets = new CheckinSheets({ merchant: api.merchant, clock, logger: silentLogger, dataDir });
    const lastKnown = new LastKnownStores(dataDir, silentLogger);
    const actions = new StoreOutbox({ db: StoreOutboxDb.open(':memory:'), clock, logger: silentLogger });
    actions.register(storeSenders(api.merchant, monitor));
    const handlers = { ...storeHandlers({ merchant: api.merchant, lastKnown, monitor, clock, actions }), ...checkinHandlers({ sheets }) };
    ipc = new IpcDispatcher(handlers as unknown as Handlers, silentLogger);
    await keepConnected();
  });
  after(async () => {
    await monitor.stop();
    await api.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores:status reads a store fresh: every operation × channel with its validations', async () => {
    const board = await value('stores:status', { merchantId: DEMO_RESTAURANT_ID, fresh: true });
    assert.equal(board.intervalSeconds, 3600);
    const cantina = board.stores.find((s) => s.merchantId === DEMO_RESTAURANT_ID);
    assert.ok(cantina);
    assert.equal(cantina.summary, 'open', JSON.stringify(cantina.entries.map((e) => [e.operation, e.state])));
    assert.equal(cantina.error, null);
    assert.deepEqual(cantina.entries.map((e) => `${e.operation}/${e.salesChannel}`).sort(), [
      'DELIVERY/MARKETPLACE',
      'DELIVERY/WHATSAPP',
      'TAKEOUT/MARKETPLACE',
    ]);
    const delivery = cantina.entries.find((e) => e.operation === 'DELIVERY');
    assert.deepEqual(delivery?.validations.map((v) => v.code).sort(), [
      'catalog-enabled',
      'delivery-area',
      'is-connected',
      'opening-hours',
      'unavailabilities',
    ]);
    assert.ok(
      pushed.some((p) => p.merchantId === DEMO_RESTAURANT_ID),
      'the read was pushed too',
    );
  });

  it('pauses for 30 minutes → status "paused" pushed at once; an overlap is a 409 in the platform\'s words; reopens', async () => {
    await keepConnected();
    const now = clock.now();
    const pausedPush = nextPush(DEMO_RESTAURANT_ID, (s) => s.summary === 'paused');
    const pause = created(
      await value('stores:pause', { merchantId: DEMO_RESTAURANT_ID, description: '  Cozinha sobrecarregada ', end: new Date(now + 30 * MIN).toISOString() }),
    );
    assert.equal(pause.description, 'Cozinha sobrecarregada', 'trimmed');
    const startedAgo = now - Date.parse(pause.start);
    assert.ok(startedAgo >= 55_000 && startedAgo <= 65_000, `starts now by default, a minute early for clock skew (${startedAgo} ms)`);
    const paused = await pausedPush;
    const unavailability = paused.entries.flatMap((e) => e.validations).find((v) => v.code === 'unavailabilities');
    assert.equal(unavailability?.state, 'CLOSED');
    assert.deepEqual(
      (await value('stores:interruptions', { merchantId: DEMO_RESTAURANT_ID })).map((i) => i.id),
      [pause.id],
    );

    const overlap = await failure('stores:pause', {
      merchantId: DEMO_RESTAURANT_ID,
      description: 'Falta de entregadores',
      start: new Date(now + 10 * MIN).toISOString(),
      end: new Date(now + 60 * MIN).toISOString(),
    });
    assert.equal(overlap.code, 'conflict');
    assert.equal(overlap.status, 409);
    assert.match(overlap.message, /sobrepõe a interrupção/, "the platform's own message, not the route dump");

    const openPush = nextPush(DEMO_RESTAURANT_ID, (s) => s.summary === 'open');
    assert.deepEqual(await value('stores:resume', { merchantId: DEMO_RESTAURANT_ID, interruptionId: pause.id }), { removed: pause.id, action: null });
    await openPush;
    assert.deepEqual(await value('stores:interruptions', { merchantId: DEMO_RESTAURANT_ID }), []);
    const gone = await failure('stores:resume', { merchantId: DEMO_RESTAURANT_ID, interruptionId: pause.id });
    assert.equal(gone.code, 'not-found');
  });

  it('a future pause is listed and turns the status to a warning within the hour', async () => {
    await keepConnected();
    const now = clock.now();
    const pause = created(
      await value('stores:pause', {
        merchantId: DEMO_PIZZERIA_ID,
        description: 'Manutenção do forno',
        start: new Date(now + 20 * MIN).toISOString(),
        end: new Date(now + 80 * MIN).toISOString(),
      }),
    );
    const list = await value('stores:interruptions', { merchantId: DEMO_PIZZERIA_ID });
    assert.deepEqual(
      list.map((i) => i.id),
      [pause.id],
    );
    const snapshot = (await value('stores:status', { merchantId: DEMO_PIZZERIA_ID, fresh: true })).stores.find((s) => s.merchantId === DEMO_PIZZERIA_ID);
    const validation = snapshot?.entries.flatMap((e) => e.validations).find((v) => v.code === 'unavailabilities');
    assert.equal(validation?.state, 'WARNING');
    await value('stores:resume', { merchantId: DEMO_PIZZERIA_ID, interruptionId: pause.id });
  });

  it('refuses a pause that breaks the rules before calling the platform', async () => {
    const sentBefore = api.sent();
    const now = clock.now();
    const tooShort = await failure('stores:pause', { merchantId: DEMO_RESTAURANT_ID, description: 'x', end: new Date(now + 30_000).toISOString() });
    assert.equal(tooShort.code, 'validation');
    assert.equal(tooShort.field, 'end');
    const empty = await failure('stores:pause', { merchantId: DEMO_RESTAURANT_ID, description: '   ', end: new Date(now + 30 * MIN).toISOString() });
    assert.equal(empty.field, 'description');
    const long = await failure('stores:pause', { merchantId: DEMO_RESTAURANT_ID, description: 'x'.repeat(256), end: new Date(now + 30 * MIN).toISOString() });
    assert.equal(long.code, 'bad-input', 'the contract itself caps the description');
    const noZone = await failure('stores:pause', { merchantId: DEMO_RESTAURANT_ID, description: 'x', end: '2026-11-21T12:00' });
    assert.equal(noZone.code, 'bad-input');
    assert.equal(api.sent(), sentBefore, 'nothing reached the platform');
  });

  it('reads the week, replaces it, and refuses overlaps and empty weeks before sending', async () => {
    const before = await value('stores:hours', { merchantId: DEMO_PIZZERIA_ID });
    assert.ok(before.shifts.length > 0);
    assert.ok(before.shifts.every((s) => /^\d{2}:\d{2}:\d{2}$/.test(s.start)));
    const week = [
      { dayOfWeek: 'MONDAY', start: '11:00:00', duration: 240 },
      { dayOfWeek: 'FRIDAY', start: '18:00:00', duration: 420 },
      { dayOfWeek: 'SATURDAY', start: '01:00:00', duration: 60 },
    ];
    const replaced = await value('stores:replaceHours', { merchantId: DEMO_PIZZERIA_ID, shifts: week });
    assert.equal(replaced.outcome, 'replaced');
    if (replaced.outcome !== 'replaced') return;
    assert.deepEqual(
      replaced.shifts.map((s) => [s.dayOfWeek, s.start, s.duration, s.enabled]),
      week.map((s) => [s.dayOfWeek, s.start, s.duration, true]),
    );
    assert.deepEqual(
      (await value('stores:hours', { merchantId: DEMO_PIZZERIA_ID })).shifts.map((s) => s.id),
      replaced.shifts.map((s) => s.id),
    );

    const sentBefore = api.sent();
    const overlap = await failure('stores:replaceHours', {
      merchantId: DEMO_PIZZERIA_ID,
      shifts: [...week, { dayOfWeek: 'SATURDAY', start: '00:30:00', duration: 60 }],
    });
    assert.equal(overlap.code, 'validation');
    assert.equal(overlap.field, 'shifts.1', 'the Friday shift runs past midnight into the new one');
    assert.equal((await failure('stores:replaceHours', { merchantId: DEMO_PIZZERIA_ID, shifts: [] })).code, 'bad-input');
    assert.equal(
      (await failure('stores:replaceHours', { merchantId: DEMO_PIZZERIA_ID, shifts: [{ dayOfWeek: 'MONDAY', start: '10:00', duration: 60 }] })).code,
      'bad-input',
    );
    assert.equal(api.sent(), sentBefore, 'nothing reached the platform');
  });

  it('gets the check-in sheet of the grocery store as a PDF and keeps a copy under <dataDir>/print/', async () => {
    const sheet = await value('checkin:qrPdf', { merchantIds: [DEMO_GROCERY_ID, DEMO_GROCERY_ID] });
    const bytes = Buffer.from(sheet.pdfBase64, 'base64');
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.equal(sheet.byteLength, bytes.length);
    assert.equal(sheet.saved, true);
    assert.ok(!JSON.stringify(sheet).includes(dataDir), 'no path reaches the renderer');
    const files = readdirSync(join(dataDir, 'print'));
    assert.equal(files.length, 1);
    assert.match(files[0] ?? '', /^checkin-\d{4}-\d{2}-\d{2}-\d{6}\.pdf$/);
    assert.deepEqual(readFileSync(join(dataDir, 'print', files[0] ?? '')), bytes);
  });

  it("a restaurant gets no check-in sheet: the platform's 400 in its words; more than 20 stores never leave", async () => {
    const refused = await failure('checkin:qrPdf', { merchantIds: [DEMO_RESTAURANT_ID] });
    assert.equal(refused.code, 'validation');
    assert.equal(refused.status, 400);
    assert.match(refused.message, /só para mercados/);
    const tooMany = await failure('checkin:qrPdf', { merchantIds: Array.from({ length: 21 }, () => DEMO_GROCERY_ID) });
    assert.equal(tooMany.code, 'bad-input');
  });

  it("the platform's 400 for a pause its clock says is over reaches the screen in its words", async () => {
    // The platform's clock runs two hours ahead of ours: a 30-minute pause is already over there.
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 2 * 3600 } });
    const error = await failure('stores:pause', {
      merchantId: DEMO_GROCERY_ID,
      description: 'Inventário',
      end: new Date(clock.now() + 30 * MIN).toISOString(),
    });
    assert.equal(error.code, 'validation');
    assert.equal(error.status, 400);
    assert.match(error.message, /end deve estar no futuro/);
  });
});
