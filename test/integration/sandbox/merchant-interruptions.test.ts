import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { DEMO_GROCERY_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { withSandbox } from '../../support/sandbox/sandbox';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;
const BASE = `/merchant/v1.0/merchants/${DEMO_GROCERY_ID}/interruptions`;
const MIN = 60_000;

describe('sandbox merchant interruptions (spec §2.4, §4.4, §7.4)', () => {
  let sandbox: Sandbox;
  let demo: string;
  const send = (method: string, path: string, json?: unknown) => sandbox.http.send(method, path, { token: demo, json });
  // A fixed base per test: the sandbox clock runs in real time, so ranges are computed from one instant.
  let base = 0;
  const at = (offsetMs: number) => new Date(base + offsetMs).toISOString();
  const create = (startOffset: number, endOffset: number, description = 'Pause') =>
    send('POST', BASE, { description, start: at(startOffset), end: at(endOffset) });
  const expectError = (response: { status: number; body: unknown }, status: number, name: string) => {
    assert.equal(response.status, status);
    const body = response.body as { error: string; message: string };
    assert.equal(body.error, name);
    assert.equal(typeof body.message, 'string');
  };

  before(async () => (sandbox = await withSandbox()));
  beforeEach(async () => {
    await sandbox.http.send('POST', '/_sandbox/reset');
    demo = await sandbox.http.token();
    base = sandbox.world.clock.now();
  });
  after(() => sandbox.close());

  it('creates (201) and lists active and future interruptions, not ended ones', async () => {
    const now = await create(-MIN, 30 * MIN, 'Too many orders');
    assert.equal(now.status, 201);
    const created = now.body as { id: string; description: string; start: string; end: string };
    assert.equal(created.description, 'Too many orders');
    assert.ok(created.id.length > 0);
    assert.ok(!Number.isNaN(Date.parse(created.start)) && !Number.isNaN(Date.parse(created.end)));
    assert.equal((await create(60 * MIN, 120 * MIN, 'Later')).status, 201);
    let list = (await send('GET', BASE)).body as { description: string }[];
    assert.deepEqual(
      list.map((i) => i.description),
      ['Too many orders', 'Later'],
    );
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 31 * 60 } });
    list = (await send('GET', BASE)).body as { description: string }[];
    assert.deepEqual(
      list.map((i) => i.description),
      ['Later'],
    );
  });

  it('accepts a zoned ISO 8601 start and end with an offset', async () => {
    const start = new Date(sandbox.world.clock.now() + MIN);
    const end = new Date(start.getTime() + 10 * MIN);
    const local = (d: Date) => new Date(d.getTime() - 3 * 3600_000).toISOString().replace('Z', '-03:00');
    const response = await send('POST', BASE, { description: 'Local time', start: local(start), end: local(end) });
    assert.equal(response.status, 201);
    assert.equal(Date.parse((response.body as { start: string }).start), start.getTime());
  });

  it('enforces duration from 1 minute to 7 days and start before end (400 BadRequest)', async () => {
    expectError(await create(MIN, MIN), 400, 'BadRequest');
    expectError(await create(2 * MIN, MIN), 400, 'BadRequest');
    expectError(await create(MIN, MIN + 59_000), 400, 'BadRequest');
    assert.equal((await create(MIN, 2 * MIN)).status, 201, 'exactly one minute is allowed');
    expectError(await create(10 * MIN, 10 * MIN + 7 * 24 * 60 * MIN + 1000), 400, 'BadRequest');
    assert.equal((await create(10 * MIN, 10 * MIN + 7 * 24 * 60 * MIN)).status, 201, 'exactly seven days is allowed');
  });

  it('rejects an interruption wholly in the past', async () => {
    expectError(await create(-60 * MIN, -30 * MIN), 400, 'BadRequest');
  });

  it('rejects bad bodies with 400 BadRequest: missing fields, wrong types, long description, dates without zone, malformed JSON', async () => {
    const start = at(MIN);
    const end = at(10 * MIN);
    for (const body of [
      {},
      { description: 'x', start },
      { description: 'x', end },
      { start, end },
      { description: 42, start, end },
      { description: 'x'.repeat(256), start, end },
      { description: 'x', start: start.replace('Z', ''), end: end.replace('Z', '') },
      { description: 'x', start: 'tomorrow', end },
      { description: 'x', start: 1700000000000, end },
      [],
      'pause',
    ]) {
      expectError(await send('POST', BASE, body), 400, 'BadRequest');
    }
    assert.equal((await send('POST', BASE, { description: 'x'.repeat(255), start, end })).status, 201);
    const malformed = await sandbox.http.send('POST', BASE, { token: demo, raw: '{"description":' });
    expectError(malformed, 400, 'BadRequest');
  });

  it('answers 409 InterruptionOverlap when a new interruption overlaps an existing one; touching is fine', async () => {
    assert.equal((await create(10 * MIN, 20 * MIN)).status, 201);
    expectError(await create(15 * MIN, 25 * MIN), 409, 'InterruptionOverlap');
    expectError(await create(5 * MIN, 11 * MIN), 409, 'InterruptionOverlap');
    expectError(await create(12 * MIN, 13 * MIN), 409, 'InterruptionOverlap');
    expectError(await create(5 * MIN, 30 * MIN), 409, 'InterruptionOverlap');
    assert.equal((await create(20 * MIN, 30 * MIN)).status, 201);
    assert.equal((await create(2 * MIN, 10 * MIN)).status, 201);
  });

  it('deletes with 204 (the store reopens) and 404 NotFound for an unknown or already deleted id', async () => {
    const created = (await create(-MIN, 30 * MIN)).body as { id: string };
    const deleted = await send('DELETE', `${BASE}/${created.id}`);
    assert.equal(deleted.status, 204);
    assert.equal(deleted.bytes.length, 0);
    assert.deepEqual((await send('GET', BASE)).body, []);
    expectError(await send('DELETE', `${BASE}/${created.id}`), 404, 'NotFound');
    expectError(await send('DELETE', `${BASE}/not-an-id`), 404, 'NotFound');
    // After deleting, the same period is free again.
    assert.equal((await create(0, 30 * MIN)).status, 201);
  });

  it('keeps each store separate; 403 Forbidden on a store of another application', async () => {
    expectError(await send('GET', `/merchant/v1.0/merchants/${OTHER_BAKERY_ID}/interruptions`), 403, 'Forbidden');
    expectError(
      await send('POST', `/merchant/v1.0/merchants/${OTHER_BAKERY_ID}/interruptions`, { description: 'x', start: at(MIN), end: at(9 * MIN) }),
      403,
      'Forbidden',
    );
    const otherToken = await sandbox.http.token('other', 'other-secret');
    const created = await sandbox.http.send('POST', `/merchant/v1.0/merchants/${OTHER_BAKERY_ID}/interruptions`, {
      token: otherToken,
      json: { description: 'x', start: at(MIN), end: at(9 * MIN) },
    });
    assert.equal(created.status, 201);
    const id = (created.body as { id: string }).id;
    expectError(await send('DELETE', `/merchant/v1.0/merchants/${OTHER_BAKERY_ID}/interruptions/${id}`), 403, 'Forbidden');
    // The same id under the wrong store is unknown there.
    expectError(await send('DELETE', `${BASE}/${id}`), 404, 'NotFound');
    assert.equal((await send('POST', BASE, { description: 'x', start: at(MIN), end: at(9 * MIN) })).status, 201);
  });

  it('carries the rate limits of the table: GET and DELETE 100/min, POST 200/min', async () => {
    assert.equal((await send('GET', BASE)).headers['x-ratelimit-limit'], '100');
    assert.equal((await create(MIN, 2 * MIN)).headers['x-ratelimit-limit'], '200');
    assert.equal((await send('DELETE', `${BASE}/x`)).headers['x-ratelimit-limit'], '100');
  });
});
