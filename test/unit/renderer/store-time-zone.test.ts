import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { render } from 'svelte/server';
import { offsetMinutes, storeTimeZone } from '../../../src-shared/store-rules/time-zone';
import type { StoreDetail } from '../../../src-shared/wire/merchant';
import { createTerminal, terminalContext } from '../../../src-renderer/app/terminal';
import OrderCard from '../../../src-renderer/orders/OrderCard.svelte';
import { boardRow } from '../../support/app/board-row';
import { fakeBridge } from '../../support/app/fake-bridge';

const T0 = Date.parse('2026-11-24T15:00:00Z');
const HERE = Intl.DateTimeFormat().resolvedOptions().timeZone;

describe("each store's time zone", () => {
  it("comes from the store's state in Brazil; elsewhere the terminal's zone is used", () => {
    assert.equal(storeTimeZone({ state: 'AM', country: 'BR' }), 'America/Manaus');
    assert.equal(storeTimeZone({ state: 'sp', country: 'BR' }), 'America/Sao_Paulo');
    assert.equal(storeTimeZone({ state: 'AC' }), 'America/Rio_Branco');
    assert.equal(storeTimeZone({ state: 'CA', country: 'US' }), null);
    assert.equal(storeTimeZone({ state: '', country: 'BR' }), null);
    assert.equal(storeTimeZone(null), null);
    assert.equal(offsetMinutes('America/Manaus', T0), -240);
    assert.equal(offsetMinutes('America/Sao_Paulo', T0), -180);
    assert.equal(offsetMinutes('UTC', T0), 0);
    assert.equal(offsetMinutes('Not/AZone', T0), null);
  });

  it("a card of a store in another zone says its times in that zone, named; a store in the terminal's zone as before", async () => {
    // A store whose zone is the terminal's, and one four hours behind UTC, unless the terminal is there too.
    const far = offsetMinutes(HERE, T0) === -240 ? { id: 'far', state: 'SP' } : { id: 'far', state: 'AM' };
    const detail = (id: string, state: string) => ({ id, name: id, address: { state, country: 'BR' } }) as unknown as StoreDetail;
    const bridge = fakeBridge({
      'stores:list': () => [
        { id: 'near', name: 'Near', corporateName: 'Near' },
        { id: 'far', name: 'Far', corporateName: 'Far' },
      ],
      'stores:detail': (input) => ((input as { merchantId: string }).merchantId === 'far' ? detail('far', far.state) : detail('near', 'US-NY')),
    });
    const terminal = createTerminal(bridge, { systemNow: () => T0, notifier: { notify: () => {} } });
    await terminal.storesState.load();
    await terminal.storesState.loadAllDetails();
    const zone = terminal.storesState.zoneOf('far', T0);
    assert.ok(zone, 'the far store has its own zone');
    const card = (merchantId: string) =>
      render(OrderCard, { props: { row: boardRow('a1b2c3d4', T0, { merchantId }) }, context: terminalContext(terminal) }).body;
    assert.match(card('far'), /\d:\d\d GMT-[34]/, 'named with its offset');
    assert.doesNotMatch(card('elsewhere'), /GMT/, "a store whose zone is unknown: the terminal's, unnamed");
  });
});
