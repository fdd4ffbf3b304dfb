import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import { checkPromotionDraft, splitEans, toPromotionRequest, type PromotionDraft } from '../../../src-shared/store-rules/promotion';
import type { PromotionItem, PromotionRequest } from '../../../src-shared/wire/promotion';
import { ManualClock } from '../../../src-main/base/clock';
import { StoreOutboxDb } from '../../../src-main/db/store-outbox/store-outbox-db';
import { promotionHandlers } from '../../../src-main/features/promotions/handlers';
import { PromotionTracker, promotionSenders } from '../../../src-main/features/promotions/tracker';
import { StoreOutbox } from '../../../src-main/sync/store-outbox';
import { readNumber } from '../../../src-renderer/lib/numbers';
import { draftOf, emptyForm, statusCounts } from '../../../src-renderer/promotions/promotion-form';
import { silentLogger } from '../../support/sync/fakes';

const STORE = '7b2e9d41-3c5a-4f68-8d1e-2f3a4b5c6d72';
const TODAY = '2026-11-24';
/** Valid UPC-A codes (check digit right). */
const EAN_A = '702000000010';
const EAN_B = '702000000027';

const draft = (over: Partial<PromotionDraft> = {}): PromotionDraft => ({
  name: '',
  promotionType: 'PERCENTAGE',
  eans: [EAN_A],
  discountValue: 15,
  quantityToBuy: null,
  quantityToPay: null,
  initialDate: TODAY,
  finalDate: '2026-12-01',
  ...over,
});
const problems = (over: Partial<PromotionDraft>) => checkPromotionDraft(draft(over), TODAY).problems;

describe('promotion rules on screen (spec §2.2, §4.2)', () => {
  it('accepts each type with the fields it needs', () => {
    assert.equal(checkPromotionDraft(draft(), TODAY).ok, true);
    assert.equal(checkPromotionDraft(draft({ promotionType: 'LXPY', discountValue: null, quantityToBuy: 3, quantityToPay: 2 }), TODAY).ok, true);
    assert.equal(checkPromotionDraft(draft({ promotionType: 'PERCENTAGE_PER_X_UNITS', quantityToBuy: 2 }), TODAY).ok, true);
    // A start in the past is a promotion already running: allowed.
    assert.equal(checkPromotionDraft(draft({ initialDate: '2026-11-01' }), TODAY).ok, true);
  });

  it('product codes: 12 digits, the UPC-A check digit, no repeats', () => {
    assert.equal(problems({ eans: [] }).eans, 'eans-missing');
    const short = checkPromotionDraft(draft({ eans: [EAN_A, '12345'] }), TODAY);
    assert.equal(short.problems.eans, 'ean-not-12-digits');
    assert.deepEqual(short.badEans, ['12345']);
    assert.equal(problems({ eans: ['702000000011'] }).eans, 'ean-check-digit');
    assert.equal(problems({ eans: [EAN_A, EAN_B, EAN_A] }).eans, 'ean-repeated');
    assert.deepEqual(splitEans(` ${EAN_A},${EAN_B};\n\n${EAN_A} `), [EAN_A, EAN_B, EAN_A]);
  });

  it('the discount: 0 to 70 where the type has one; take X at least 2; pay Y below X and not over 70 % off', () => {
    assert.equal(problems({ discountValue: null }).discountValue, 'discount-missing');
    assert.equal(problems({ discountValue: 70.5 }).discountValue, 'discount-range');
    assert.equal(problems({ discountValue: 70 }).discountValue, undefined);
    assert.equal(problems({ promotionType: 'PERCENTAGE_PER_X_UNITS', quantityToBuy: 1 }).quantityToBuy, 'buy-too-small');
    assert.equal(problems({ promotionType: 'PERCENTAGE_PER_X_UNITS', quantityToBuy: 2.5 }).quantityToBuy, 'buy-too-small');
    const lxpy = { promotionType: 'LXPY' as const, discountValue: null };
    assert.equal(problems({ ...lxpy, quantityToBuy: 3 }).quantityToPay, 'pay-missing');
    assert.equal(problems({ ...lxpy, quantityToBuy: 3, quantityToPay: 3 }).quantityToPay, 'pay-range');
    assert.equal(problems({ ...lxpy, quantityToBuy: 4, quantityToPay: 1 }).quantityToPay, 'take-pay-over-limit');
    assert.equal(problems({ ...lxpy, quantityToBuy: 10, quantityToPay: 3 }).quantityToPay, undefined, '70 % off exactly is allowed');
    // A percentage typed on an LXPY draft is not its business.
    assert.equal(problems({ ...lxpy, discountValue: 99, quantityToBuy: 3, quantityToPay: 2 }).discountValue, undefined);
  });

  it('dates: calendar days, the last after the first and not past; the name at most 255', () => {
    assert.equal(problems({ initialDate: '2026-02-30' }).initialDate, 'date-format');
    assert.equal(problems({ finalDate: '' }).finalDate, 'date-format');
    assert.equal(problems({ finalDate: TODAY }).finalDate, 'date-order');
    assert.equal(problems({ initialDate: '2026-11-01', finalDate: '2026-11-20' }).finalDate, 'date-past');
    assert.equal(problems({ name: 'x'.repeat(256) }).name, 'name-too-long');
    assert.equal(problems({ name: 'x'.repeat(255) }).name, undefined);
  });

  it("builds the wire request: one promotion on the app channel, one item per code, only the type's fields", () => {
    const request = toPromotionRequest(
      draft({ name: ' Leve 3 ', promotionType: 'LXPY', eans: [EAN_A, EAN_B], discountValue: 20, quantityToBuy: 3, quantityToPay: 2 }),
    );
    assert.deepEqual(request, {
      promotions: [
        {
          promotionName: 'Leve 3',
          channels: ['PLATFORM-APP'],
          items: [EAN_A, EAN_B].map((ean) => ({
            ean,
            discountValue: null,
            initialDate: TODAY,
            finalDate: '2026-12-01',
            promotionType: 'LXPY',
            progressiveDiscount: { quantityToBuy: 3, quantityToPay: 2 },
          })),
        },
      ],
    });
    const percentage = toPromotionRequest(draft({ quantityToBuy: 5 })).promotions[0]?.items[0];
    assert.equal(percentage?.progressiveDiscount, undefined);
    assert.equal(toPromotionRequest(draft()).promotions[0]?.promotionName, undefined, 'no name: none sent');
  });

  it('reads the form as typed (comma decimals, empty boxes) and defaults to a week from today', () => {
    assert.equal(readNumber('12,5'), 12.5);
    assert.equal(readNumber(' 15% '), 15);
    assert.equal(readNumber(''), null);
    assert.ok(Number.isNaN(readNumber('dez')));
    const form = emptyForm(new Date(2026, 10, 24, 9).getTime());
    assert.deepEqual([form.initialDate, form.finalDate], ['2026-11-24', '2026-12-01']);
    const read = draftOf({ ...form, eans: `${EAN_A}\n${EAN_B}`, discountValue: '10,5' });
    assert.deepEqual([read.eans, read.discountValue, read.quantityToBuy], [[EAN_A, EAN_B], 10.5, null]);
    assert.equal(checkPromotionDraft({ ...read, discountValue: readNumber('dez') }, '2026-11-24').problems.discountValue, 'discount-missing');
  });

  it('counts statuses, the ones needing staff first', () => {
    const item = (status: string) => ({ status }) as PromotionItem;
    assert.deepEqual(statusCounts([item('ACTIVE'), item('ERROR'), item('ACTIVE'), item('WEIRD'), item('PROCESSING')]), [
      ['ERROR', 1],
      ['PROCESSING', 1],
      ['ACTIVE', 2],
      ['WEIRD', 1],
    ]);
  });
});

/** A promotion module that validates each creation after some reads, and can be offline. */
function platform() {
  const state = { offline: false, created: [] as { request: PromotionRequest; reset: boolean }[], reads: 0, readsToSettle: 2, outcome: 'ACTIVE' };
  const items = (index: number): PromotionItem[] =>
    (state.created[index]?.request.promotions ?? []).flatMap((p) =>
      p.items.map((i, n) => ({
        promotionItemId: `${index}-${n}`,
        ean: i.ean,
        status: state.reads >= state.readsToSettle ? state.outcome : 'PROCESSING',
        initialDate: i.initialDate,
        finalDate: i.finalDate,
        promotionType: i.promotionType,
        error: state.outcome === 'ERROR' ? 'ITEM_NOT_FOUND' : null,
      })),
    );
  return {
    state,
    api: {
      create: async (_merchantId: string, request: PromotionRequest, query: { reset?: boolean } = {}) => {
        if (state.offline) throw new AppError('connection', 'no route to host');
        state.created.push({ request, reset: query.reset === true });
        return { aggregationId: `agg-${state.created.length - 1}`, message: 'queued' };
      },
      allItems: async (_merchantId: string, aggregationId: string) => {
        if (state.offline) throw new AppError('connection', 'no route to host');
        state.reads++;
        return items(Number(aggregationId.slice(4)));
      },
    },
  };
}

function setup() {
  const clock = new ManualClock(Date.parse('2026-11-24T12:00:00-03:00'));
  const db = StoreOutboxDb.open(':memory:');
  const queue = new StoreOutbox({ db, clock, logger: silentLogger, random: () => 0.5 });
  const p = platform();
  queue.register(promotionSenders(p.api));
  const tracker = new PromotionTracker({ db, promotion: p.api, outbox: queue, clock, logger: silentLogger, firstWaitMs: 2_500, intervalMs: 3_000 });
  tracker.start();
  const handlers = promotionHandlers({
    tracker,
    actions: queue,
    clock,
    order: { getVirtualBag: async () => Promise.reject(new AppError('connection', 'down')) },
  });
  const pushed: string[] = [];
  tracker.onChange((view) => pushed.push(`${view.state}:${view.items.map((i) => i.status).join(',')}`));
  const tick = () => queue.tick(new AbortController().signal);
  /** Lets the tracker's sleeps and reads run as the clock moves. */
  const advance = async (ms: number) => {
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    clock.advance(ms);
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  };
  return { clock, db, queue, p, tracker, handlers, pushed, tick, advance };
}

describe('promotions: sent through the store outbox and followed as the spec says to poll', () => {
  it('created online, read 2.5 s after the 202, read again every 3 s while processing, then left alone', async () => {
    const { p, tracker, handlers, advance } = setup();
    const view = await handlers['promotions:create']({ merchantId: STORE, draft: draft({ name: 'Semana', eans: [EAN_A, EAN_B] }), replaceAll: false });
    assert.deepEqual([view.state, view.aggregationId, view.name, view.eans, view.discountValue], ['done', 'agg-0', 'Semana', [EAN_A, EAN_B], 15]);
    assert.equal(p.state.reads, 0, "not read before the spec's first wait");
    await advance(2_499);
    assert.equal(p.state.reads, 0);
    await advance(1);
    assert.equal(p.state.reads, 1);
    assert.deepEqual(
      (await tracker.list(STORE))[0]?.items.map((i) => i.status),
      ['PROCESSING', 'PROCESSING'],
    );
    assert.equal((await tracker.list(STORE))[0]?.following, true);
    await advance(3_000);
    assert.equal(p.state.reads, 2);
    const settled = (await tracker.list(STORE))[0];
    assert.deepEqual(
      settled?.items.map((i) => i.status),
      ['ACTIVE', 'ACTIVE'],
    );
    assert.equal(settled?.following, false);
    await advance(60_000);
    assert.equal(p.state.reads, 2, 'no more reads once nothing is processing');
    await tracker.stop();
  });

  it('offline: the promotion waits in the outbox, is created once when back, then followed', async () => {
    const { p, tracker, handlers, tick, clock, advance } = setup();
    p.state.offline = true;
    const view = await handlers['promotions:create']({ merchantId: STORE, draft: draft(), replaceAll: true });
    assert.deepEqual([view.state, view.aggregationId, view.replaceAll], ['queued', null, true]);
    p.state.offline = false;
    clock.advance(120_000);
    await tick();
    assert.equal(p.state.created.length, 1);
    assert.equal(p.state.created[0]?.reset, true);
    assert.equal((await tracker.list(STORE))[0]?.aggregationId, 'agg-0');
    p.state.readsToSettle = 1;
    await advance(2_500);
    assert.deepEqual(
      (await tracker.list(STORE))[0]?.items.map((i) => i.status),
      ['ACTIVE'],
    );
    await tick();
    assert.equal(p.state.created.length, 1, 'sent once');
    await tracker.stop();
  });

  it('refuses a draft that breaks the rules in the main process too (nothing queued)', async () => {
    const { p, db, handlers } = setup();
    await assert.rejects(
      async () => handlers['promotions:create']({ merchantId: STORE, draft: draft({ discountValue: 90 }), replaceAll: false }),
      (e: unknown) => e instanceof AppError && e.code === 'bad-input' && e.field === 'discountValue',
    );
    assert.equal(p.state.created.length, 0);
    assert.equal(db.actions.list(STORE, 0).length, 0);
  });

  it('ends the whole set with an empty reset; refresh reads again what may still move, and keeps the last read offline', async () => {
    const { p, tracker, handlers, advance } = setup();
    p.state.readsToSettle = 1;
    await handlers['promotions:create']({ merchantId: STORE, draft: draft(), replaceAll: false });
    await advance(2_500);
    p.state.outcome = 'FINISHED';
    const end = await handlers['promotions:endAll']({ merchantId: STORE });
    assert.deepEqual([end.kind, end.replaceAll, end.eans], ['endAll', true, []]);
    assert.deepEqual(p.state.created[1], { request: { promotions: [] }, reset: true });
    // The reset moves the store's other promotions: they are followed until they settle.
    await advance(2_500);
    assert.deepEqual(
      (await tracker.list(STORE)).find((v) => v.kind === 'create')?.items.map((i) => i.status),
      ['FINISHED'],
    );
    const reads = p.state.reads;
    await handlers['promotions:refresh']({ merchantId: STORE });
    assert.equal(p.state.reads, reads, 'nothing left that may move: a finished promotion and an empty reset are not read again');
    p.state.outcome = 'ACTIVE';
    await handlers['promotions:create']({ merchantId: STORE, draft: draft({ eans: [EAN_B] }), replaceAll: false });
    await tracker.stop();
    p.state.offline = true;
    await assert.rejects(
      async () => handlers['promotions:refresh']({ merchantId: STORE }),
      (e: unknown) => e instanceof AppError && e.code === 'connection',
    );
    assert.deepEqual(
      (await tracker.list(STORE)).map((v) => v.items.map((i) => i.status)),
      [[], [], ['FINISHED']],
      'offline, the last reads stay',
    );
  });

  it('a damaged status column reads as never read, never as a crash', async () => {
    const { db, tracker } = setup();
    const action = db.write(() => db.actions.insert({ merchantId: STORE, kind: 'promotion', subject: null, payload: { request: 'not a request' }, now: 0 }));
    db.db.prepare(`INSERT INTO promotion_status (action_id, aggregation_id, items, checked_ms) VALUES (?, 'agg', '{"nope"', 0)`).run(action.id);
    const view = await tracker.view(action.id);
    assert.deepEqual([view?.items, view?.eans, view?.name], [[], [], null]);
  });
});
