import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import type { WallStore } from '../../../src-shared/console/console-api';
import type { PrintStatus } from '../../../src-shared/ipc/channels/print';
import type { RushView } from '../../../src-shared/ipc/channels/rush';
import { silentLogger } from '../../../src-main/base/log';
import type { RemoteEndpoint } from '../../../src-main/hub/link/remote-endpoint';
import { PrinterReporter } from '../../../src-main/hub/screen-print/printer-report';
import { certificateFingerprint } from '../../../src-main/hub/trust/fingerprint';
import { readWall, type ConsoleClient } from '../../support/chain/console-client';
import { linkTerminal } from '../../support/chain/linked-terminal';
import { clusterOrSkip } from '../../support/chain/db';
import type { PgCluster } from '../../support/chain/pg-cluster';
import { CHAIN_OWNER, chainCertificate, signedInConsole, startChainReplica, type ChainReplica } from '../../support/chain/process';
import { withSandbox } from '../../support/sandbox/sandbox';
import { advance, createOrder, type Sandbox } from '../../support/sandbox/orders';
import { waitFor } from '../../support/sync/harness';

/**
 * What a chain's store terminals tell the manager console, end to end: a replica as a process on a
 * throwaway PostgreSQL and the sandbox, its console signed in as the owner, store terminals linked
 * over the screens' socket with their device credentials (the terminal's own link and printer
 * report). A printer out shows on its store's row and raises the "printer out" alert (and the
 * operator's webhook hears it), clears when it prints again and when the terminal is lost; a
 * malformed report is refused in words and the replica goes on; a terminal speaks only for its own
 * stores. The rush gauge per store, read from PostgreSQL with the terminal's own rules: orders timed
 * out at a store put "closure risk" on its row and in its terminal's `rush:gauge` and `rush:changed`,
 * never in another store's terminal.
 */
describe("a chain's store terminals on the console's wall", () => {
  let cluster: PgCluster | null = null;
  let sandbox: Sandbox;
  let replica: ChainReplica;
  let databaseUrl = '';
  let pool: pg.Pool;
  let fingerprint = '';
  const owner = { client: null as ConsoleClient | null };
  const folder = mkdtempSync(join(tmpdir(), 'st-console-terminals-'));
  const hooked: { event: string; kind: string; storeId: string }[] = [];
  let hook: Server;
  const linked: RemoteEndpoint[] = [];

  before(async () => {
    cluster = await clusterOrSkip('the console terminals test');
    if (!cluster) return;
    sandbox = await withSandbox();
    databaseUrl = await cluster.database('chain_console_terminals');
    const tls = await chainCertificate(folder);
    fingerprint = certificateFingerprint(readFileSync(tls.cert, 'utf8'));
    hook = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += String(chunk)));
      request.on('end', () => {
        hooked.push(JSON.parse(body) as (typeof hooked)[number]);
        response.end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    replica = await startChainReplica({
      name: 'console-terminals',
      databaseUrl,
      sandboxUrl: sandbox.url,
      clockAt: sandbox.world.clock.nowIso(),
      tls,
      console: true,
      alertWebhook: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/alerts`,
    });
    owner.client = await signedInConsole(databaseUrl, replica, CHAIN_OWNER);
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    // The replica names the platform's stores at start: a device is granted stores the chain knows.
    await waitFor(async () => (await wall()).stores.length >= 2, 'the stores on the wall', 20_000);
  });

  after(async () => {
    for (const endpoint of linked) await endpoint.close();
    await pool?.end();
    hook?.close();
    await replica?.kill('SIGTERM');
    await sandbox?.close();
    await cluster?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const wall = () => readWall(owner.client as ConsoleClient);
  const row = async (storeId: string): Promise<WallStore> => {
    const found = (await wall()).stores.find((s) => s.storeId === storeId);
    assert.ok(found, storeId);
    return found;
  };

  /** A store terminal of `stores`, linked to the replica, with its printer report as the terminal wires it. */
  const terminal = async (stores: string[], name: string) => {
    const { endpoint, pushes } = await linkTerminal({ pool, port: replica.port, fingerprint, now: sandbox.world.clock.now(), stores, name });
    linked.push(endpoint);
    // What the terminal's own print queue tells its server (hub/screen-queue/kept-on-screen.ts wires the same).
    const reporter = new PrinterReporter({
      send: (report) => endpoint.invoke('print:report', report),
      linkUp: () => endpoint.link().state === 'connected',
      logger: silentLogger,
    });
    return { endpoint, reporter, pushes };
  };

  const printers = (state: 'ok' | 'error'): PrintStatus => ({
    printers: [
      { id: 'cozinha', state, error: state === 'error' ? { code: 'printer', message: 'sem papel', reason: 'paper-out' } : null, since: null, waiting: 2 },
      { id: 'balcao', state: 'ok', error: null, since: null, waiting: 0 },
    ],
  });

  it('shows a printer out on its store’s row and raises the alert (the webhook hears it once); printing again clears it', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const kitchen = await terminal([DEMO_RESTAURANT_ID], 'Cantina — Cozinha');
    kitchen.reporter.changed(printers('error'));
    await waitFor(async () => (await row(DEMO_RESTAURANT_ID)).terminals.printersOut === 1, 'the printer out on the wall');
    const out = await row(DEMO_RESTAURANT_ID);
    assert.ok(out.alerts.includes('printer-out'), JSON.stringify(out.alerts));
    assert.equal((await wall()).stores[0]?.storeId, DEMO_RESTAURANT_ID, 'first among the stores that need a look');
    const told = (event: string) => hooked.filter((h) => h.kind === 'printer-out' && h.storeId === DEMO_RESTAURANT_ID && h.event === event).length;
    await waitFor(() => told('raised') === 1, 'the webhook hears the printer out', 25_000);

    kitchen.reporter.changed(printers('ok'));
    await waitFor(async () => (await row(DEMO_RESTAURANT_ID)).terminals.printersOut === 0, 'the printer back');
    assert.ok(!(await row(DEMO_RESTAURANT_ID)).alerts.includes('printer-out'));
    await waitFor(() => told('cleared') === 1, 'the webhook hears it cleared', 25_000);
    assert.equal(told('raised'), 1, 'raised once');
  });

  it('refuses a malformed report in words and goes on; a terminal speaks for its own stores only; a lost terminal’s printers are forgotten', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const grocery = await terminal([DEMO_GROCERY_ID], 'Mercado — Caixa');
    for (const junk of [
      { printers: [{ id: 'cozinha', state: 'pegando fogo', since: null, waiting: 1 }] },
      { printers: 'todas' },
      { merchantId: DEMO_RESTAURANT_ID, printers: [{ id: 'cozinha', state: 'error', since: null, waiting: 1 }] },
      { printers: [{ id: 'x'.repeat(5_000), state: 'error', since: null, waiting: -1 }] },
    ]) {
      const refused = await grocery.endpoint.invoke('print:report', junk);
      assert.equal(!refused.ok && refused.error.code, 'bad-input', JSON.stringify(junk).slice(0, 80));
      assert.ok(!refused.ok && refused.error.message.length > 0, 'a refusal says why');
    }
    assert.equal(replica.process.exitCode, null, 'the replica lives');
    assert.equal(grocery.endpoint.link().state, 'connected', 'and keeps the terminal');

    // The grocery's printer out is the grocery's: the restaurant's row says nothing of it.
    grocery.reporter.changed(printers('error'));
    await waitFor(async () => (await row(DEMO_GROCERY_ID)).terminals.printersOut === 1, "the grocery's printer out");
    const restaurant = await row(DEMO_RESTAURANT_ID);
    assert.equal(restaurant.terminals.printersOut, 0);
    assert.ok(!restaurant.alerts.includes('printer-out'));

    // The terminal goes (its link closed): its printers say nothing any more.
    await grocery.endpoint.close();
    await waitFor(async () => (await row(DEMO_GROCERY_ID)).terminals.printersOut === 0, "the lost terminal's printers forgotten");
    assert.ok(!(await row(DEMO_GROCERY_ID)).alerts.includes('printer-out'));
  });

  it("says a store's rush on the wall and to its own terminals only: two orders timed out are swamped with the closure risk", async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const counter = await terminal([DEMO_RESTAURANT_ID], 'Cantina — Balcão');
    const grocery = await terminal([DEMO_GROCERY_ID], 'Mercado — Caixa 2');
    const orders = [
      await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' }),
      await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' }),
    ];
    const heardOrder = (id: string) => counter.pushes.some((p) => p.event === 'orders:changed' && JSON.stringify(p.payload).includes(id));
    await waitFor(() => orders.every((o) => heardOrder(o.id)), 'the orders on the chain');
    // Nobody confirms: the platform's 8 minutes run out and it cancels both (CONFIRMATION_TIMEOUT). One more would close the store.
    await advance(sandbox, 8 * 60 + 1);
    await waitFor(async () => (await row(DEMO_RESTAURANT_ID)).alerts.includes('closure-risk'), 'the closure risk on the wall', 20_000);
    const restaurant = await row(DEMO_RESTAURANT_ID);
    assert.equal(restaurant.rush.level, 'swamped');
    assert.deepEqual(
      restaurant.rush.warnings.map((w) => w.rule),
      ['timeouts'],
    );
    assert.equal((await wall()).stores[0]?.storeId, DEMO_RESTAURANT_ID, 'first among the stores that need a look');
    assert.equal((await row(DEMO_GROCERY_ID)).rush.level, 'calm');

    const gauge = await counter.endpoint.invoke('rush:gauge', {});
    assert.ok(gauge.ok, JSON.stringify(gauge));
    const mine = (gauge.value as RushView).stores.find((s) => s.merchantId === DEMO_RESTAURANT_ID);
    assert.equal(mine?.level, 'swamped');
    assert.deepEqual(mine?.warnings[0], { rule: 'timeouts', timedOut: 2, limit: 3, aboutToTimeOut: 0 });
    await waitFor(
      () => counter.pushes.some((p) => p.event === 'rush:changed' && (p.payload as RushView).stores.some((s) => s.merchantId === DEMO_RESTAURANT_ID)),
      "the restaurant's terminal hears its rush pushed",
    );

    const theirs = await grocery.endpoint.invoke('rush:gauge', {});
    assert.ok(theirs.ok, JSON.stringify(theirs));
    assert.deepEqual(
      (theirs.value as RushView).stores.map((s) => s.merchantId),
      [],
      "the grocery's terminal gets no other store's gauge",
    );
    assert.ok(!grocery.pushes.some((p) => p.event === 'rush:changed' && JSON.stringify(p.payload).includes(DEMO_RESTAURANT_ID)), 'nor hears it pushed');
  });
});
