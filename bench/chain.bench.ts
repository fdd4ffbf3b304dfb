/**
 * `npm run bench -- chain`: a chain of 300 stores on one credential, two chain server replicas on one
 * PostgreSQL, one store screen per store (chain-harness.ts). Two phases:
 *
 * - **Lunch rush**, at the spec's pace: every store at 60 orders an hour (a busy delivery kitchen's
 *   peak: one a minute), so 5 orders/s for the chain, placed at random (Poisson) over the stores.
 *   Each order lives its life compressed: placed, confirmed by its store's screen (an `orders:act`
 *   through the chain's outbox to the platform), a platform driver assigned, four driver steps,
 *   concluded — 9 events an order, so ~45 events/s, as many a second as a real rush makes (a real
 *   order's 9 events are spread over ~40 minutes, so there are more orders open at once, not more
 *   events a second). Measured per event: event → its store's screen hearing `orders:changed`
 *   (p50/p95/p99; polls every second, the least the server takes), and the chain server's own part,
 *   from the poll that handed the event out to the screen; a confirm from pressed to the screen
 *   showing CONFIRMED. Every row a screen hears is checked to be its store's (leaks must be 0).
 *   Meanwhile the stores pull their levers at a busy lunch's pace (LEVERS_PER_HOUR_PER_STORE: a dish
 *   sold out and back on sale, now and then a 15-minute pause and its reopening), through the chain's
 *   store outbox: measured from the press to the screen's answer, and checked on the platform.
 * - **Backlog**: two whole order lives (9 events each) put in every store at once (5,400 events, as
 *   after the platform's queue was held up): how fast the one leader stores and pushes the rush's
 *   mix of events (its events/s: this server's wall).
 *
 * Baseline in the same run: the LAN hub's fan-out (fanout.bench.ts: PushFanout → 10 screens over TLS);
 * the ratio compares it with the chain's poll → screen path. Then the arithmetic of how far one
 * credential goes (chain-ceiling.ts), with the measured leader rate.
 */
import { randomInt } from 'node:crypto';
import { request } from 'undici';
import { menuFor } from '../src-sandbox/orders/menu';
import { confirmOrder } from '../src-sandbox/orders/lifecycle';
import { advanceDriver, assignDriver, concludeOrder, placeOrder } from '../src-sandbox/orders/platform';
import type { ChainReplica } from '../test/support/chain/process';
import { ceiling } from './chain-ceiling';
import { metricSum, startChainStage, type ChainStage, type Screen } from './chain-harness';
import { ChainTracker, describeSpread, spread } from './chain-tracker';
import { hubFanout } from './fanout.bench';
import type { Benchmark } from './run';

const STORES = 300;
const ORDERS_PER_HOUR_PER_STORE = 60;
const RUSH_SECONDS = Number(process.env.CHAIN_BENCH_RUSH_SECONDS ?? 60);
const BACKLOG_PER_STORE = 2;
const POLL_SECONDS = 1;
/** PLC CFM ADR GTO AAO CLT DSP AAD CON. */
const EVENTS_PER_ORDER = 9;
/** Staff take a moment to press confirm, a driver a moment between steps (compressed from minutes). */
const CONFIRM_AFTER_MS: [number, number] = [500, 2500];
const STEP_EVERY_MS: [number, number] = [1000, 3000];
/** Three dishes sold out (and back) and one pause (and its reopening) a store an hour: a rush's levers. */
const LEVERS_PER_HOUR_PER_STORE = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = ([low, high]: [number, number]): number => low + randomInt(high - low + 1);
/** Seconds to the next order of a Poisson stream of `perSecond`. */
const nextArrivalMs = (perSecond: number): number => (-Math.log(1 - Math.random()) / perSecond) * 1000;

/** The driver's life of a confirmed PLATFORM delivery: the control route, and the codes it makes. */
const DRIVER_STEPS: [route: string, codes: string[]][] = [
  ['assignDriver', ['ASSIGN_DRIVER']],
  ['advanceDriver', ['GOING_TO_ORIGIN']],
  ['advanceDriver', ['ARRIVED_AT_ORIGIN']],
  ['advanceDriver', ['COLLECTED', 'DISPATCHED']],
  ['advanceDriver', ['ARRIVED_AT_DESTINATION']],
  ['conclude', ['CONCLUDED']],
];

interface ReplicaCounts {
  stored: number;
  actions: number;
  /** Poll rounds that failed (a 429 from the platform would show here). */
  pollFailures: number;
}

async function counts(replicas: ChainReplica[]): Promise<ReplicaCounts[]> {
  return Promise.all(
    replicas.map(async (r) => {
      const text = await r.metrics();
      return {
        stored: metricSum(text, 'chain_events_stored_total', 'outcome="stored"'),
        actions: metricSum(text, 'chain_outbox_actions_total', 'outcome="sent"'),
        pollFailures: metricSum(text, 'chain_poll_failures_total'),
      };
    }),
  );
}

class Load {
  readonly tracker: ChainTracker;
  stage!: ChainStage;
  private readonly screenOf = new Map<string, Screen>();
  private readonly started = new Set<string>();
  readonly lifecycles: Promise<void>[] = [];
  failures = 0;

  constructor() {
    this.tracker = new ChainTracker((storeId, row, first) => {
      if (!first || first.phase !== 'rush') return;
      if (first.code === 'PLACED' && !this.started.has(row.id)) {
        this.started.add(row.id);
        this.lifecycles.push(this.confirm(row.id, storeId));
      } else if (first.code === 'CONFIRMED') {
        this.lifecycles.push(this.drive(row.id));
      }
    });
  }

  use(stage: ChainStage): void {
    this.stage = stage;
    for (const screen of stage.screens) this.screenOf.set(screen.storeId, screen);
  }

  private async control(path: string, body?: unknown): Promise<unknown> {
    const response = await request(`${this.stage.sandboxUrl}/_sandbox/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    const parsed = await response.body.json();
    if (response.statusCode >= 300) throw new Error(`${path}: ${response.statusCode} ${JSON.stringify(parsed)}`);
    return parsed;
  }

  /** An order placed through the control route, as a customer of that store would. */
  async place(storeId: string): Promise<void> {
    try {
      const order = (await this.control('orders', { merchantId: storeId, orderType: 'DELIVERY', deliveredBy: 'PLATFORM' })) as { id: string };
      this.tracker.order(order.id, storeId);
      this.tracker.expect(order.id, ['PLACED'], performance.now(), 'rush');
    } catch (error) {
      this.failures++;
      console.error('chain bench: an order could not be placed', error);
    }
  }

  /** The store's screen presses confirm a moment after the order shows. */
  private async confirm(orderId: string, storeId: string): Promise<void> {
    await sleep(between(CONFIRM_AFTER_MS));
    const screen = this.screenOf.get(storeId);
    this.tracker.expect(orderId, ['CONFIRMED'], performance.now(), 'rush', 'action');
    const result = await screen?.endpoint.invoke('orders:act', { orderId, action: 'confirm' });
    if (!result?.ok) {
      this.failures++;
      console.error('chain bench: a confirm was refused', JSON.stringify(result));
    }
  }

  /** Press → answer of each lever pulled, and the levers refused. */
  readonly levers: number[] = [];
  leverFailures = 0;
  readonly leverWork: Promise<void>[] = [];

  /** A store pulls a lever: a dish sold out and back (three times in four), or a short pause and its reopening. */
  lever(storeId: string): void {
    this.leverWork.push(Math.random() < 0.75 ? this.soldOut(storeId) : this.pause(storeId));
  }

  private async press(storeId: string, channel: 'menu:setItemStatus' | 'stores:pause' | 'stores:resume', input: Record<string, unknown>): Promise<unknown> {
    const screen = this.screenOf.get(storeId);
    const start = performance.now();
    const result = await screen?.endpoint.invoke(channel, { merchantId: storeId, ...input });
    this.levers.push(performance.now() - start);
    if (result?.ok) return result.value;
    this.leverFailures++;
    console.error(`chain bench: ${channel} was refused`, JSON.stringify(result));
    return undefined;
  }

  private async soldOut(storeId: string): Promise<void> {
    const dish = menuFor(this.stage.world.catalog, storeId)[0];
    if (!dish) return;
    await this.press(storeId, 'menu:setItemStatus', { itemId: dish.id, status: 'UNAVAILABLE' });
    await sleep(between(STEP_EVERY_MS));
    await this.press(storeId, 'menu:setItemStatus', { itemId: dish.id, status: 'AVAILABLE' });
  }

  private async pause(storeId: string): Promise<void> {
    const end = new Date(this.stage.world.clock.now() + 15 * 60_000).toISOString();
    const made = (await this.press(storeId, 'stores:pause', { description: 'Cozinha lotada', end })) as
      { outcome?: string; interruption?: { id: string } } | undefined;
    if (made?.outcome !== 'created' || !made.interruption) return;
    await sleep(between(STEP_EVERY_MS));
    await this.press(storeId, 'stores:resume', { interruptionId: made.interruption.id });
  }

  /** The platform's driver collects and delivers it. */
  private async drive(orderId: string): Promise<void> {
    for (const [route, codes] of DRIVER_STEPS) {
      await sleep(between(STEP_EVERY_MS));
      // Expected before it happens: the poll that hands it out may answer before this call does.
      this.tracker.expect(orderId, codes, performance.now(), 'rush');
      try {
        await this.control(`orders/${orderId}/${route}`);
      } catch (error) {
        this.failures++;
        console.error('chain bench: a driver step failed', error);
        return;
      }
    }
  }

  /**
   * Whole order lives put straight into the sandbox's world in one go — placed, confirmed, a driver's
   * six steps, concluded: 9 events each, the rush's mix (one new order, whose detail the leader
   * fetches, to eight updates) — so the poller finds them all at its next poll, as after the
   * platform's queue was held up. Each is on its screen when the screen shows it CONCLUDED.
   */
  backlog(perStore: number): number {
    const { world, stores } = this.stage;
    let events = 0;
    for (const storeId of stores) {
      const store = world.stores.get(storeId);
      if (!store) continue;
      for (let i = 0; i < perStore; i++) {
        const before = world.orders.events.size;
        const order = placeOrder(world.orders, store, {
          orderType: 'DELIVERY',
          deliveredBy: 'PLATFORM',
          orderTiming: 'IMMEDIATE',
          menu: menuFor(world.catalog, storeId),
        });
        confirmOrder(world.orders, order);
        assignDriver(world.orders, order);
        for (let step = 0; step < 4; step++) advanceDriver(world.orders, order);
        concludeOrder(world.orders, order);
        events += world.orders.events.size - before;
        this.tracker.order(order.detail.id, storeId);
        this.tracker.expect(order.detail.id, ['CONCLUDED'], performance.now(), 'backlog');
      }
    }
    return events;
  }
}

async function rush(load: Load, stage: ChainStage): Promise<{ orders: number; seconds: number; drainSeconds: number }> {
  const perSecond = (STORES * ORDERS_PER_HOUR_PER_STORE) / 3600;
  const start = performance.now();
  const end = start + RUSH_SECONDS * 1000;
  const placing: Promise<void>[] = [];
  let next = start;
  const leversPerSecond = (STORES * LEVERS_PER_HOUR_PER_STORE) / 3600;
  let nextLever = start + nextArrivalMs(leversPerSecond);
  while (next < end) {
    next += nextArrivalMs(perSecond);
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    placing.push(load.place(stage.stores[randomInt(stage.stores.length)] as string));
    for (; nextLever <= performance.now() && nextLever < end; nextLever += nextArrivalMs(leversPerSecond))
      load.lever(stage.stores[randomInt(stage.stores.length)] as string);
  }
  await Promise.all(placing);
  await Promise.all(load.leverWork);
  const placedAt = performance.now();
  // Every order's life runs out (its last step is a few seconds after its confirm), then its last push lands.
  const deadline = Date.now() + 60_000;
  for (;;) {
    await Promise.all(load.lifecycles);
    if (load.tracker.unheard('rush') === 0 || Date.now() > deadline) break;
    await sleep(200);
  }
  return { orders: placing.length, seconds: (performance.now() - start) / 1000, drainSeconds: (performance.now() - placedAt) / 1000 };
}

const ms = (value: number) => Number(value.toFixed(1));

const benchmark: Benchmark = {
  async run() {
    const lan = spread(await hubFanout());
    console.log(`baseline, LAN hub → 10 screens over TLS (last screen): ${describeSpread(lan)}`);

    const load = new Load();
    const t0 = performance.now();
    const stage = await startChainStage({
      stores: STORES,
      pollSeconds: POLL_SECONDS,
      onPoll: (events) => load.tracker.handedOut(events, performance.now()),
      onPush: (screen, event, payload) => load.tracker.screenHeard(screen.storeId, screen.replica, event, payload, performance.now()),
      progress: (line) => console.log(line),
    });
    try {
      load.use(stage);
      const leader = await stage.leader();
      console.log(`set up in ${((performance.now() - t0) / 1000).toFixed(1)} s; replica ${leader === 0 ? 'a' : 'b'} leads; polls every ${POLL_SECONDS} s`);
      await sleep(3000); // the seed's events drained, the screens' first boards read

      // --- lunch rush
      const before = await counts(stage.replicas);
      const pushesBefore = [...load.tracker.rowsHeardByReplica];
      console.log(
        `lunch rush: ${STORES} stores × ${ORDERS_PER_HOUR_PER_STORE} orders/h = ${(STORES * ORDERS_PER_HOUR_PER_STORE) / 3600} orders/s for ${RUSH_SECONDS} s, ${EVENTS_PER_ORDER} events an order`,
      );
      const ran = await rush(load, stage);
      const after = await counts(stage.replicas);
      const rushHeard = load.tracker.heard.filter((h) => h.phase === 'rush');
      const events = spread(rushHeard.filter((h) => h.kind === 'event').map((h) => h.latency));
      const fromPoll = spread(rushHeard.filter((h) => h.fromPoll !== undefined).map((h) => h.fromPoll as number));
      const confirms = spread(rushHeard.filter((h) => h.kind === 'action').map((h) => h.latency));
      const stored = after.map((a, i) => a.stored - (before[i]?.stored ?? 0));
      const sent = after.map((a, i) => a.actions - (before[i]?.actions ?? 0));
      const pushes = load.tracker.rowsHeardByReplica.map((n, i) => n - (pushesBefore[i] ?? 0));
      const leaderRush = (stored[leader] ?? 0) / ran.seconds;
      console.log(`  ${ran.orders} orders over ${ran.seconds.toFixed(1)} s (the last lives ended ${ran.drainSeconds.toFixed(1)} s after the last order)`);
      console.log(`  event → store screen (poll wait included): ${describeSpread(events)}`);
      console.log(`  poll answered → store screen (the chain server's path): ${describeSpread(fromPoll)}`);
      console.log(`  confirm pressed → screen shows CONFIRMED (outbox → platform → event → poll → push): ${describeSpread(confirms)}`);
      console.log(`  events stored: replica a ${stored[0]}, replica b ${stored[1]} → the leader ${leaderRush.toFixed(1)} events/s`);
      console.log(
        `  confirms sent: replica a ${sent[0]}, replica b ${sent[1]}; rows pushed to screens: replica a ${pushes[0]} (${((pushes[0] ?? 0) / ran.seconds).toFixed(1)}/s), replica b ${pushes[1]} (${((pushes[1] ?? 0) / ran.seconds).toFixed(1)}/s)`,
      );
      console.log(
        `  leaks (a row heard by another store's screen): ${load.tracker.leaks}; unheard: ${load.tracker.unheard('rush')}; coalesced: ${load.tracker.coalesced}; failures: ${load.failures}`,
      );
      const levers = spread(load.levers);
      console.log(
        `  store levers (sold out / back, pause / reopen) pressed → answered through the store outbox: ${describeSpread(levers)}; refused: ${load.leverFailures}`,
      );

      // --- backlog
      const beforeBacklog = await counts(stage.replicas);
      const backlogStart = performance.now();
      const backlogEvents = load.backlog(BACKLOG_PER_STORE);
      const placed = STORES * BACKLOG_PER_STORE;
      const deadline = Date.now() + 60_000;
      while (load.tracker.unheard('backlog') > 0 && Date.now() < deadline) await sleep(50);
      const backlogSeconds = (performance.now() - backlogStart) / 1000;
      const afterBacklog = await counts(stage.replicas);
      const backlogStored = (afterBacklog[leader]?.stored ?? 0) - (beforeBacklog[leader]?.stored ?? 0);
      const backlog = spread(load.tracker.heard.filter((h) => h.phase === 'backlog').map((h) => h.latency));
      const leaderBacklog = backlogEvents / backlogSeconds;
      console.log(
        `backlog: ${placed} whole order lives at once (${BACKLOG_PER_STORE} a store, ${backlogEvents} events): every one CONCLUDED on its screen ${backlogSeconds.toFixed(2)} s later → ` +
          `${leaderBacklog.toFixed(0)} events/s (${((leaderBacklog * 60) / EVENTS_PER_ORDER).toFixed(0)} orders/min) through one leader (stored ${backlogStored})`,
      );
      console.log(`  poll rounds failed over the whole run: ${afterBacklog.map((c) => c.pollFailures).join(' + ')}`);
      console.log(
        `  backlog order → CONCLUDED on its store screen: ${describeSpread(backlog)}; unheard: ${load.tracker.unheard('backlog')}; leaks: ${load.tracker.leaks}`,
      );

      const paper = ceiling({
        eventsPerOrder: EVENTS_PER_ORDER,
        ordersPerHourPerStore: ORDERS_PER_HOUR_PER_STORE,
        stores: STORES,
        leaderEventsPerSecond: leaderBacklog,
      });
      console.log('how far one credential goes:');
      for (const line of paper.lines) console.log(`  ${line}`);
      return {
        ratio_p50: fromPoll.p50 / lan.p50,
        ratio_p99: fromPoll.p99 / lan.p99,
        event_screen_p50_ms: ms(events.p50),
        event_screen_p95_ms: ms(events.p95),
        event_screen_p99_ms: ms(events.p99),
        poll_screen_p50_ms: ms(fromPoll.p50),
        poll_screen_p99_ms: ms(fromPoll.p99),
        confirm_p50_ms: ms(confirms.p50),
        confirm_p99_ms: ms(confirms.p99),
        levers: levers.n,
        lever_p50_ms: ms(levers.p50),
        lever_p99_ms: ms(levers.p99),
        lever_failures: load.leverFailures,
        lan_p50_ms: lan.p50,
        lan_p99_ms: lan.p99,
        rush_events: events.n,
        leader_rush_events_per_s: leaderRush,
        leader_backlog_events_per_s: leaderBacklog,
        backlog_p99_ms: ms(backlog.p99),
        pushes_per_s_a: (pushes[0] ?? 0) / ran.seconds,
        pushes_per_s_b: (pushes[1] ?? 0) / ran.seconds,
        confirms_sent_a: sent[0] ?? 0,
        confirms_sent_b: sent[1] ?? 0,
        leaks: load.tracker.leaks,
        poll_failures: afterBacklog.reduce((sum, c) => sum + c.pollFailures, 0),
        unheard: load.tracker.unheard(),
        ...paper.values,
      };
    } finally {
      await stage.close();
    }
  },
};

export default benchmark;
