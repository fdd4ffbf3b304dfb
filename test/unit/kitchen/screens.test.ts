import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GENERAL_STATION_ID, KitchenSetup, type KitchenItem, type KitchenTicket } from '../../../src-shared/ipc/channels/kitchen';
import { bumpBarCommand } from '../../../src-renderer/kitchen/bump-bar';
import {
  ageLimitsFor,
  ageOf,
  allDayCounts,
  expoRows,
  formatAge,
  lineStarts,
  pickupColumns,
  stationIds,
  ticketsFor,
} from '../../../src-renderer/kitchen/kitchen-logic';
import { RepeatTapGuard } from '../../../src-renderer/kitchen/repeat-tap';
import { addStation, checkedSetup, removeStation, toggleCategory, typedMinutes, withAgeLimits, withTarget } from '../../../src-renderer/kitchen/setup-draft';
import { TWO_STATIONS } from '../../support/kitchen/harness';

const NOW = Date.parse('2026-11-24T15:00:00Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();
const SETUP = KitchenSetup.parse(TWO_STATIONS);

const line = (key: string, name: string, stationId: string, patch: Partial<KitchenItem> = {}): KitchenItem => ({
  key,
  name,
  quantity: 1,
  unit: null,
  observations: null,
  options: [],
  stationId,
  bumpedAt: null,
  targetMinutes: 10,
  ...patch,
});

let next = 0;
function ticket(patch: Partial<KitchenTicket> = {}): KitchenTicket {
  next++;
  return {
    orderId: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    displayId: String(1000 + next),
    status: 'CONFIRMED',
    orderType: 'TAKEOUT',
    timing: 'IMMEDIATE',
    preparationStartDateTime: null,
    since: minutesAgo(1),
    customerFirstName: 'Ana',
    items: [line('b', 'Burger', 'grill', { quantity: 2 }), line('s', 'Soda', 'drinks')],
    doneAt: null,
    mark: null,
    heldAt: null,
    heldMs: 0,
    ...patch,
  };
}

describe('kitchen screens: what each shows', () => {
  it('shows a station its tickets with a line waiting there, oldest first, and never a scheduled one before its start', () => {
    const old = ticket({ since: minutesAgo(9) });
    const young = ticket({ since: minutesAgo(2) });
    const grillDone = ticket({ since: minutesAgo(12), items: [line('b', 'Burger', 'grill', { bumpedAt: minutesAgo(1) }), line('s', 'Soda', 'drinks')] });
    const later = ticket({ timing: 'SCHEDULED', preparationStartDateTime: new Date(NOW + 60_000).toISOString() });
    const due = ticket({ timing: 'SCHEDULED', preparationStartDateTime: minutesAgo(1), since: minutesAgo(1) });
    const ready = ticket({ status: 'READY_TO_PICKUP' });
    const finished = ticket({ doneAt: minutesAgo(0) });
    const all = [young, old, grillDone, later, due, ready, finished];
    assert.deepEqual(
      ticketsFor(all, 'grill', NOW).map((t) => t.ticket),
      [old, young, due],
    );
    assert.deepEqual(
      ticketsFor(all, 'drinks', NOW).map((t) => t.ticket),
      [grillDone, old, young, due],
    );
    assert.deepEqual(
      ticketsFor(all, null, NOW).map((t) => t.ticket),
      [grillDone, old, young, due],
      'every station: the whole order',
    );
    assert.deepEqual(
      ticketsFor([old], 'grill', NOW)[0]?.lines.map((l) => l.key),
      ['b'],
      'only the station’s lines',
    );
  });

  it('colours a ticket by its wait: green, amber from the amber minutes, red from the red ones', () => {
    const setup = { amberMinutes: 5, redMinutes: 10, agesByType: {} };
    const aged = (minutes: number, patch: Partial<KitchenTicket> = {}) => ticket({ since: minutesAgo(minutes), ...patch });
    assert.equal(ageOf(aged(4.99), NOW, setup).level, 'fresh');
    assert.equal(ageOf(aged(5), NOW, setup).level, 'amber');
    assert.equal(ageOf(aged(9.9), NOW, setup).level, 'amber');
    assert.equal(ageOf(aged(10), NOW, setup).level, 'red');
    assert.equal(ageOf(aged(3), NOW, { amberMinutes: 2, redMinutes: 3, agesByType: {} }).level, 'red', 'the thresholds are the setup’s');
    assert.deepEqual(
      ageOf(ticket({ since: new Date(NOW + 5_000).toISOString() }), NOW, setup),
      { ms: 0, level: 'fresh' },
      'a clock a little ahead is not a negative wait',
    );
    assert.equal(formatAge(7 * 60_000 + 5_000), '7:05');
    assert.equal(formatAge(62 * 60_000 + 30_000), '1:02:30');
  });

  it('colours a delivery and a takeout by their own thresholds, every other type by the general pair', () => {
    const setup = KitchenSetup.parse({ amberMinutes: 5, redMinutes: 10, agesByType: { DELIVERY: { amberMinutes: 3, redMinutes: 6 } } });
    const at = (orderType: string | null) => ageOf(ticket({ orderType, since: minutesAgo(7) }), NOW, setup).level;
    assert.equal(at('DELIVERY'), 'red', 'a driver waits: red at 6');
    assert.equal(at('TAKEOUT'), 'amber', 'no pair of its own: the general one');
    assert.equal(at('DINE_IN'), 'amber');
    assert.equal(at(null), 'amber');
    assert.deepEqual(ageLimitsFor(setup, 'DELIVERY'), { amberMinutes: 3, redMinutes: 6 });
    assert.deepEqual(ageLimitsFor(KitchenSetup.parse({}), 'TAKEOUT'), { amberMinutes: 5, redMinutes: 10 }, 'the current pair is both types’ default');
  });

  it('stops a held ticket’s clock and leaves its past holds out of its age', () => {
    const setup = KitchenSetup.parse({});
    const held = ticket({ since: minutesAgo(12), mark: 'hold', heldAt: minutesAgo(4), heldMs: 0 });
    assert.deepEqual(ageOf(held, NOW, setup), { ms: 8 * 60_000, level: 'amber' }, 'held 4 minutes ago: 8 minutes of wait');
    assert.equal(ageOf(held, NOW + 10 * 60_000, setup).ms, 8 * 60_000, 'still 8 while it is held');
    const released = ticket({ since: minutesAgo(12), heldMs: 4 * 60_000 });
    assert.equal(ageOf(released, NOW, setup).ms, 8 * 60_000, 'released: it counts on from there');
  });

  it('sorts priority tickets first and held ones last, each group oldest first, on the display and the expo', () => {
    const old = ticket({ since: minutesAgo(9) });
    const young = ticket({ since: minutesAgo(2) });
    const urgent = ticket({ since: minutesAgo(1), mark: 'priority' });
    const held = ticket({ since: minutesAgo(20), mark: 'hold', heldAt: minutesAgo(5) });
    const shown = ticketsFor([held, young, old, urgent], null, NOW).map((t) => t.ticket);
    assert.deepEqual(shown, [urgent, old, young, held]);
    assert.deepEqual(
      expoRows([held, young, old, urgent], SETUP, NOW).map((r) => r.ticket),
      [urgent, old, young, held],
    );
  });

  it('tells each waiting line when to start so the order’s lines finish together, and "now" once its start has come', () => {
    const start = Date.parse('2026-11-24T14:50:00Z');
    const t = ticket({
      since: new Date(start).toISOString(),
      items: [
        line('burger', 'Burger', 'grill', { targetMinutes: 12 }),
        line('fries', 'Fries', 'fryer', { targetMinutes: 4 }),
        line('shake', 'Shake', 'drinks', { targetMinutes: 2 }),
        line('salad', 'Salad', 'cold', { targetMinutes: 12 }),
      ],
    });
    const starts = lineStarts(t, NOW);
    assert.equal(starts.get('burger'), null, 'the longest starts with the order: nothing to say');
    assert.equal(starts.get('salad'), null);
    assert.deepEqual(starts.get('fries'), { kind: 'now' }, 'its start, 14:58, has come');
    assert.deepEqual(starts.get('shake'), { kind: 'now' }, 'its start is this minute');
    const before = lineStarts(t, Date.parse('2026-11-24T14:55:00Z'));
    assert.deepEqual(before.get('fries'), { kind: 'at', atMs: Date.parse('2026-11-24T14:58:00Z') });
    assert.deepEqual(before.get('shake'), { kind: 'at', atMs: Date.parse('2026-11-24T15:00:00Z') });
    const bumped = ticket({ ...t, items: t.items.map((i) => (i.key === 'shake' ? { ...i, bumpedAt: minutesAgo(0) } : i)) });
    assert.equal(lineStarts(bumped, NOW).get('shake'), null, 'a bumped line says nothing');
    const paused = ticket({ ...t, heldMs: 5 * 60_000 });
    assert.deepEqual(lineStarts(paused, NOW).get('shake'), { kind: 'at', atMs: Date.parse('2026-11-24T15:05:00Z') }, 'a past hold moves the starts');
    assert.equal(lineStarts(ticket({ ...t, mark: 'hold', heldAt: minutesAgo(1) }), NOW).size, 0, 'a held ticket says no start');
    assert.equal(lineStarts(t, Date.parse('2026-11-24T15:01:00Z')).get('fries'), null, 'three minutes after its start: told, calm again');
    // An order started off the minute: the longest, rounded up to its minute, still says nothing; a lone dish never waits.
    const offMinute = ticket({ ...t, since: '2026-11-24T14:50:40.000Z', items: [t.items[0], t.items[1]].filter((i) => i !== undefined) });
    const early = Date.parse('2026-11-24T14:55:00Z');
    assert.equal(lineStarts(offMinute, early).get('burger'), null);
    assert.deepEqual(lineStarts(offMinute, early).get('fries'), { kind: 'at', atMs: Date.parse('2026-11-24T14:59:00Z') });
    const lone = ticket({ since: '2026-11-24T14:50:40.000Z', items: [line('cake', 'Cake', 'cold', { targetMinutes: 5 })] });
    assert.equal(lineStarts(lone, early).get('cake'), null);
  });

  it('counts all day what waits at the station across its tickets, the most wanted first', () => {
    const a = ticket({ items: [line('b', 'Burger', 'grill', { quantity: 2 }), line('f', 'Fries', 'grill')] });
    const b = ticket({
      items: [line('b', 'Burger', 'grill', { quantity: 3, observations: 'sem cebola' }), line('b2', 'Burger', 'grill', { bumpedAt: minutesAgo(1) })],
    });
    const c = ticket({ items: [line('k', 'Picanha', 'grill', { quantity: 0.75, unit: 'KG' }), line('s', 'Soda', 'drinks', { quantity: 4 })] });
    const counts = allDayCounts(ticketsFor([a, b, c], 'grill', NOW));
    assert.deepEqual(
      counts.map((c) => [c.name, c.quantity, c.tickets]),
      [
        ['Burger', 5, 2],
        ['Fries', 1, 1],
        ['Picanha', 0.75, 1],
      ],
      'bumped lines and other stations are not counted; a note does not split a dish',
    );
  });

  it('shows the expo every station of an order and which are done', () => {
    const t = ticket({
      items: [line('b', 'Burger', 'grill', { bumpedAt: minutesAgo(1) }), line('s', 'Soda', 'drinks'), line('c', 'Cake', GENERAL_STATION_ID)],
    });
    const [row] = expoRows([t], SETUP, NOW);
    assert.deepEqual(row?.stations, [
      { id: 'grill', done: true },
      { id: 'drinks', done: false },
      { id: GENERAL_STATION_ID, done: false },
    ]);
    assert.deepEqual(
      expoRows([ticket({ doneAt: minutesAgo(0) })], SETUP, NOW)[0]?.stations.every((s) => s.done),
      true,
    );
    assert.deepEqual(stationIds(SETUP, [t]), ['grill', 'drinks', GENERAL_STATION_ID], 'the general station shows when items go there');
    assert.deepEqual(stationIds(SETUP, [ticket()]), ['grill', 'drinks']);
  });

  it('puts on the pickup board what is cooking under "Preparando" and what is done or ready under "Pronto"', () => {
    const cooking = ticket();
    const kitchenDone = ticket({ doneAt: minutesAgo(1) });
    const counterReady = ticket({ status: 'READY_TO_PICKUP', since: minutesAgo(20) });
    const noCode = ticket({ displayId: null });
    const columns = pickupColumns([cooking, kitchenDone, counterReady, noCode], NOW);
    assert.deepEqual(columns.preparing, [cooking]);
    assert.deepEqual(columns.ready, [kitchenDone, counterReady], 'the one just done on top');
  });

  it('reads a bump bar: numbers pick, Enter bumps, Backspace recalls; not while typing, not with a modifier', () => {
    const press = (key: string, extra: Partial<Parameters<typeof bumpBarCommand>[0]> = {}) =>
      bumpBarCommand({ key, altKey: false, ctrlKey: false, metaKey: false, typing: false, ...extra });
    assert.deepEqual(press('1'), { kind: 'select', index: 0 });
    assert.deepEqual(press('9'), { kind: 'select', index: 8 });
    assert.equal(press('0'), null);
    assert.deepEqual(press('Enter'), { kind: 'bump' });
    assert.deepEqual(press('Backspace'), { kind: 'recall' });
    assert.equal(press('Backspace', { typing: true }), null);
    assert.equal(press('2', { altKey: true }), null, 'Alt+2 is the navigation’s');
  });

  it('takes a lone tap, and not a double tap’s second on the ticket that slid under the finger', () => {
    let t = 0;
    const guard = new RepeatTapGuard(() => t);
    assert.equal(guard.take('a', { x: 100, y: 100 }), true);
    t = 200;
    assert.equal(guard.take('b', { x: 104, y: 98 }), false, 'the next ticket, under the same finger');
    t = 1_000;
    assert.equal(guard.take('b', { x: 104, y: 98 }), true, 'a tap of its own');
    assert.equal(guard.take('c', null), true, 'a bump bar key is never held back');
  });

  it('edits the stations as a draft: a category joins one station, leaves the other', () => {
    let draft = addStation(SETUP, 'Fritadeira', 'fryer');
    draft = toggleCategory(draft, 'fryer', 'cat-grill');
    assert.deepEqual(
      draft.stations.map((s) => [s.id, s.categories]),
      [
        ['grill', []],
        ['drinks', ['cat-drinks']],
        ['fryer', ['cat-grill']],
      ],
    );
    draft = toggleCategory(draft, 'fryer', 'cat-grill');
    assert.deepEqual(draft.stations.find((s) => s.id === 'fryer')?.categories, []);
    assert.notEqual(checkedSetup(draft), null);
    assert.equal(checkedSetup({ ...draft, stations: [{ id: 'x', name: '  ', categories: [] }] }), null, 'a station needs a name');
    assert.equal(removeStation({ ...draft, defaultStationId: 'fryer' }, 'fryer').defaultStationId, null);
  });

  it('edits preparation targets and per-type colours as a draft: an empty field takes the one above it, red before amber is refused', () => {
    assert.equal(typedMinutes(''), null);
    assert.equal(typedMinutes('12'), 12);
    assert.equal(typedMinutes('0'), undefined);
    assert.equal(typedMinutes('2.5'), undefined);
    let draft = withTarget(SETUP, 'categories', 'cat-grill', 12);
    draft = withTarget(draft, 'items', 'item-burger', 15);
    assert.deepEqual(draft.targets, { defaultMinutes: 10, categories: { 'cat-grill': 12 }, items: { 'item-burger': 15 } });
    assert.deepEqual(withTarget(draft, 'items', 'item-burger', null).targets.items, {}, 'emptied: the category’s again');
    const delivery = withAgeLimits(SETUP, 'DELIVERY', { amberMinutes: 3, redMinutes: 6 });
    assert.deepEqual(delivery.agesByType, { DELIVERY: { amberMinutes: 3, redMinutes: 6 } });
    assert.equal(withAgeLimits(SETUP, null, { amberMinutes: 7, redMinutes: 14 }).amberMinutes, 7, 'the general pair');
    assert.notEqual(checkedSetup(delivery), null);
    assert.equal(checkedSetup(withAgeLimits(SETUP, 'TAKEOUT', { amberMinutes: 8, redMinutes: 6 })), null);
  });
});
