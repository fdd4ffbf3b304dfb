import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import type { MenuComeback, MenuView } from '../../../src-shared/ipc/channels/menu';
import type { StoreActionEntry } from '../../../src-shared/ipc/channels/store-actions';
import type { HoursOutcome, OpeningHoursView, PauseOutcome, ResumeOutcome } from '../../../src-shared/ipc/channels/stores';
import type { AnswerOutcome } from '../../../src-shared/ipc/channels/reviews';
import type { PromotionView } from '../../../src-shared/ipc/channels/promotions';
import type { DeliveryOnlyView, MerchantQuoteView } from '../../../src-shared/ipc/channels/delivery-orders';
import { deliveryDraftOf, emptyDeliveryForm } from '../../../src-renderer/delivery-orders/delivery-form';
import { dayOf } from '../../../src-shared/local-day';
import type { PromotionDraft } from '../../../src-shared/store-rules/promotion';
import type { Review } from '../../../src-shared/wire/review';
import type { Clock } from '../../../src-main/base/clock';
import { systemClock } from '../../../src-main/base/clock';
import { pgScheduledActions } from '../../../src-main/chain/db/chain-scheduled-actions';
import { CLAIM_MS } from '../../../src-main/chain/outbox-sender';
import { useChainReplicas } from '../../support/chain/db';
import { leverReplica, pairedDevice, type LeverDevice, type LeverReplica } from '../../support/chain/lever-replicas';
import { withSandbox } from '../../support/sandbox/sandbox';
import { waitFor } from '../../support/sync/harness';

/**
 * A chain's store levers on a real PostgreSQL and a real sandbox: two replicas built in-process as
 * app/chain-server.ts builds one (CHAIN_FEATURES over the PostgreSQL classes, a store outbox each on
 * the shared rows, an API client each), three paired terminals — two of the restaurant, one of the
 * grocery. A terminal pulls its own store's levers with a single terminal's rules; another store's
 * terminal is refused and nothing reaches the platform; presses racing on two replicas reach the
 * platform once; what was queued while the platform was away goes out once when it is back; a dish
 * sold out until tomorrow comes back once, whichever replicas look and even after one died midway.
 */

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;

describe('store levers on a chain: two replicas, one PostgreSQL, the sandbox', () => {
  const chain = useChainReplicas('the chain store levers tests');
  let sandbox: Sandbox;
  let clock: Clock;
  let a: LeverReplica;
  let b: LeverReplica;
  /** Two terminals of the restaurant (one on each replica) and one of the grocery. */
  let counter: LeverDevice;
  let kitchen: LeverDevice;
  let grocery: LeverDevice;

  before(async () => {
    if (!chain.cluster) return;
    sandbox = await withSandbox();
    // Every replica reads the sandbox's time: a test moves both forward with one call.
    clock = { now: () => sandbox.world.clock.now(), sleep: systemClock.sleep };
    const replica = (holder: string, pool: typeof chain.replicaA) => leverReplica({ holder, pool, url: chain.db.url, sandboxUrl: sandbox.url, clock });
    [a, b] = await Promise.all([replica('replica-a', chain.replicaA), replica('replica-b', chain.replicaB)]);
    counter = await pairedDevice(chain.replicaA, [DEMO_RESTAURANT_ID], 'Cantina — Balcão', clock.now());
    kitchen = await pairedDevice(chain.replicaA, [DEMO_RESTAURANT_ID], 'Cantina — Cozinha', clock.now());
    grocery = await pairedDevice(chain.replicaA, [DEMO_GROCERY_ID], 'Mercado — Caixa', clock.now());
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await sandbox?.close();
  });

  /** The platform's answers of `route` that did something (2xx), from both replicas' clients. */
  const reached = (route: string): number => [a, b].flatMap((r) => r.api.answers).filter((x) => x.route === route && x.status < 300).length;
  const value = <T>(result: IpcResult<unknown>): T => {
    assert.ok(result.ok, JSON.stringify(result));
    return result.value as T;
  };
  const refusal = (result: IpcResult<unknown>): string => (result.ok ? `answered ${JSON.stringify(result.value)}` : result.error.code);
  const advance = (ms: number) => sandbox.world.clock.advance(ms / 1000);
  const platformDown = (down: boolean) =>
    sandbox.world.faults.set(down ? { ...sandbox.world.faults.config, errorRate: 1, errorStatus: 503 } : { ...sandbox.world.faults.config, errorRate: 0 });
  /** Both replicas' rounds until nothing of the store waits (a press that waited behind another goes, or is refused). */
  const settled = async (merchantId: string): Promise<void> => {
    for (let round = 0; round < 5; round++) {
      const list = value<StoreActionEntry[]>(await a.invoke('storeActions:list', { merchantId }, merchantId === DEMO_GROCERY_ID ? grocery : counter));
      if (list.every((e) => e.state !== 'queued')) return;
      await Promise.all([a.round(), b.round()]);
    }
    assert.fail(`${merchantId}: store actions still waiting`);
  };
  /** A week's 15% off on `count` of the grocery's products with barcodes. */
  const promotionDraft = async (name: string, count: number): Promise<PromotionDraft> => {
    const token = await sandbox.http.token();
    const categories = (await sandbox.http.send('GET', `/catalog/v2.0/merchants/${DEMO_GROCERY_ID}/categories?include_items=true`, { token })).body as {
      status: string;
      items: { status: string; ean?: unknown }[];
    }[];
    const eans = categories
      .filter((c) => c.status === 'AVAILABLE')
      .flatMap((c) => c.items)
      .filter((i) => i.status === 'AVAILABLE' && typeof i.ean === 'string')
      .map((i) => i.ean as string);
    promotedSoFar += count;
    assert.ok(eans.length >= promotedSoFar, 'the grocery sells products with barcodes');
    const [initialDate, finalDate] = [dayOf(clock.now()), dayOf(clock.now() + 7 * 86_400_000)];
    const picked = eans.slice(promotedSoFar - count, promotedSoFar);
    return { name, promotionType: 'PERCENTAGE', eans: picked, discountValue: 15, quantityToBuy: null, quantityToPay: null, initialDate, finalDate };
  };
  let promotedSoFar = 0;
  const available = async (device: LeverDevice, replica = a) =>
    value<MenuView>(await replica.invoke('menu:catalog', { merchantId: DEMO_RESTAURANT_ID }, device))
      .categories.flatMap((c) => c.items)
      .filter((i) => i.status === 'AVAILABLE');

  it('menu: the own store sells out, reprices and sells out until tomorrow; the grocery is refused and nothing reaches the platform', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const [dish, other] = await available(counter);
    assert.ok(dish && other, 'the restaurant sells dishes');
    const before = { status: reached('PATCH /items/status'), price: reached('PATCH /items/price') };

    for (const [channel, input] of [
      ['menu:setItemStatus', { merchantId: DEMO_RESTAURANT_ID, itemId: dish.id, status: 'UNAVAILABLE' }],
      ['menu:setItemPrice', { merchantId: DEMO_RESTAURANT_ID, itemId: dish.id, price: 1 }],
      ['menu:soldOutUntilTomorrow', { merchantId: DEMO_RESTAURANT_ID, itemId: dish.id }],
      ['menu:comebacks', { merchantId: DEMO_RESTAURANT_ID }],
      ['menu:catalog', { merchantId: DEMO_RESTAURANT_ID }],
    ] as const) {
      assert.equal(refusal(await b.invoke(channel, input, grocery)), 'forbidden', `${channel} for another store`);
    }
    assert.deepEqual({ status: reached('PATCH /items/status'), price: reached('PATCH /items/price') }, before, 'nothing reached the platform');

    // One press sent twice at once, through both replicas: one action, one change on the platform.
    const press = { merchantId: DEMO_RESTAURANT_ID, itemId: dish.id, status: 'UNAVAILABLE', idempotencyKey: randomUUID() };
    const [first, again] = await Promise.all([a.invoke('menu:setItemStatus', press, counter), b.invoke('menu:setItemStatus', press, counter)]);
    assert.equal(value<StoreActionEntry>(first).id, value<StoreActionEntry>(again).id, 'one action for the key');
    // The replica that wrote it tried it at once; the other answered it as it stood then.
    assert.ok(
      [first, again].some((r) => value<StoreActionEntry>(r).state === 'done'),
      JSON.stringify([first, again]),
    );
    assert.equal(reached('PATCH /items/status'), before.status + 1, 'sold out once');
    assert.ok(!(await available(kitchen, b)).some((i) => i.id === dish.id), 'the platform sells it no more');

    const priced = value<StoreActionEntry>(await b.invoke('menu:setItemPrice', { merchantId: DEMO_RESTAURANT_ID, itemId: other.id, price: 12.5 }, kitchen));
    assert.equal(priced.state, 'done');
    assert.equal(reached('PATCH /items/price'), before.price + 1);

    const tomorrow = value<{ entry: StoreActionEntry; comeback: MenuComeback }>(
      await a.invoke('menu:soldOutUntilTomorrow', { merchantId: DEMO_RESTAURANT_ID, itemId: other.id }, counter),
    );
    assert.equal(tomorrow.entry.state, 'done');
    assert.ok(Date.parse(tomorrow.comeback.resumeAt) > clock.now(), 'back later');
    const waiting = value<MenuComeback[]>(await b.invoke('menu:comebacks', { merchantId: DEMO_RESTAURANT_ID }, kitchen));
    assert.deepEqual(
      waiting.map((c) => c.itemId),
      [other.id],
      'the comeback waits in the chain’s database: every replica lists it',
    );
  });

  it('stores: two terminals pausing at once on two replicas make one pause; resume and hours for the own store; the grocery is refused', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const end = new Date(clock.now() + 30 * 60_000).toISOString();
    const before = { pauses: reached('POST /merchants/{merchantId}/interruptions'), hours: reached('PUT /merchants/{merchantId}/opening-hours') };
    const pause = (replica: LeverReplica, device: LeverDevice, merchantId = DEMO_RESTAURANT_ID) =>
      replica.invoke<PauseOutcome>('stores:pause', { merchantId, description: 'Cozinha lotada', end, idempotencyKey: randomUUID() }, device);

    assert.equal(refusal(await b.invoke('stores:pause', { merchantId: DEMO_RESTAURANT_ID, description: 'Intruso', end }, grocery)), 'forbidden');
    assert.equal(refusal(await b.invoke('stores:hours', { merchantId: DEMO_RESTAURANT_ID }, grocery)), 'forbidden');
    assert.equal(
      refusal(
        await b.invoke('stores:replaceHours', { merchantId: DEMO_RESTAURANT_ID, shifts: [{ dayOfWeek: 'MONDAY', start: '10:00:00', duration: 60 }] }, grocery),
      ),
      'forbidden',
    );

    const both = await Promise.all([pause(a, counter), pause(b, kitchen)]);
    const created = both.map((r) => (r.ok && r.value.outcome === 'created' ? r.value.interruption : null)).filter((i) => i !== null);
    assert.equal(created.length, 1, JSON.stringify(both));
    // The other waited behind it, or met it on the platform: refused as an overlapping pause.
    for (const r of both) assert.ok(r.ok || r.error.code === 'conflict', JSON.stringify(r));
    await settled(DEMO_RESTAURANT_ID);
    assert.equal(reached('POST /merchants/{merchantId}/interruptions'), before.pauses + 1, 'one pause on the platform');

    assert.equal(refusal(await a.invoke('stores:resume', { merchantId: DEMO_RESTAURANT_ID, interruptionId: created[0]!.id }, grocery)), 'forbidden');
    const resumed = value<ResumeOutcome>(await b.invoke('stores:resume', { merchantId: DEMO_RESTAURANT_ID, interruptionId: created[0]!.id }, counter));
    assert.equal(resumed.removed, created[0]!.id);

    const hours = value<OpeningHoursView>(await a.invoke('stores:hours', { merchantId: DEMO_RESTAURANT_ID }, kitchen));
    const shifts = hours.shifts.map(({ dayOfWeek, start, duration }) => ({ dayOfWeek, start, duration }));
    const replaced = value<HoursOutcome>(await b.invoke('stores:replaceHours', { merchantId: DEMO_RESTAURANT_ID, shifts }, kitchen));
    assert.equal(replaced.outcome, 'replaced');
    assert.equal(reached('PUT /merchants/{merchantId}/opening-hours'), before.hours + 1);
  });

  it('reviews: the own store answers; the grocery is refused and nothing reaches the platform', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const review = await sandbox.http.send('POST', '/_sandbox/reviews', {
      json: { merchantId: DEMO_RESTAURANT_ID, score: 2, comment: 'Veio frio', status: 'NOT_REPLIED' },
    });
    assert.equal(review.status, 201, JSON.stringify(review.body));
    const reviewId = (review.body as Review).id;
    const text = 'Sentimos muito: o próximo vai quentinho.';
    const before = reached('POST /merchants/{merchantId}/reviews/{reviewId}/answers');

    assert.equal(refusal(await a.invoke('reviews:answer', { merchantId: DEMO_RESTAURANT_ID, reviewId, text }, grocery)), 'forbidden');
    assert.equal(refusal(await a.invoke('reviews:detail', { merchantId: DEMO_RESTAURANT_ID, reviewId }, grocery)), 'forbidden');
    assert.equal(reached('POST /merchants/{merchantId}/reviews/{reviewId}/answers'), before);

    const answered = value<AnswerOutcome>(await b.invoke('reviews:answer', { merchantId: DEMO_RESTAURANT_ID, reviewId, text }, kitchen));
    assert.equal(answered.outcome, 'sent', JSON.stringify(answered));
    assert.equal(reached('POST /merchants/{merchantId}/reviews/{reviewId}/answers'), before + 1);
  });

  it('promotions: the grocery creates and ends its own, heard on both replicas; the restaurant is refused and nothing reaches the platform', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const draft = await promotionDraft('Semana do hortifrúti', 2);
    const route = 'POST /merchants/{merchantId}/promotions';
    const before = reached(route);
    for (const [channel, input] of [
      ['promotions:create', { merchantId: DEMO_GROCERY_ID, draft, replaceAll: false }],
      ['promotions:endAll', { merchantId: DEMO_GROCERY_ID }],
      ['promotions:list', { merchantId: DEMO_GROCERY_ID }],
      ['promotions:refresh', { merchantId: DEMO_GROCERY_ID }],
    ] as const) {
      assert.equal(refusal(await a.invoke(channel, input, counter)), 'forbidden', `${channel} for another store`);
    }
    assert.equal(refusal(await a.invoke('promotions:inOrder', { orderId: randomUUID() }, grocery)), 'not-found', 'an order not of its stores');
    assert.equal(reached(route), before, 'nothing reached the platform');

    const created = value<PromotionView>(await a.invoke('promotions:create', { merchantId: DEMO_GROCERY_ID, draft, replaceAll: false }, grocery));
    assert.deepEqual([created.state, created.kind, created.eans], ['done', 'create', draft.eans]);
    assert.ok(created.aggregationId);
    assert.equal(reached(route), before + 1);
    const listed = value<PromotionView[]>(await b.invoke('promotions:list', { merchantId: DEMO_GROCERY_ID }, grocery));
    assert.deepEqual(
      listed.map((v) => v.actionId),
      [created.actionId],
      'every replica lists it',
    );
    // The replica that sent it told the other: both push it to the grocery's screens.
    await waitFor(
      () => [a, b].every((r) => r.pushes.some((p) => p.event === 'promotions:changed' && (p.payload as PromotionView).actionId === created.actionId)),
      'the promotion pushed on both replicas',
    );
    assert.ok(
      [a, b].every((r) => r.pushes.filter((p) => p.event === 'promotions:changed').every((p) => p.storeId === DEMO_GROCERY_ID)),
      'only to the grocery',
    );

    const ended = value<PromotionView>(await b.invoke('promotions:endAll', { merchantId: DEMO_GROCERY_ID }, grocery));
    assert.deepEqual([ended.state, ended.kind], ['done', 'endAll']);
    assert.equal(reached(route), before + 2);
  });

  it('delivery-only orders: the restaurant quotes, registers and confirms its own; for the grocery there is no such order, and nothing reaches the platform', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const near = { latitude: -23.5588, longitude: -46.6876 };
    const form = emptyDeliveryForm();
    Object.assign(form.address, {
      postalCode: '05433-000',
      streetName: 'Rua Harmonia',
      streetNumber: '450',
      neighborhood: 'Vila Madalena',
      city: 'São Paulo',
      state: 'SP',
      coordinates: `${near.latitude}, ${near.longitude}`,
    });
    Object.assign(form, { customerName: 'Marina', phoneArea: '11', phoneNumber: '98765-4321', merchantFee: '7,90' });
    form.items = [{ name: 'Lasanha', quantity: '2', unitPrice: '42,50' }];
    const draft = deliveryDraftOf(form);
    const routes = [
      'GET /merchants/{merchantId}/deliveryAvailabilities',
      'POST /merchants/{merchantId}/orders',
      'GET /orders/{orderId}/safeDelivery',
      'GET /orders/{orderId}/cancellationReasons',
      'POST /orders/{orderId}/userConfirmAddress',
      'POST /orders/{orderId}/deliveryAddressChangeRequest',
      'POST /orders/{orderId}/cancel',
    ];
    const counts = () => routes.map((route) => reached(route));

    const before = counts();
    assert.equal(refusal(await b.invoke('deliveryOrders:quote', { merchantId: DEMO_RESTAURANT_ID, ...near }, grocery)), 'forbidden');
    assert.equal(refusal(await b.invoke('deliveryOrders:register', { merchantId: DEMO_RESTAURANT_ID, draft, quoteId: 'q-1' }, grocery)), 'forbidden');
    assert.deepEqual(counts(), before);

    const quote = value<MerchantQuoteView>(await a.invoke('deliveryOrders:quote', { merchantId: DEMO_RESTAURANT_ID, ...near }, counter));
    const registered = value<DeliveryOnlyView>(
      await a.invoke('deliveryOrders:register', { merchantId: DEMO_RESTAURANT_ID, draft, quoteId: quote.quoteId }, counter),
    );
    assert.equal(registered.merchantId, DEMO_RESTAURANT_ID);
    const { orderId } = registered;
    assert.deepEqual(value(await b.invoke('deliveryOrders:get', { orderId }, kitchen)), registered, 'every replica knows it');

    const made = counts();
    assert.equal(value(await a.invoke('deliveryOrders:get', { orderId }, grocery)), null, "another store's order is as if it did not exist");
    for (const [channel, input] of [
      ['deliveryOrders:safety', { orderId }],
      ['deliveryOrders:cancellationReasons', { orderId }],
      ['deliveryOrders:confirmAddress', { orderId }],
      ['deliveryOrders:changeAddress', { orderId, address: draft.address }],
      ['deliveryOrders:cancel', { orderId, code: 801, reason: 'Cliente desistiu' }],
    ] as const) {
      assert.equal(refusal(await b.invoke(channel, input, grocery)), 'not-found', channel);
    }
    assert.equal(refusal(await b.invoke('deliveryOrders:safety', { orderId: randomUUID() }, counter)), 'not-found', 'an id neither registered nor polled');
    assert.deepEqual(counts(), made, 'nothing reached the platform');

    const confirmed = value<StoreActionEntry>(await b.invoke('deliveryOrders:confirmAddress', { orderId }, kitchen));
    assert.deepEqual([confirmed.state, confirmed.kind, confirmed.merchantId], ['done', 'deliveryConfirmAddress', DEMO_RESTAURANT_ID]);
    assert.equal(reached('POST /orders/{orderId}/userConfirmAddress'), (made[4] ?? 0) + 1);
  });

  it('what was pressed while the platform was away goes out once when it is back, whichever replica looks', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const [dish] = await available(counter);
    assert.ok(dish);
    const before = {
      status: reached('PATCH /items/status'),
      pauses: reached('POST /merchants/{merchantId}/interruptions'),
      promotions: reached('POST /merchants/{merchantId}/promotions'),
    };
    const draft = await promotionDraft('Feita sem conexão', 1);
    platformDown(true);
    try {
      const soldOut = value<StoreActionEntry>(
        await a.invoke('menu:setItemStatus', { merchantId: DEMO_RESTAURANT_ID, itemId: dish.id, status: 'UNAVAILABLE', idempotencyKey: randomUUID() }, counter),
      );
      assert.equal(soldOut.state, 'queued');
      const end = new Date(clock.now() + 45 * 60_000).toISOString();
      const paused = value<PauseOutcome>(await b.invoke('stores:pause', { merchantId: DEMO_RESTAURANT_ID, description: 'Sem gás', end }, kitchen));
      assert.equal(paused.outcome, 'queued');
      const promoted = value<PromotionView>(await a.invoke('promotions:create', { merchantId: DEMO_GROCERY_ID, draft, replaceAll: false }, grocery));
      assert.equal(promoted.state, 'queued');
    } finally {
      platformDown(false);
    }
    advance(60_000);
    // Both replicas race for the rows, round after round.
    for (let round = 0; round < 3; round++) await Promise.all([a.round(), b.round()]);
    await settled(DEMO_RESTAURANT_ID);
    await settled(DEMO_GROCERY_ID);
    assert.equal(reached('PATCH /items/status'), before.status + 1, 'the sold-out once');
    assert.equal(reached('POST /merchants/{merchantId}/interruptions'), before.pauses + 1, 'the pause once');
    assert.equal(reached('POST /merchants/{merchantId}/promotions'), before.promotions + 1, 'the promotion once');
  });

  // Last: it moves the sandbox's clock to tomorrow.
  it('a dish sold out until tomorrow comes back once, whichever replicas look, and when a replica died after handing it over', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const [dish, second] = await available(counter);
    assert.ok(dish && second);
    for (const item of [dish, second]) value(await a.invoke('menu:soldOutUntilTomorrow', { merchantId: DEMO_RESTAURANT_ID, itemId: item.id }, counter));
    const comebacks = value<MenuComeback[]>(await b.invoke('menu:comebacks', { merchantId: DEMO_RESTAURANT_ID }, kitchen));
    const due = Math.max(...comebacks.map((c) => Date.parse(c.resumeAt)));
    advance(due - clock.now() + 1_000);
    const before = reached('PATCH /items/status');

    // Replica A claims the due comebacks and hands them to the store outbox, then dies before marking them.
    const claimedByA = await pgScheduledActions(chain.replicaA, { holder: 'replica-a', claimMs: CLAIM_MS }).due(clock.now());
    assert.ok(claimedByA.length >= 2, JSON.stringify(claimedByA));
    const handed = await a.storeOutbox.submit({
      merchantId: claimedByA[0]!.merchant_id,
      kind: claimedByA[0]!.kind,
      subject: claimedByA[0]!.subject,
      payload: JSON.parse(claimedByA[0]!.payload) as Record<string, unknown>,
      key: claimedByA[0]!.handoff_key ?? null,
    });
    assert.equal(handed.state, 'done');
    const afterA = reached('PATCH /items/status');
    assert.equal(afterA, before + 1);

    await Promise.all([a.round(), b.round()]);
    assert.equal(reached('PATCH /items/status'), afterA, 'nobody hands over what A still holds');
    advance(CLAIM_MS + 1);
    await Promise.all([a.round(), b.round()]);
    assert.equal(reached('PATCH /items/status'), before + claimedByA.length, 'each comeback reached the platform once');
    assert.deepEqual(value<MenuComeback[]>(await a.invoke('menu:comebacks', { merchantId: DEMO_RESTAURANT_ID }, counter)), [], 'none waits');
    const back = (await available(kitchen, b)).map((i) => i.id);
    assert.ok(back.includes(dish.id) && back.includes(second.id), 'both back on sale');
  });
});
