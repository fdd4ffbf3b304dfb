import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { linesOf, stationOfCategory, WHOLE_ORDER_KEY } from '../../../src-main/features/kitchen/stations';
import { firstName, kitchenItems, kitchenSince } from '../../../src-main/features/kitchen/tickets';
import { GENERAL_STATION_ID, KitchenSetup } from '../../../src-shared/ipc/channels/kitchen';
import { readOrderDetail } from '../../../src-shared/wire/order';
import { boardRow as row } from '../../support/app/board-row';
import { LINES, MENU, TWO_STATIONS } from '../../support/kitchen/harness';

const AT = Date.parse('2026-11-24T15:00:00Z');
const boardRow = (patch: Parameters<typeof row>[2] = {}) => row('7d1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61', AT, patch);
const setup = (extra: Record<string, unknown> = {}) => KitchenSetup.parse({ ...TWO_STATIONS, ...extra });
const menuCategory = (_merchant: string, itemId: string | null, code: string | null): string | null =>
  MENU.flatMap((c) => c.items).find((i) => i.itemId === itemId || (itemId === null && i.externalCode === code))?.categoryId ?? null;

describe('kitchen stations: the split of an order by the menu’s categories', () => {
  it('puts each line at the station of its category, and a line of no station’s category at the general station', () => {
    const items = kitchenItems(
      {
        row: boardRow({ merchantId: 'm' }),
        detail: readOrderDetail({ items: LINES }),
        bumps: [],
        done: undefined,
        confirmedMs: null,
        categoryOf: menuCategory,
      },
      setup(),
    );
    assert.deepEqual(
      items.map((i) => [i.name, i.stationId]),
      [
        ['Burger', 'grill'],
        ['Soda', 'drinks'],
        ['Cake', GENERAL_STATION_ID],
      ],
    );
  });

  it('sends a line of no station to the default station the setup names', () => {
    assert.equal(stationOfCategory(setup({ defaultStationId: 'grill' }), 'cat-desserts'), 'grill');
    assert.equal(stationOfCategory(setup({ defaultStationId: 'grill' }), null), 'grill', 'a dish the menu does not know yet');
    assert.equal(stationOfCategory(setup(), 'cat-drinks'), 'drinks');
  });

  it('finds a dish by its external code when the order names no catalog id', () => {
    const lines = LINES.map(({ id: _id, ...line }) => line);
    const items = kitchenItems(
      {
        row: boardRow({ merchantId: 'm' }),
        detail: readOrderDetail({ items: lines }),
        bumps: [],
        done: undefined,
        confirmedMs: null,
        categoryOf: menuCategory,
      },
      setup(),
    );
    assert.deepEqual(
      items.map((i) => i.stationId),
      ['grill', 'drinks', GENERAL_STATION_ID],
    );
  });

  it('keeps the options and the note of a line, and never its price', () => {
    const [burger] = linesOf(readOrderDetail({ items: LINES }));
    assert.equal(burger?.observations, 'sem cebola');
    assert.deepEqual(burger?.options, [{ name: 'Bacon', quantity: 2 }]);
    assert.equal(burger?.key, 'line-burger');
    assert.ok(!JSON.stringify(burger).includes('30'), 'no price on the kitchen’s line');
  });

  it('makes an order whose detail has not come one part, the whole order, at the default station', () => {
    const items = kitchenItems(
      { row: boardRow({ merchantId: 'm' }), detail: undefined, bumps: [], done: undefined, confirmedMs: null, categoryOf: menuCategory },
      setup({ defaultStationId: 'drinks' }),
    );
    assert.deepEqual(
      items.map((i) => [i.key, i.stationId]),
      [[WHOLE_ORDER_KEY, 'drinks']],
    );
  });

  it('refuses a setup with a category in two stations, a default station that is not one, or red before amber', () => {
    assert.ok(
      !KitchenSetup.safeParse({
        stations: [
          { id: 'a', name: 'A', categories: ['c'] },
          { id: 'b', name: 'B', categories: ['c'] },
        ],
      }).success,
    );
    assert.ok(!KitchenSetup.safeParse({ ...TWO_STATIONS, defaultStationId: 'fryer' }).success);
    assert.ok(!KitchenSetup.safeParse({ amberMinutes: 10, redMinutes: 10 }).success);
    assert.ok(!KitchenSetup.safeParse({ stations: [{ id: GENERAL_STATION_ID, name: 'X', categories: [] }] }).success, 'the general station’s id is taken');
    assert.deepEqual(KitchenSetup.parse({}), {
      stations: [],
      defaultStationId: null,
      amberMinutes: 5,
      redMinutes: 10,
      agesByType: {},
      targets: { defaultMinutes: 10, categories: {}, items: {} },
      pickupFirstName: false,
    });
  });

  it('starts a ticket’s age at its confirmation, a scheduled one’s at its preparation start when later', () => {
    const confirmed = Date.parse('2026-11-24T15:00:00Z');
    assert.equal(kitchenSince(boardRow({ createdAt: '2026-11-24T14:58:00Z' }), confirmed), '2026-11-24T15:00:00.000Z');
    assert.equal(kitchenSince(boardRow({ createdAt: '2026-11-24T14:58:00Z' }), null), '2026-11-24T14:58:00.000Z', 'no confirmation event: its arrival');
    const scheduled = boardRow({ timing: 'SCHEDULED', preparationStartDateTime: '2026-11-24T18:30:00Z' });
    assert.equal(kitchenSince(scheduled, confirmed), '2026-11-24T18:30:00.000Z');
  });

  it('gives the pickup board the first name only', () => {
    assert.equal(firstName('  Maria  da Silva '), 'Maria');
    assert.equal(firstName(null), null);
    assert.equal(firstName('   '), null);
  });
});
