import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { Agent, fetch } from 'undici';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { BulkView, ConsoleAccountList, ConsoleMe, Report, StoreGroupList, StorePage, Wall } from '../../../src-shared/console/console-api';
import { ConsoleClient, refusalKind } from '../../support/chain/console-client';
import { PgChainConsole } from '../../../src-main/chain/db/chain-console';
import { migrateChain } from '../../../src-main/chain/db/migrate';
import { chainMigrations } from '../../../src-main/chain/db/migrations';
import { chainCertificate, consoleAccount, serverCommand, startChainReplica, type ChainReplica } from '../../support/chain/process';
import type { PgCluster } from '../../support/chain/pg-cluster';
import { clusterOrSkip } from '../../support/chain/db';
import { withSandbox } from '../../support/sandbox/sandbox';
import { createOrder, type Sandbox } from '../../support/sandbox/orders';
import { waitFor } from '../../support/sync/harness';
import { dayOf } from '../../../src-shared/local-day';

/**
 * The chain's manager console against a replica on a throwaway PostgreSQL and the sandbox: who gets
 * in (sign-in, lockout, sessions in cookies, CSRF, no device credential), what each role sees and
 * may do, the status wall pushed as orders come, and a bulk pause reaching each store once.
 */
describe("the chain's manager console", () => {
  let cluster: PgCluster | null = null;
  let sandbox: Sandbox;
  let replica: ChainReplica;
  let databaseUrl = '';
  let pool: pg.Pool;
  let base = '';
  const folder = mkdtempSync(join(tmpdir(), 'st-console-'));
  const PASSWORD = 'senha-do-dono-123';
  /** What the operator's webhook heard. */
  const hooked: Record<string, unknown>[] = [];
  let hook: Server;

  before(async () => {
    cluster = await clusterOrSkip('the console test');
    if (!cluster) return;
    sandbox = await withSandbox();
    databaseUrl = await cluster.database('chain_console');
    const tls = await chainCertificate(folder);
    hook = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += String(chunk)));
      request.on('end', () => {
        hooked.push(JSON.parse(body) as Record<string, unknown>);
        response.end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const alertWebhook = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/alerts?token=segredo`;
    replica = await startChainReplica({
      name: 'console',
      databaseUrl,
      sandboxUrl: sandbox.url,
      clockAt: sandbox.world.clock.nowIso(),
      tls,
      console: true,
      alertWebhook,
    });
    assert.ok(replica.consolePort, 'the console listens');
    base = `https://127.0.0.1:${replica.consolePort}`;
    consoleAccount(databaseUrl, { login: 'Dona@Rede.com', name: 'Dona da rede', password: PASSWORD });
    consoleAccount(databaseUrl, { login: 'viewer@rede.com', name: 'Olhador', role: 'viewer', password: 'so-olho-123456' });
    consoleAccount(databaseUrl, { login: 'area@rede.com', name: 'Gerente Sul', role: 'area_manager', password: 'zona-sul-123456' });
    serverCommand(['console-group', '--database-url', databaseUrl, '--name', 'Zona Sul', '--stores', DEMO_RESTAURANT_ID, '--managers', 'area@rede.com']);
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  });

  after(async () => {
    await pool?.end();
    hook?.close();
    await replica?.kill('SIGTERM');
    await sandbox?.close();
    await cluster?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('refuses every call without a session, and a store terminal’s device credential opens nothing', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const stranger = new ConsoleClient(base);
    for (const path of ['/api/me', '/api/wall', '/api/wall/stream']) {
      const answer = await stranger.call('GET', path);
      assert.equal(answer.status, 401, path);
      assert.equal(refusalKind(answer), 'unauthenticated');
    }
    // A paired device's secret, as a cookie or a bearer token: still nobody.
    const secret = randomBytes(32);
    await pool.query("INSERT INTO devices (id, name, kind, secret_sha256, paired_ms) VALUES ('d-console-test', 'Balcão', 'counter', $1, 0)", [
      createHash('sha256').update(secret).digest(),
    ]);
    for (const token of [secret.toString('base64url'), secret.toString('hex'), 'd-console-test']) {
      const asCookie = await stranger.call('GET', '/api/wall', { headers: { cookie: `st_console=${token}` } });
      assert.equal(asCookie.status, 401);
      const asBearer = await stranger.call('GET', '/api/wall', { headers: { authorization: `Bearer ${token}` } });
      assert.equal(asBearer.status, 401);
    }
    // The page itself is public (it asks for a sign-in), with its security headers.
    const page = await stranger.call('GET', '/');
    assert.equal(page.status, 200);
    assert.match(String(page.headers['content-security-policy']), /frame-ancestors 'none'/);
    assert.equal((await stranger.call('GET', '/index.html')).status, 200, 'the console page, never the terminal’s');
    assert.equal((await stranger.call('GET', '/../../etc/passwd')).status, 404);
  });

  it('signs the owner in to an HttpOnly, Secure, SameSite=Strict session; changes need the page’s CSRF token and origin', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const owner = new ConsoleClient(base);
    const signed = await owner.signIn('dona@rede.com', PASSWORD);
    assert.equal(signed.status, 200, JSON.stringify(signed.body));
    const me = ConsoleMe.parse(signed.body);
    assert.equal(me.role, 'owner');
    assert.equal(me.login, 'dona@rede.com', 'the login is kept in lower case');
    const cookie = String(signed.headers['set-cookie']);
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/']) assert.ok(cookie.includes(flag), `${flag} in ${cookie}`);
    assert.equal((await owner.call('GET', '/api/me')).status, 200);

    const end = new Date(sandbox.world.clock.now() + 30 * 60_000).toISOString();
    const pause = { stores: [DEMO_RESTAURANT_ID], description: 'Teste', end };
    const noToken = await owner.call('POST', '/api/bulk/pause', { json: pause, headers: { 'x-csrf-token': '' } });
    assert.equal(noToken.status, 403);
    assert.equal(refusalKind(noToken), 'csrf');
    const forged = await owner.call('POST', '/api/bulk/pause', { json: pause, headers: { origin: 'https://evil.example' } });
    assert.equal(forged.status, 403, 'a cross-site request is refused even with a cookie');
    assert.equal(refusalKind(forged), 'csrf');
    const form = await owner.call('POST', '/api/bulk/pause', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    assert.equal(form.status, 400, 'a form post (what another site could send) is not JSON');
    const { rows } = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM store_actions WHERE kind = 'pause'");
    assert.equal(rows[0]?.n, 0, 'nothing refused reached the store outbox');

    const out = await owner.call('POST', '/api/sign-out');
    assert.equal(out.status, 200);
    assert.equal((await owner.call('GET', '/api/me')).status, 401, 'the session is gone on the server, not just in the browser');
  });

  it('tells each alert raised or cleared once, whichever replica looks (the database decides)', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    // A database of its own: the running replica's own looks would clear this test's alerts.
    const own = new pg.Pool({ connectionString: await cluster.database('chain_console_alerts'), max: 4 });
    t.after(() => own.end());
    await migrateChain(own, chainMigrations);
    const replicaA = new PgChainConsole(own);
    const replicaB = new PgChainConsole(own);
    const open = [{ storeId: 'loja-teste', kind: 'terminals-lost' }];
    const [a, b] = await Promise.all([replicaA.alerts(open, 1_000), replicaB.alerts(open, 1_000)]);
    assert.equal(a.raised.length + b.raised.length, 1, 'raised once between the two');
    assert.deepEqual(await replicaA.alerts(open, 2_000), { raised: [], cleared: [] }, 'still open: nothing to tell');
    const [ca, cb] = await Promise.all([replicaA.alerts([], 3_000), replicaB.alerts([], 3_000)]);
    assert.equal([...ca.cleared, ...cb.cleared].filter((x) => x.storeId === 'loja-teste').length, 1, 'cleared once between the two');
  });

  it('counts on the wall an order ready for more than 10 minutes and not collected, from its READY_TO_PICKUP event', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const own = new pg.Pool({ connectionString: await cluster.database('chain_console_shelf'), max: 2 });
    t.after(() => own.end());
    await migrateChain(own, chainMigrations);
    const now = Date.parse('2026-11-24T15:00:00Z');
    await own.query("INSERT INTO stores (id, name) VALUES ('loja-prateleira', 'Prateleira')");
    for (const [id, readyAgoMin] of [
      ['esquecido', 11],
      ['recente', 5],
    ] as const) {
      await own.query(
        `INSERT INTO orders (id, merchant_id, status, status_rank, created_ms, board_ms, is_open, updated_ms)
         VALUES ($1, 'loja-prateleira', 'READY_TO_PICKUP', 40, $2, $2, 1, $2)`,
        [id, now - 30 * 60_000],
      );
      await own.query(
        `INSERT INTO events (id, order_id, merchant_id, code, full_code, known, created_ms, received_ms) VALUES ($1, $2, 'loja-prateleira', 'RTP', 'READY_TO_PICKUP', true, $3, $3)`,
        [`rtp-${id}`, id, now - readyAgoMin * 60_000],
      );
    }
    const [row] = await new PgChainConsole(own).wall(now, now - 15_000, null);
    assert.deepEqual({ ready: row?.ready, uncollected: row?.uncollected }, { ready: 2, uncollected: 1 });
  });

  it('locks an account after five wrong passwords, on every replica (the count is in the database), and records each try', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const guesser = new ConsoleClient(base);
    for (let i = 1; i <= 4; i++) {
      const wrong = await guesser.signIn('viewer@rede.com', `errada-${i}-xxxxx`);
      assert.equal(wrong.status, 401);
      assert.equal(refusalKind(wrong), 'unauthenticated');
    }
    const fifth = await guesser.signIn('viewer@rede.com', 'errada-5-xxxxx');
    assert.equal(fifth.status, 423);
    assert.equal(refusalKind(fifth), 'locked');
    const right = await guesser.signIn('viewer@rede.com', 'so-olho-123456');
    assert.equal(right.status, 423, 'the right password waits out the lock too');
    assert.ok(Number(right.headers['retry-after']) > 0);
    const unknown = await guesser.signIn('ninguem@rede.com', 'qualquer-coisa-1');
    assert.equal(unknown.status, 401, 'an unknown login reads as a wrong password');
    const { rows } = await pool.query<{ outcome: string }>(
      "SELECT outcome FROM console_audit WHERE action = 'sign-in' AND login = 'viewer@rede.com' ORDER BY id",
    );
    assert.deepEqual(
      rows.map((r) => r.outcome),
      ['wrong password', 'wrong password', 'wrong password', 'wrong password', 'wrong password: locked', 'locked'],
    );
    // Past the lock, the right password works again (the account's lock is lifted in the database).
    await pool.query("UPDATE console_accounts SET locked_until_ms = 0 WHERE login = 'viewer@rede.com'");
    assert.equal((await guesser.signIn('viewer@rede.com', 'so-olho-123456')).status, 200);
    const refused = await guesser.call('POST', '/api/bulk/pause', {
      json: { stores: [DEMO_RESTAURANT_ID], description: 'x', end: new Date(sandbox.world.clock.now() + 600_000).toISOString() },
    });
    assert.equal(refused.status, 403, 'a viewer acts on nothing');
    assert.equal(refusalKind(refused), 'forbidden');
  });

  it('shows every store on the wall and pushes a new order there within 2 s; an area manager sees only their group', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const owner = new ConsoleClient(base);
    assert.equal((await owner.signIn('dona@rede.com', PASSWORD)).status, 200);
    await waitFor(async () => Wall.parse((await owner.call('GET', '/api/wall')).body).stores.length >= 2, 'both stores on the wall', 20_000);
    const wall = Wall.parse((await owner.call('GET', '/api/wall')).body);
    const shown = wall.stores.map((s) => s.storeId);
    assert.ok(shown.includes(DEMO_GROCERY_ID) && shown.includes(DEMO_RESTAURANT_ID), JSON.stringify(shown));
    assert.ok(
      wall.stores.every((s, i, all) => i === 0 || (all[i - 1]?.attention ?? 0) >= s.attention),
      'most urgent first',
    );

    // The stream: the wall as it is, then again when an order arrives.
    const controller = new AbortController();
    const heard: Wall[] = [];
    const response = await fetch(`${base}/api/wall/stream`, {
      headers: { cookie: owner.cookie ?? '' },
      signal: controller.signal,
      dispatcher: new Agent({ connect: { rejectUnauthorized: false } }),
    });
    assert.equal(response.status, 200);
    const reading = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of response.body ?? []) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const data = buffer
            .slice(0, cut)
            .split('\n')
            .find((l) => l.startsWith('data: '));
          if (data) heard.push(Wall.parse(JSON.parse(data.slice(6))));
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
        }
      }
    })().catch(() => undefined);
    await waitFor(() => heard.length > 0, 'the wall at once');
    const placedBefore = heard.at(-1)?.stores.find((s) => s.storeId === DEMO_GROCERY_ID)?.orders.placed ?? 0;
    const placed = await createOrder(sandbox, { merchantId: DEMO_GROCERY_ID, orderType: 'TAKEOUT' });
    const placedAt = Date.now();
    const grocery = () => heard.at(-1)?.stores.find((s) => s.storeId === DEMO_GROCERY_ID);
    await waitFor(() => (grocery()?.orders.placed ?? 0) > placedBefore, 'the new order on the wall', 5_000);
    assert.ok(Date.now() - placedAt < 2_000 + 1_000, 'pushed within the poll (1 s) and the wall’s second');
    // A customer's complaint with two minutes to answer: on the wall with its deadline, first of all.
    const dispute = await sandbox.http.send('POST', `/_sandbox/orders/${placed.id}/dispute`, { json: { expiresInSeconds: 120 } });
    assert.equal(dispute.status, 201, JSON.stringify(dispute.body));
    await waitFor(() => grocery()?.alerts.includes('request-due') === true, 'the complaint due on the wall', 5_000);
    assert.equal(grocery()?.orders.requests, 1);
    assert.ok(grocery()?.orders.requestDueAt, 'with its deadline');
    assert.equal(heard.at(-1)?.stores[0]?.storeId, DEMO_GROCERY_ID, 'the store with a complaint due comes first');
    assert.equal(heard.at(-1)?.pollingLost, false);
    // The operator's webhook hears it raised (a look every 10 s).
    await waitFor(
      () => hooked.some((h) => h.event === 'raised' && h.kind === 'request-due' && h.storeId === DEMO_GROCERY_ID),
      'the alert at the webhook',
      15_000,
    );
    assert.ok(!replica.output().includes('segredo'), "the webhook's address (its token) is never logged");
    controller.abort();
    await reading;

    const area = new ConsoleClient(base);
    assert.equal((await area.signIn('area@rede.com', 'zona-sul-123456')).status, 200);
    const theirs = Wall.parse((await area.call('GET', '/api/wall')).body);
    assert.deepEqual(
      theirs.stores.map((s) => s.storeId),
      [DEMO_RESTAURANT_ID],
      'only the stores of their group',
    );
    const end = new Date(sandbox.world.clock.now() + 30 * 60_000).toISOString();
    const outside = await area.call('POST', '/api/bulk/pause', { json: { stores: [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID], description: 'Chuva', end } });
    assert.equal(outside.status, 403, 'a store outside their groups: nothing is done');
    assert.equal(refusalKind(outside), 'forbidden');
    assert.equal(sandbox.world.merchantOps.interruptions(DEMO_GROCERY_ID).length, 0);
  });

  it('pauses several stores in one action and sells a dish out across them: each store once on the platform, progress per store, refusals said per store', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const owner = new ConsoleClient(base);
    assert.equal((await owner.signIn('dona@rede.com', PASSWORD)).status, 200);
    const end = new Date(sandbox.world.clock.now() + 45 * 60_000).toISOString();
    const started = await owner.call('POST', '/api/bulk/pause', {
      json: { stores: [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID, DEMO_RESTAURANT_ID], description: 'Falta de gás na rede', end },
    });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const bulk = BulkView.parse(started.body);
    assert.equal(bulk.stores.length, 2, 'a store named twice is paused once');
    await waitFor(
      async () => BulkView.parse((await owner.call('GET', `/api/bulk/${bulk.bulkId}`)).body).stores.every((s) => s.state === 'done'),
      'every store paused',
      20_000,
    );
    for (const store of [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID]) {
      const pauses = sandbox.world.merchantOps.interruptions(store).filter((p) => p.description === 'Falta de gás na rede');
      assert.equal(pauses.length, 1, `one pause at ${store}`);
      const posts = sandbox.world.orders.storeCalls.of(store).filter((c) => c.route === 'POST /merchants/{merchantId}/interruptions');
      assert.equal(posts.length, 1, `one call at ${store}`);
    }
    const { rows } = await pool.query<{ action: string; store_ids: string[]; outcome: string }>(
      "SELECT action, store_ids, outcome FROM console_audit WHERE action = 'bulk-pause' AND login = 'dona@rede.com' ORDER BY id DESC LIMIT 1",
    );
    assert.deepEqual(rows[0]?.store_ids.sort(), [DEMO_GROCERY_ID, DEMO_RESTAURANT_ID].sort());
    assert.equal(rows[0]?.outcome, 'queued');

    // Sold out by the product's code across stores: done where the menu has it, failed in words where it does not.
    const soldOut = await owner.call('POST', '/api/bulk/sold-out', {
      json: { stores: [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID], externalCode: 'CV-MAS-02', status: 'UNAVAILABLE' },
    });
    assert.equal(soldOut.status, 202, JSON.stringify(soldOut.body));
    const soldOutId = BulkView.parse(soldOut.body).bulkId;
    await waitFor(
      async () => BulkView.parse((await owner.call('GET', `/api/bulk/${soldOutId}`)).body).stores.every((s) => s.state !== 'queued'),
      'the sold-out settled in every store',
      30_000,
    );
    const settled = BulkView.parse((await owner.call('GET', `/api/bulk/${soldOutId}`)).body);
    assert.equal(settled.kind, 'sold-out');
    assert.deepEqual(
      settled.stores.map((s) => [s.storeId, s.state]),
      [
        [DEMO_RESTAURANT_ID, 'done'],
        [DEMO_GROCERY_ID, 'failed'],
      ],
    );
    assert.match(String(settled.stores[1]?.reason), /No product with the code CV-MAS-02/);
    const restaurantCatalog = sandbox.world.catalog.of(DEMO_RESTAURANT_ID);
    const product = [...restaurantCatalog.products.values()].find((p) => p.externalCode === 'CV-MAS-02');
    const items = [...restaurantCatalog.items.values()].filter((i) => i.productId === product?.id);
    assert.ok(items.length > 0 && items.every((i) => i.status === 'UNAVAILABLE'), 'the dish sold out on the platform');
    assert.equal(
      sandbox.world.orders.storeCalls.of(DEMO_RESTAURANT_ID).filter((c) => c.route === 'PATCH /products/status').length,
      1,
      'one batch sent to the restaurant',
    );

    // One week of opening hours for a group of stores: each store's hours replaced once.
    const week = (['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] as const).map((dayOfWeek) => ({ dayOfWeek, start: '11:00:00', duration: 240 }));
    const hours = await owner.call('POST', '/api/bulk/hours', { json: { stores: [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID], shifts: week } });
    assert.equal(hours.status, 202, JSON.stringify(hours.body));
    const hoursId = BulkView.parse(hours.body).bulkId;
    await waitFor(
      async () => BulkView.parse((await owner.call('GET', `/api/bulk/${hoursId}`)).body).stores.every((s) => s.state === 'done'),
      'the hours replaced in every store',
      20_000,
    );
    for (const store of [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID]) {
      assert.deepEqual(
        sandbox.world.merchantOps.shifts(store).map((s) => [s.dayOfWeek, s.start, s.duration]),
        week.map((s) => [s.dayOfWeek, s.start, s.duration]),
        `the week at ${store}`,
      );
      assert.equal(sandbox.world.orders.storeCalls.of(store).filter((c) => c.route === 'PUT /merchants/{merchantId}/opening-hours').length, 1);
    }
    // One promotion for a group: created once in each store; a draft that breaks a rule is refused whole, nothing queued.
    const eans = [...sandbox.world.catalog.of(DEMO_GROCERY_ID).products.values()].flatMap((p) => (p.ean ? [p.ean] : [])).slice(0, 2);
    const today = dayOf(sandbox.world.clock.now());
    const draft = {
      name: 'Semana da rede',
      promotionType: 'PERCENTAGE',
      eans,
      discountValue: 10,
      quantityToBuy: null,
      quantityToPay: null,
      initialDate: today,
      finalDate: dayOf(sandbox.world.clock.now() + 6 * 86_400_000),
    };
    const promoted = await owner.call('POST', '/api/bulk/promotion', { json: { stores: [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID], draft } });
    assert.equal(promoted.status, 202, JSON.stringify(promoted.body));
    const promotionId = BulkView.parse(promoted.body).bulkId;
    await waitFor(
      async () => BulkView.parse((await owner.call('GET', `/api/bulk/${promotionId}`)).body).stores.every((s) => s.state === 'done'),
      'the promotion created in every store',
      20_000,
    );
    for (const store of [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID]) {
      assert.equal(
        sandbox.world.orders.storeCalls.of(store).filter((c) => c.route === 'POST /merchants/{merchantId}/promotions').length,
        1,
        `one promotion call at ${store}`,
      );
    }
    const noDiscount = await owner.call('POST', '/api/bulk/promotion', { json: { stores: [DEMO_GROCERY_ID], draft: { ...draft, discountValue: 0 } } });
    assert.equal(noDiscount.status, 400);
    assert.match(String((noDiscount.body as { error: { message: string } }).error.message), /discountValue/);

    const broken = await owner.call('POST', '/api/bulk/hours', {
      json: { stores: [DEMO_GROCERY_ID], shifts: [{ dayOfWeek: 'MONDAY', start: '23:00:00', duration: 60 * 24 * 2 }] },
    });
    assert.equal(broken.status, 202);
    assert.equal(BulkView.parse(broken.body).stores[0]?.state, 'failed', 'hours that break a rule go nowhere, said per store');

    // A pause that breaks the platform's rules (ends in the past) is refused per store, in words; nothing is queued.
    const late = await owner.call('POST', '/api/bulk/pause', {
      json: { stores: [DEMO_GROCERY_ID], description: 'Atrasada', end: new Date(sandbox.world.clock.now() - 60_000).toISOString() },
    });
    assert.equal(late.status, 202);
    const refused = BulkView.parse(late.body).stores[0];
    assert.equal(refused?.state, 'failed');
    assert.match(String(refused?.reason), /rule/);
  });

  it("reports each store's orders, confirmation time and cancellations as the sandbox has them; two periods; CSV", async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const owner = new ConsoleClient(base);
    assert.equal((await owner.signIn('dona@rede.com', PASSWORD)).status, 200);
    const start = sandbox.world.clock.now();
    const confirmed = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    sandbox.world.clock.advance(30);
    const token = await sandbox.http.token();
    assert.equal((await sandbox.http.send('POST', `/order/v1.0/orders/${confirmed.id}/confirm`, { token })).status, 202);
    // The other one is never confirmed: the platform cancels it at its deadline (8 minutes).
    sandbox.world.clock.advance(9 * 60);
    const period = `from=${new Date(start - 86_400_000).toISOString()}&to=${new Date(sandbox.world.clock.now() + 86_400_000).toISOString()}`;
    const sandboxOrders = (store: string) => [...sandbox.world.orders.orders.values()].filter((o) => o.detail.merchant.id === store);
    const expected = (store: string) => ({
      orders: sandboxOrders(store).length,
      cancelled: sandboxOrders(store).filter((o) => o.detail.status === 'CANCELLED').length,
    });
    const restaurantRow = async () =>
      Report.parse((await owner.call('GET', `/api/reports?${period}`)).body).periods[0]?.stores.find((r) => r.storeId === DEMO_RESTAURANT_ID);
    await waitFor(
      async () => {
        const row = await restaurantRow();
        return (
          row !== undefined &&
          row.orders === expected(DEMO_RESTAURANT_ID).orders &&
          row.cancelled === expected(DEMO_RESTAURANT_ID).cancelled &&
          row.confirmP50Ms !== null
        );
      },
      "the report caught up with the platform's orders",
      30_000,
    );
    const report = Report.parse((await owner.call('GET', `/api/reports?${period}`)).body);
    for (const store of [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID]) {
      const row = report.periods[0]?.stores.find((r) => r.storeId === store);
      assert.deepEqual({ orders: row?.orders ?? 0, cancelled: row?.cancelled ?? 0 }, expected(store), `the report of ${store} counts what the sandbox has`);
    }
    const restaurant = await restaurantRow();
    // The sandbox's clock runs between the two steps: 30 s and the few milliseconds of the calls.
    assert.ok(Math.abs((restaurant?.confirmP50Ms ?? 0) - 30_000) < 2_000, `the one confirmed order took 30 s to confirm: ${restaurant?.confirmP50Ms}`);
    assert.ok((restaurant?.cancelledBy.CONFIRMATION_TIMEOUT ?? 0) >= 1, "the platform's timeout named as the reason");
    assert.ok((restaurant?.lateShare ?? 0) > 0, 'an order cancelled unconfirmed past its deadline is late');

    // The platform's rating beside the figures, as its review summary gives it: read by a replica every 15 minutes (here made stale now).
    await pool.query('UPDATE store_ratings SET read_ms = 0, claimed_ms = 0');
    const readAgain = async () =>
      (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM store_ratings WHERE store_id = $1 AND read_ms > 0', [DEMO_RESTAURANT_ID])).rows[0]?.n ===
      1;
    await waitFor(readAgain, 'the restaurant’s rating read again', 30_000);
    const summary = (await sandbox.http.send('GET', `/review/v2.0/merchants/${DEMO_RESTAURANT_ID}/summary`, { token })).body as {
      score: number;
      validReviewsCount: number;
    };
    const rated = await restaurantRow();
    assert.deepEqual(
      { rating: rated?.rating, reviews: rated?.ratedReviews },
      { rating: Math.round(summary.score * 100) / 100, reviews: summary.validReviewsCount },
    );

    const earlier = `&compareFrom=${new Date(start - 8 * 86_400_000).toISOString()}&compareTo=${new Date(start - 7 * 86_400_000).toISOString()}`;
    const compared = Report.parse((await owner.call('GET', `/api/reports?${period}${earlier}`)).body);
    assert.equal(compared.periods.length, 2);
    assert.deepEqual(compared.periods[1]?.stores, [], 'nothing the week before');
    const csv = await owner.call('GET', `/api/reports.csv?${period}`);
    assert.equal(csv.status, 200);
    assert.match(String(csv.headers['content-type']), /text\/csv/);
    const lines = String(csv.body).trim().split('\r\n');
    assert.equal(lines[0]?.split(',')[2], 'store_id');
    assert.equal(lines.length, 1 + (report.periods[0]?.stores.length ?? 0));
    const bad = await owner.call('GET', '/api/reports?from=ontem&to=hoje');
    assert.equal(bad.status, 400);
    assert.equal(refusalKind(bad), 'invalid');
  });
  it("shows a store's page: its wall row, its open orders and its latest events; a store outside an area manager's groups is not found", async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const owner = new ConsoleClient(base);
    assert.equal((await owner.signIn('dona@rede.com', PASSWORD)).status, 200);
    const placed = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    const page = async () => StorePage.parse((await owner.call('GET', `/api/stores/${DEMO_RESTAURANT_ID}`)).body);
    await waitFor(async () => (await page()).orders.some((o) => o.orderId === placed.id), 'the new order on the store page', 20_000);
    const shown = await page();
    assert.equal(shown.store.storeId, DEMO_RESTAURANT_ID);
    const order = shown.orders.find((o) => o.orderId === placed.id);
    assert.deepEqual(order && { status: order.status, late: order.late }, { status: 'PLACED', late: false });
    assert.ok(
      shown.events.some((e) => e.orderId === placed.id && e.code === 'PLACED'),
      'its PLACED event among the latest',
    );

    const area = new ConsoleClient(base);
    assert.equal((await area.signIn('area@rede.com', 'zona-sul-123456')).status, 200);
    assert.equal((await area.call('GET', `/api/stores/${DEMO_RESTAURANT_ID}`)).status, 200, 'their group’s store');
    const outside = await area.call('GET', `/api/stores/${DEMO_GROCERY_ID}`);
    assert.equal(outside.status, 404, 'a store outside their groups is not told');
    assert.equal((await owner.call('GET', '/api/stores/no-such-store')).status, 404);
    assert.equal((await owner.call('GET', '/api/stores/..%2F..%2Fetc')).status, 404);
  });

  it('serves one session on every replica: signed in on one, the other reads the wall and follows a bulk pause it did not start', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const other = await startChainReplica({
      name: 'console-b',
      databaseUrl,
      sandboxUrl: sandbox.url,
      clockAt: sandbox.world.clock.nowIso(),
      tls: await chainCertificate(folder),
      console: true,
    });
    t.after(() => other.kill('SIGTERM'));
    const onA = new ConsoleClient(base);
    assert.equal((await onA.signIn('dona@rede.com', PASSWORD)).status, 200);
    // The same browser behind a load balancer: its cookie and CSRF token reach replica B.
    const onB = new ConsoleClient(`https://127.0.0.1:${other.consolePort}`);
    onB.cookie = onA.cookie;
    onB.csrf = onA.csrf;
    const wallB = Wall.parse((await onB.call('GET', '/api/wall')).body);
    assert.ok(
      wallB.stores.some((s) => s.storeId === DEMO_RESTAURANT_ID),
      'replica B shows the wall to A’s session',
    );
    // A branch of its own: the demo stores carry the earlier tests' pauses (a new one would overlap them).
    const branch = ((await sandbox.http.send('POST', '/_sandbox/stores', { json: { count: 1 } })).body as { stores: { id: string }[] }).stores[0]?.id ?? '';
    const end = new Date(sandbox.world.clock.now() + 20 * 60_000).toISOString();
    const started = await onB.call('POST', '/api/bulk/pause', { json: { stores: [branch], description: 'Pausa pela réplica B', end } });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const { bulkId } = BulkView.parse(started.body);
    await waitFor(
      async () => BulkView.parse((await onA.call('GET', `/api/bulk/${bulkId}`)).body).stores.every((s) => s.state === 'done'),
      'replica A follows the pause B started to done',
      20_000,
    );
    assert.equal(sandbox.world.merchantOps.interruptions(branch).filter((p) => p.description === 'Pausa pela réplica B').length, 1, 'paused once');
    assert.equal((await onB.call('POST', '/api/sign-out')).status, 200);
    assert.equal((await onA.call('GET', '/api/me')).status, 401, 'signed out on B, gone on A');
  });

  it('lets an owner make accounts and store groups from the console, and nobody else; a removed account’s session ends at once', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const owner = new ConsoleClient(base);
    assert.equal((await owner.signIn('dona@rede.com', PASSWORD)).status, 200);
    const made = await owner.call('POST', '/api/accounts', {
      json: { login: 'Norte@Rede.com', name: 'Gerente Norte', role: 'area_manager', password: 'zona-norte-12345' },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const listed = ConsoleAccountList.parse(made.body).accounts.find((a) => a.login === 'norte@rede.com');
    assert.deepEqual(listed && { role: listed.role, groups: listed.groups, lockedUntil: listed.lockedUntil }, {
      role: 'area_manager',
      groups: [],
      lockedUntil: null,
    });
    assert.ok(!JSON.stringify(made.body).includes('zona-norte'), 'no password, nor its hash, in the answer');
    const again = await owner.call('POST', '/api/accounts', { json: { login: 'norte@rede.com', name: 'Outro', role: 'owner', password: 'outra-senha-1234' } });
    assert.equal(refusalKind(again), 'invalid', 'a login taken is said, never overwritten');
    const short = await owner.call('POST', '/api/accounts', { json: { login: 'x@rede.com', name: 'X', role: 'viewer', password: 'curta' } });
    assert.equal(short.status, 400, 'a short password is refused before any work');

    const saved = await owner.call('POST', '/api/groups', { json: { name: 'Zona Norte', stores: [DEMO_GROCERY_ID], managers: ['norte@rede.com'] } });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const north = StoreGroupList.parse(saved.body).groups.find((g) => g.name === 'Zona Norte');
    assert.deepEqual(north && { stores: north.stores, managers: north.managers }, { stores: [DEMO_GROCERY_ID], managers: ['norte@rede.com'] });

    // The new area manager signs in and sees the grocery only; managing accounts is an owner's.
    const manager = new ConsoleClient(base);
    assert.equal((await manager.signIn('norte@rede.com', 'zona-norte-12345')).status, 200);
    const wall = Wall.parse((await manager.call('GET', '/api/wall')).body);
    assert.deepEqual(
      wall.stores.map((s) => s.storeId),
      [DEMO_GROCERY_ID],
    );
    assert.deepEqual(
      StoreGroupList.parse((await manager.call('GET', '/api/groups')).body).groups.map((g) => g.name),
      ['Zona Norte'],
      'an area manager reads their own groups',
    );
    assert.equal(refusalKind(await manager.call('GET', '/api/accounts')), 'forbidden');
    const grab = await manager.call('POST', '/api/groups', {
      json: { id: north?.id, name: 'Zona Norte', stores: [DEMO_GROCERY_ID, DEMO_RESTAURANT_ID], managers: ['norte@rede.com'] },
    });
    assert.equal(refusalKind(grab), 'forbidden', 'an area manager cannot widen their own group');
    const viewer = new ConsoleClient(base);
    assert.equal((await viewer.signIn('viewer@rede.com', 'so-olho-123456')).status, 200);
    assert.equal(
      refusalKind(await viewer.call('POST', '/api/accounts', { json: { login: 'y@rede.com', name: 'Y', role: 'owner', password: 'senha-longa-123' } })),
      'forbidden',
    );

    // Replaced whole: the restaurant in, the grocery out, for the manager's very next call.
    const replaced = await owner.call('POST', '/api/groups', {
      json: { id: north?.id, name: 'Zona Norte', stores: [DEMO_RESTAURANT_ID], managers: ['norte@rede.com'] },
    });
    assert.equal(replaced.status, 200);
    assert.deepEqual(
      Wall.parse((await manager.call('GET', '/api/wall')).body).stores.map((s) => s.storeId),
      [DEMO_RESTAURANT_ID],
    );

    assert.equal(refusalKind(await owner.call('POST', '/api/accounts/remove', { json: { login: 'dona@rede.com' } })), 'invalid', 'not your own account');
    const removed = await owner.call('POST', '/api/accounts/remove', { json: { login: 'norte@rede.com' } });
    assert.equal(removed.status, 200);
    assert.equal((await manager.call('GET', '/api/wall')).status, 401, 'the removed account’s session ended with it');
    const { rows } = await pool.query<{ action: string; login: string; outcome: string }>(
      "SELECT action, login, outcome FROM console_audit WHERE action LIKE 'account-%' OR action LIKE 'group-%' ORDER BY id",
    );
    assert.deepEqual(
      rows.map((r) => `${r.login} ${r.action} ${r.outcome.split(':')[0]}`),
      [
        'dona@rede.com account-create created',
        'dona@rede.com account-create refused',
        'dona@rede.com group-save saved',
        'norte@rede.com group-save refused',
        'viewer@rede.com account-create refused',
        'dona@rede.com group-save saved',
        'dona@rede.com account-remove refused',
        'dona@rede.com account-remove removed',
      ],
      'every change and every refusal recorded with who',
    );
  });
});
