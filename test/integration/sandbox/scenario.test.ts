import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { PROFILES, ScenarioRunner, startScenario } from '../../../src-sandbox/scenario/index';
import { sandboxWithTokens } from '../../support/sandbox/sandbox';
import { action, advance, codesOf, type Sandbox } from '../../support/sandbox/orders';

const DEMO_STORES = [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID, DEMO_PIZZERIA_ID];

describe('sandbox scenario generator', () => {
  let sandbox: Sandbox;
  let demo: string;
  before(async () => ({ sandbox, demo } = await sandboxWithTokens()));
  after(() => sandbox.close());

  const orders = () => [...sandbox.world.orders.orders.values()];

  it('places orders of mixed types for the demo stores only, every few seconds when busy', async () => {
    await sandbox.http.send('POST', '/_sandbox/reset');
    const runner = new ScenarioRunner(sandbox.world, PROFILES.busy, { seed: 11 });
    assert.deepEqual(runner.tick().ordersPlaced, [], 'nothing before the first order is due');
    let placed = 0;
    for (let i = 0; i < 60; i++) {
      await advance(sandbox, 5);
      placed += runner.tick().ordersPlaced.length;
    }
    // 300 s at one order every 6 to 15 s.
    assert.ok(placed >= 20 && placed <= 51, `placed ${placed}`);
    const all = orders();
    assert.ok(all.every((o) => DEMO_STORES.includes(o.detail.merchant.id)));
    assert.ok(!all.some((o) => o.detail.merchant.id === OTHER_BAKERY_ID));
    const kinds = new Set(all.map((o) => `${o.detail.orderType}/${o.detail.delivery?.deliveredBy ?? '-'}`));
    for (const kind of ['DELIVERY/PLATFORM', 'DELIVERY/MERCHANT', 'TAKEOUT/-']) assert.ok(kinds.has(kind), `${kind} among ${[...kinds].join(', ')}`);
    assert.ok(new Set(all.map((o) => o.detail.merchant.id)).size >= 2);
    // The pizzeria offers DELIVERY only.
    assert.ok(all.filter((o) => o.detail.merchant.id === DEMO_PIZZERIA_ID).every((o) => o.detail.orderType === 'DELIVERY'));
  });

  it('is quiet in quiet mode: about one order a minute', async () => {
    await sandbox.http.send('POST', '/_sandbox/reset');
    const runner = new ScenarioRunner(sandbox.world, PROFILES.quiet, { seed: 3 });
    let placed = 0;
    for (let i = 0; i < 20; i++) {
      await advance(sandbox, 30);
      placed += runner.tick().ordersPlaced.length;
    }
    assert.ok(placed >= 5 && placed <= 12, `placed ${placed} in 10 minutes`);
  });

  it('assigns a driver to a confirmed PLATFORM delivery, rides, and concludes once ready', async () => {
    await sandbox.http.send('POST', '/_sandbox/reset');
    demo = await sandbox.http.token('demo', 'demo-secret');
    const runner = new ScenarioRunner(sandbox.world, PROFILES.busy, { seed: 5, merchantIds: [DEMO_RESTAURANT_ID] });
    const created = await sandbox.http.send('POST', '/_sandbox/orders', { json: { merchantId: DEMO_RESTAURANT_ID } });
    const id = (created.body as { id: string }).id;
    runner.tick();
    assert.equal((await action(sandbox, demo, id, 'confirm')).status, 202);
    for (let i = 0; i < 10; i++) {
      await advance(sandbox, 10);
      runner.tick();
    }
    assert.ok((await codesOf(sandbox, id)).includes('ADR'), 'driver assigned within 100 s of confirmation');
    await action(sandbox, demo, id, 'readyToPickup');
    for (let i = 0; i < 40; i++) {
      await advance(sandbox, 15);
      runner.tick();
    }
    const codes = await codesOf(sandbox, id);
    assert.deepEqual(codes.slice(0, 2), ['PLC', 'CFM']);
    for (const code of ['ADR', 'GTO', 'AAO', 'CLT', 'DSP', 'AAD', 'CON']) assert.ok(codes.includes(code), `${code} in ${codes.join(' ')}`);
    assert.equal(sandbox.world.orders.get(id)?.detail.status, 'CONCLUDED');
  });

  it('concludes a ready takeout and a dispatched merchant delivery; leaves unconfirmed orders to the deadline', async () => {
    await sandbox.http.send('POST', '/_sandbox/reset');
    demo = await sandbox.http.token('demo', 'demo-secret');
    const runner = new ScenarioRunner(sandbox.world, PROFILES.busy, { seed: 8, merchantIds: [DEMO_GROCERY_ID] });
    const make = async (json: Record<string, unknown>) =>
      ((await sandbox.http.send('POST', '/_sandbox/orders', { json: { merchantId: DEMO_GROCERY_ID, ...json } })).body as { id: string }).id;
    const takeout = await make({ orderType: 'TAKEOUT' });
    const merchant = await make({ deliveredBy: 'MERCHANT' });
    const ignored = await make({});
    await action(sandbox, demo, takeout, 'confirm');
    await action(sandbox, demo, takeout, 'readyToPickup');
    await action(sandbox, demo, merchant, 'confirm');
    await action(sandbox, demo, merchant, 'dispatch', { deliveredBy: 'MERCHANT' });
    for (let i = 0; i < 40; i++) {
      await advance(sandbox, 15);
      runner.tick();
    }
    const status = (id: string) => sandbox.world.orders.get(id)?.detail.status;
    assert.equal(status(takeout), 'CONCLUDED');
    assert.equal(status(merchant), 'CONCLUDED');
    assert.equal(status(ignored), 'CANCELLED');
  });

  it('adds reviews through the review module', async () => {
    await sandbox.http.send('POST', '/_sandbox/reset');
    const before = DEMO_STORES.reduce((n, id) => n + sandbox.world.reviews.of(id).length, 0);
    const runner = new ScenarioRunner(sandbox.world, PROFILES.busy, { seed: 2 });
    const added: string[] = [];
    for (let i = 0; i < 30; i++) {
      await advance(sandbox, 20);
      added.push(...runner.tick().reviewsAdded);
    }
    assert.ok(added.length >= 3, `${added.length} reviews in 10 minutes`);
    const after = DEMO_STORES.reduce((n, id) => n + sandbox.world.reviews.of(id).length, 0);
    assert.equal(after - before, added.length);
  });

  it('starts and stops its timer; "none" starts nothing', () => {
    assert.equal(startScenario(sandbox.world, 'none'), undefined);
    const runner = startScenario(sandbox.world, 'quiet');
    assert.ok(runner?.running);
    runner?.stop();
    runner?.stop();
    assert.equal(runner?.running, false);
  });
});

describe('sandbox CLI --scenario', () => {
  const cli = (args: string[]) => spawn(process.execPath, ['--import', 'tsx', 'src-sandbox/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });

  it('refuses an unknown scenario with the usage and exit code 2', { timeout: 20_000 }, async () => {
    const child = cli(['--port', '0', '--scenario', 'hectic']);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    assert.equal(code, 2);
    assert.match(stderr, /--scenario busy\|quiet\|none/);
  });

  it('starts with --scenario quiet and says so', { timeout: 20_000 }, async () => {
    const child = cli(['--port', '0', '--scenario', 'quiet']);
    let stdout = '';
    const announced = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('scenario quiet')) resolve();
      });
    });
    await announced;
    assert.match(stdout, /sandbox listening on http:\/\/127\.0\.0\.1:\d+/);
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 0);
  });
});
