import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { StoreDetail, StoreListItem } from '../../../src-shared/wire/merchant';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { seedMenus } from '../../../src-sandbox/seed/catalog-menus';
import { sandboxWithTokens, withSandbox } from '../../support/sandbox/sandbox';
import { createOrder, poll } from '../../support/sandbox/orders';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;
const M = '/merchant/v1.0';

describe('sandbox merchant stores', () => {
  let sandbox: Sandbox;
  let demo: string;
  let other: string;
  before(async () => ({ sandbox, demo, other } = await sandboxWithTokens()));
  after(() => sandbox.close());

  it('lists the stores of the credential only: demo has a restaurant and a grocery', async () => {
    const response = await sandbox.http.send('GET', `${M}/merchants`, { token: demo });
    assert.equal(response.status, 200);
    const stores = StoreListItem.array().parse(response.body);
    assert.ok(stores.some((s) => s.id === DEMO_RESTAURANT_ID));
    assert.ok(stores.some((s) => s.id === DEMO_GROCERY_ID));
    assert.ok(!stores.some((s) => s.id === OTHER_BAKERY_ID));
    const types = new Set<string>();
    for (const s of stores) {
      const detail = StoreDetail.parse((await sandbox.http.send('GET', `${M}/merchants/${s.id}`, { token: demo })).body);
      types.add(detail.type);
    }
    assert.deepEqual([...types].sort(), ['GROCERY', 'RESTAURANT']);
    const others = StoreListItem.array().parse((await sandbox.http.send('GET', `${M}/merchants`, { token: other })).body);
    assert.deepEqual(
      others.map((s) => s.id),
      [OTHER_BAKERY_ID],
    );
  });

  it('pages the list with page and size', async () => {
    const page1 = (await sandbox.http.send('GET', `${M}/merchants?page=1&size=2`, { token: demo })).body as unknown[];
    const page2 = (await sandbox.http.send('GET', `${M}/merchants?page=2&size=2`, { token: demo })).body as unknown[];
    assert.equal(page1.length, 2);
    assert.equal(page2.length, 1);
    assert.equal((await sandbox.http.send('GET', `${M}/merchants?page=0`, { token: demo })).status, 400);
  });

  it('lists 100 stores per page by default (spec §4.4, §8 "Store list size")', async () => {
    const fresh = await withSandbox();
    try {
      const template = fresh.world.stores.get(DEMO_RESTAURANT_ID)!;
      for (let i = 0; i < 120; i++) {
        const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
        fresh.world.stores.set(id, { ...structuredClone(template), id, name: `Filial ${i}` });
      }
      const token = await fresh.http.token();
      const first = (await fresh.http.send('GET', `${M}/merchants`, { token })).body as { id: string }[];
      assert.equal(first.length, 100);
      const second = (await fresh.http.send('GET', `${M}/merchants?page=2`, { token })).body as { id: string }[];
      assert.equal(second.length, 23, 'the three seeded stores and 120 more');
      assert.equal(new Set([...first, ...second].map((s) => s.id)).size, 123);
      assert.equal(((await fresh.http.send('GET', `${M}/merchants?page=3`, { token })).body as unknown[]).length, 0);
      assert.equal((await fresh.http.send('GET', `${M}/merchants?size=0`, { token })).status, 400);
    } finally {
      await fresh.close();
    }
  });

  it('returns the store detail with address and operations', async () => {
    const response = await sandbox.http.send('GET', `${M}/merchants/${DEMO_GROCERY_ID}`, { token: demo });
    assert.equal(response.status, 200);
    const detail = StoreDetail.parse(response.body);
    assert.equal(detail.type, 'GROCERY');
    assert.ok(detail.operations.some((o) => o.name === 'DELIVERY'));
    assert.equal(typeof detail.address.latitude, 'number');
  });

  it('answers 403 for a store of another application and 404 for an unknown one', async () => {
    const forbidden = await sandbox.http.send('GET', `${M}/merchants/${OTHER_BAKERY_ID}`, { token: demo });
    assert.equal(forbidden.status, 403);
    assert.equal((forbidden.body as { error: string }).error, 'Forbidden');
    const missing = await sandbox.http.send('GET', `${M}/merchants/00000000-0000-4000-8000-000000000000`, { token: demo });
    assert.equal(missing.status, 404);
    assert.equal((missing.body as { error: string }).error, 'NotFound');
  });

  it('puts the rate-limit headers on limited routes', async () => {
    const response = await sandbox.http.send('GET', `${M}/merchants/${DEMO_RESTAURANT_ID}`, { token: demo });
    assert.equal(response.headers['x-ratelimit-limit'], '300');
    assert.ok(Number(response.headers['x-ratelimit-remaining']) < 300);
    assert.ok(Number(response.headers['x-ratelimit-reset']) <= 60);
  });

  it('answers 429 past the limit of GET /merchants (100 per minute)', async () => {
    const fresh = await withSandbox();
    try {
      const token = await fresh.http.token();
      const statuses = [];
      for (let i = 0; i < 101; i++) statuses.push((await fresh.http.send('GET', `${M}/merchants`, { token })).status);
      assert.equal(statuses.filter((s) => s === 200).length, 100);
      const last = await fresh.http.send('GET', `${M}/merchants`, { token });
      assert.equal(last.status, 429);
      assert.equal(last.headers['x-ratelimit-remaining'], '0');
      // Another application has a budget of its own.
      const otherToken = await fresh.http.token('other', 'other-secret');
      assert.equal((await fresh.http.send('GET', `${M}/merchants`, { token: otherToken })).status, 200);
      await fresh.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 61 } });
      assert.equal((await fresh.http.send('GET', `${M}/merchants`, { token: await fresh.http.token() })).status, 200);
    } finally {
      await fresh.close();
    }
  });

  it('adds a chain of branches to the demo application (POST /_sandbox/stores), each selling the flagship menu; a reset takes them away', async () => {
    const fresh = await withSandbox();
    try {
      const [token, otherToken] = [await fresh.http.token(), await fresh.http.token('other', 'other-secret')];
      const added = await fresh.http.send('POST', '/_sandbox/stores', { json: { count: 150 } });
      assert.equal(added.status, 201, JSON.stringify(added.body));
      const branches = (added.body as { stores: { id: string; name: string }[] }).stores;
      assert.equal(branches.length, 150);
      assert.equal(new Set(branches.map((b) => b.id)).size, 150);
      assert.equal(branches[16]?.name, 'Cantina da Vila — Unidade 017');
      const again = (await fresh.http.send('POST', '/_sandbox/stores', { json: { count: 160 } })).body as { stores: { id: string }[] };
      assert.deepEqual(
        again.stores.slice(0, 150).map((b) => b.id),
        branches.map((b) => b.id),
        'the same branches keep their ids; only the missing ones are added',
      );

      const listed = StoreListItem.array().parse((await fresh.http.send('GET', `${M}/merchants?size=1000`, { token })).body);
      assert.equal(listed.length, 163, 'the three seeded stores and 160 branches');
      assert.deepEqual(
        StoreListItem.array()
          .parse((await fresh.http.send('GET', `${M}/merchants`, { token: otherToken })).body)
          .map((s) => s.id),
        [OTHER_BAKERY_ID],
      );
      const branch = branches[41]?.id ?? '';
      const detail = StoreDetail.parse((await fresh.http.send('GET', `${M}/merchants/${branch}`, { token })).body);
      assert.equal(detail.type, 'RESTAURANT');
      assert.equal((await fresh.http.send('GET', `${M}/merchants/${branch}`, { token: otherToken })).status, 403);

      // Orders of a branch are built from the flagship's menu and reach the demo application's event queue.
      const order = await createOrder(fresh, { merchantId: branch, orderType: 'TAKEOUT' });
      const menu = new Set((seedMenus[DEMO_RESTAURANT_ID] ?? []).flatMap((c) => c.items.map((i) => i.name)));
      assert.ok(
        (order.items as { name: string }[]).every((line) => menu.has(line.name)),
        JSON.stringify(order.items),
      );
      assert.ok(
        (await poll(fresh, token, 1000)).some((e) => e.orderId === order.id && e.merchantId === branch),
        'demo polls the branch',
      );
      assert.ok(!(await poll(fresh, otherToken, 1000)).some((e) => e.orderId === order.id), 'other does not');

      for (const json of [{ count: 0 }, { count: 1001 }, { count: '3' }, { count: 2.5 }, { count: 3, owner: 'other' }, {}]) {
        assert.equal((await fresh.http.send('POST', '/_sandbox/stores', { json })).status, 400, JSON.stringify(json));
      }
      await fresh.http.send('POST', '/_sandbox/reset', { json: {} });
      assert.equal(StoreListItem.array().parse((await fresh.http.send('GET', `${M}/merchants?size=1000`, { token: await fresh.http.token() })).body).length, 3);
    } finally {
      await fresh.close();
    }
  });

  it('survives bad input with 4xx: malformed JSON, unknown routes, huge bodies', async () => {
    const malformed = await sandbox.http.send('POST', '/_sandbox/clock', { raw: '{"advanceSeconds":' });
    assert.equal(malformed.status, 400);
    const unknown = await sandbox.http.send('GET', `${M}/nothing-here`, { token: demo });
    assert.equal(unknown.status, 404);
    const huge = await sandbox.http.send('POST', '/_sandbox/clock', { raw: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }) });
    assert.equal(huge.status, 413);
    assert.equal((await sandbox.http.send('GET', `${M}/merchants`, { token: demo })).status, 200);
  });
});
