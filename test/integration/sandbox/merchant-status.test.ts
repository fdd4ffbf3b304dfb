import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { DAYS_OF_WEEK, localMoment } from '../../../src-sandbox/merchant/store-time';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { withSandbox } from '../../support/sandbox/sandbox';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;
const M = '/merchant/v1.0/merchants';

interface Entry {
  operation: string;
  salesChannel: string;
  available: boolean;
  state: string;
  validations: { id: string; code: string; state: string; message: { title: string; subtitle: string; description: string } }[];
  message: { title: string; subtitle: string; description: string };
}

describe('sandbox merchant status (spec §2.4, §3.3, §4.4)', () => {
  let sandbox: Sandbox;
  let demo: string;
  const send = (method: string, path: string, json?: unknown) => sandbox.http.send(method, path, { token: demo, json });
  const status = async (merchantId: string, operation?: string) => {
    const response = await send('GET', `${M}/${merchantId}/status${operation ? `/${operation}` : ''}`);
    assert.equal(response.status, 200);
    return response.body as Entry[];
  };
  const poll = () => sandbox.world.recordPoll({ clientId: 'demo' });
  const codeState = (entry: Entry | undefined) => Object.fromEntries((entry?.validations ?? []).map((v) => [v.code, v.state]));

  before(async () => (sandbox = await withSandbox()));
  beforeEach(async () => {
    await sandbox.http.send('POST', '/_sandbox/reset');
    demo = await sandbox.http.token();
  });
  after(() => sandbox.close());

  it('gives one entry per offered operation and enabled channel, all OK for a polling, open store', async () => {
    poll();
    const entries = await status(DEMO_RESTAURANT_ID);
    assert.deepEqual(
      entries.map((e) => `${e.operation}/${e.salesChannel}`),
      ['DELIVERY/MARKETPLACE', 'DELIVERY/WHATSAPP', 'TAKEOUT/MARKETPLACE'],
    );
    for (const entry of entries) {
      assert.equal(entry.state, 'OK');
      assert.equal(entry.available, true);
      assert.ok(entry.message.title.length > 0);
      for (const v of entry.validations) {
        assert.equal(v.state, 'OK');
        assert.match(v.id, /^[0-9a-f-]{36}$/);
        assert.equal(typeof v.message.subtitle, 'string');
      }
    }
  });

  it('DELIVERY checks all five validations, TAKEOUT all but delivery-area', async () => {
    poll();
    const [delivery] = await status(DEMO_RESTAURANT_ID, 'DELIVERY');
    const [takeout] = await status(DEMO_RESTAURANT_ID, 'TAKEOUT');
    assert.deepEqual(
      delivery?.validations.map((v) => v.code),
      ['is-connected', 'opening-hours', 'catalog-enabled', 'delivery-area', 'unavailabilities'],
    );
    assert.deepEqual(
      takeout?.validations.map((v) => v.code),
      ['is-connected', 'opening-hours', 'catalog-enabled', 'unavailabilities'],
    );
  });

  it('is-connected follows polling within 30 seconds: ERROR without polling, OK after, ERROR again past 30 s', async () => {
    let [entry] = await status(DEMO_RESTAURANT_ID, 'TAKEOUT');
    assert.equal(codeState(entry)['is-connected'], 'ERROR');
    assert.equal(entry?.state, 'ERROR');
    assert.equal(entry?.available, false);
    poll();
    [entry] = await status(DEMO_RESTAURANT_ID, 'TAKEOUT');
    assert.equal(codeState(entry)['is-connected'], 'OK');
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 29 } });
    [entry] = await status(DEMO_RESTAURANT_ID, 'TAKEOUT');
    assert.equal(codeState(entry)['is-connected'], 'OK');
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 2 } });
    [entry] = await status(DEMO_RESTAURANT_ID, 'TAKEOUT');
    assert.equal(codeState(entry)['is-connected'], 'ERROR');
  });

  it('is CLOSED outside opening hours and OK inside, on the sandbox clock', async () => {
    poll();
    const now = localMoment(sandbox.world.clock.now());
    const otherDay = DAYS_OF_WEEK[(now.dayIndex + 3) % 7];
    const put = await send('PUT', `${M}/${DEMO_RESTAURANT_ID}/opening-hours`, {
      storeId: DEMO_RESTAURANT_ID,
      shifts: [{ dayOfWeek: otherDay, start: '10:00:00', duration: 60 }],
    });
    assert.equal(put.status, 201);
    let [entry] = await status(DEMO_RESTAURANT_ID, 'DELIVERY');
    assert.equal(entry?.state, 'CLOSED');
    assert.equal(entry?.available, false);
    assert.equal(codeState(entry)['opening-hours'], 'CLOSED');
    assert.match(entry?.message.description ?? '', /^Abre às 10:00 \(horário da loja\)\.$/);
    // A shift that started a minute ago and runs for an hour: open now.
    const today = DAYS_OF_WEEK[now.dayIndex];
    const startSecond = Math.max(0, now.secondOfDay - 60);
    const start = new Date(startSecond * 1000).toISOString().slice(11, 19);
    await send('PUT', `${M}/${DEMO_RESTAURANT_ID}/opening-hours`, { storeId: DEMO_RESTAURANT_ID, shifts: [{ dayOfWeek: today, start, duration: 120 }] });
    poll();
    [entry] = await status(DEMO_RESTAURANT_ID, 'DELIVERY');
    assert.equal(codeState(entry)['opening-hours'], 'OK');
    assert.equal(entry?.state, 'OK');
  });

  it('a shift crossing midnight keeps the store open after midnight', async () => {
    poll();
    const now = localMoment(sandbox.world.clock.now());
    // The shift starts yesterday at 23:00 or earlier and lasts 24 h: it covers now unless now is past 23:00.
    const yesterday = DAYS_OF_WEEK[(now.dayIndex + 6) % 7];
    const startSecond = Math.min(now.secondOfDay + 60, 23 * 3600 + 59 * 60);
    const start = new Date(startSecond * 1000).toISOString().slice(11, 19);
    const put = await send('PUT', `${M}/${DEMO_RESTAURANT_ID}/opening-hours`, {
      storeId: DEMO_RESTAURANT_ID,
      shifts: [{ dayOfWeek: yesterday, start, duration: 1440 }],
    });
    assert.equal(put.status, 201);
    const [entry] = await status(DEMO_RESTAURANT_ID, 'TAKEOUT');
    assert.equal(codeState(entry)['opening-hours'], 'OK');
  });

  it('an active interruption closes the store; one starting within the hour is a WARNING; deleting reopens', async () => {
    poll();
    const now = sandbox.world.clock.now();
    const soon = await send('POST', `${M}/${DEMO_RESTAURANT_ID}/interruptions`, {
      description: 'Limpeza da cozinha',
      start: new Date(now + 30 * 60_000).toISOString(),
      end: new Date(now + 90 * 60_000).toISOString(),
    });
    assert.equal(soon.status, 201);
    let [entry] = await status(DEMO_RESTAURANT_ID, 'DELIVERY');
    assert.equal(codeState(entry).unavailabilities, 'WARNING');
    assert.equal(entry?.state, 'WARNING');
    assert.equal(entry?.available, true);
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 31 * 60 } });
    poll();
    [entry] = await status(DEMO_RESTAURANT_ID, 'DELIVERY');
    assert.equal(codeState(entry).unavailabilities, 'CLOSED');
    assert.equal(entry?.state, 'CLOSED');
    assert.equal(entry?.available, false);
    // The platform's words are Portuguese; the pause's own description comes back as the merchant wrote it.
    assert.equal(entry?.message.title, 'Pausada');
    assert.equal(entry?.message.subtitle, 'Limpeza da cozinha');
    assert.match(entry?.message.description ?? '', /^Reabre às \d\d:\d\d \(horário da loja\)\.$/);
    const id = (soon.body as { id: string }).id;
    assert.equal((await send('DELETE', `${M}/${DEMO_RESTAURANT_ID}/interruptions/${id}`)).status, 204);
    [entry] = await status(DEMO_RESTAURANT_ID, 'DELIVERY');
    assert.equal(entry?.state, 'OK');
  });

  it('catalog-enabled and delivery-area follow the control switches', async () => {
    poll();
    const flip = await sandbox.http.send('PUT', `/_sandbox/merchants/${DEMO_RESTAURANT_ID}/operations`, {
      json: { operation: 'DELIVERY', deliveryArea: false },
    });
    assert.equal(flip.status, 200);
    assert.equal((flip.body as { deliveryArea: boolean }).deliveryArea, false);
    let [delivery] = await status(DEMO_RESTAURANT_ID, 'DELIVERY');
    let [takeout] = await status(DEMO_RESTAURANT_ID, 'TAKEOUT');
    assert.equal(codeState(delivery)['delivery-area'], 'ERROR');
    assert.equal(delivery?.state, 'ERROR');
    assert.equal(takeout?.state, 'OK', 'TAKEOUT does not check the delivery area');
    await sandbox.http.send('PUT', `/_sandbox/merchants/${DEMO_RESTAURANT_ID}/operations`, { json: { operation: 'TAKEOUT', catalogEnabled: false } });
    [takeout] = await status(DEMO_RESTAURANT_ID, 'TAKEOUT');
    assert.equal(codeState(takeout)['catalog-enabled'], 'ERROR');
    assert.equal(takeout?.state, 'ERROR');
    [delivery] = await status(DEMO_RESTAURANT_ID, 'DELIVERY');
    assert.equal(codeState(delivery)['catalog-enabled'], 'OK');
    const bad = await sandbox.http.send('PUT', `/_sandbox/merchants/${DEMO_RESTAURANT_ID}/operations`, { json: { operation: 'TAKEOUT', deliveryArea: false } });
    assert.equal(bad.status, 400);
    const unknownStore = await sandbox.http.send('PUT', '/_sandbox/merchants/nope/operations', { json: { operation: 'TAKEOUT' } });
    assert.equal(unknownStore.status, 404);
  });

  it('INDOOR and operations the store does not offer are UNAVAILABLE (200)', async () => {
    poll();
    const [indoor] = await status(DEMO_RESTAURANT_ID, 'INDOOR');
    assert.equal(indoor?.state, 'UNAVAILABLE');
    assert.equal(indoor?.available, false);
    const [takeout] = await status(DEMO_PIZZERIA_ID, 'TAKEOUT');
    assert.equal(takeout?.state, 'UNAVAILABLE');
    const all = await status(DEMO_PIZZERIA_ID);
    assert.deepEqual(
      all.map((e) => e.operation),
      ['DELIVERY'],
    );
  });

  it('answers 400 BadRequest for an unknown operation, 403/404 for foreign or unknown stores, 401 without token', async () => {
    const bad = await send('GET', `${M}/${DEMO_GROCERY_ID}/status/DRIVE_THRU`);
    assert.equal(bad.status, 400);
    assert.deepEqual(Object.keys(bad.body as object).sort(), ['error', 'message']);
    assert.equal((bad.body as { error: string }).error, 'BadRequest');
    const lower = await send('GET', `${M}/${DEMO_GROCERY_ID}/status/delivery`);
    assert.equal(lower.status, 400);
    const forbidden = await send('GET', `${M}/${OTHER_BAKERY_ID}/status`);
    assert.equal(forbidden.status, 403);
    assert.equal((forbidden.body as { error: string }).error, 'Forbidden');
    const missing = await send('GET', `${M}/00000000-0000-4000-8000-000000000000/status`);
    assert.equal(missing.status, 404);
    const anonymous = await sandbox.http.send('GET', `${M}/${DEMO_GROCERY_ID}/status`);
    assert.equal(anonymous.status, 401);
    assert.equal((anonymous.body as { error: string }).error, 'Unauthorized');
  });

  it('carries the 20000/min rate-limit headers on both status routes', async () => {
    for (const path of [`${M}/${DEMO_GROCERY_ID}/status`, `${M}/${DEMO_GROCERY_ID}/status/DELIVERY`]) {
      const response = await send('GET', path);
      assert.equal(response.headers['x-ratelimit-limit'], '20000');
    }
  });
});
