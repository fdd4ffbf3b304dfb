import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { render } from 'svelte/server';
import type { BoardRow } from '../../../src-shared/ipc/channels/orders';
import { createTerminal, terminalContext } from '../../../src-renderer/app/terminal';
import OrderCard from '../../../src-renderer/orders/OrderCard.svelte';
import OrdersPage from '../../../src-renderer/orders/OrdersPage.svelte';
import OrderDrawer from '../../../src-renderer/orders/OrderDrawer.svelte';
import ChoiceRow from '../../../src-renderer/lib/ChoiceRow.svelte';
import type { OrderDetailView, OrderView } from '../../../src-shared/ipc/channels/orders';
import type { DisputeView } from '../../../src-shared/order-requests';
import type { SoundKind } from '../../../src-renderer/alerts/sounds';
import { boardRow, ROW_STORE } from '../../support/app/board-row';
import { fakeBridge } from '../../support/app/fake-bridge';

const T0 = Date.parse('2026-11-24T15:00:00Z');
const STORE = ROW_STORE;

const row = (id: string, patch: Partial<BoardRow> = {}): BoardRow => boardRow(id, T0, patch);

/** A terminal on a fake bridge, its screen clock at T0. */
function terminalWith(rows: BoardRow[]) {
  const sounds: SoundKind[] = [];
  const bridge = fakeBridge({ 'orders:board': () => ({ rows, closedLeftOut: 0, generatedAt: new Date(T0).toISOString() }) });
  const terminal = createTerminal(bridge, { systemNow: () => T0, sounds: (kind) => sounds.push(kind), notifier: { notify: () => {} } });
  return { bridge, terminal, sounds };
}

describe('renderer components with a fake bridge (server-rendered)', () => {
  it("a setting's row of choices is a radio group its label names, the chosen one checked", () => {
    const { body } = render(ChoiceRow<boolean>, {
      props: {
        label: 'Entrar com PIN',
        choices: [
          { value: true, label: 'Sim', testid: 'pin-on' },
          { value: false, label: 'Não', testid: 'pin-off' },
        ],
        value: false,
        disabled: true,
        onchoose: () => {},
      },
    });
    const labelId = /<span class="setting-label" id="([^"]+)">Entrar com PIN<\/span>/.exec(body)?.[1];
    assert.ok(labelId, body);
    assert.match(body, new RegExp(`role="radiogroup" aria-labelledby="${labelId}"`));
    assert.match(body, /aria-checked="false"[^>]*disabled[^>]*data-testid="pin-on">Sim</);
    assert.match(body, /aria-checked="true"[^>]*disabled[^>]*data-testid="pin-off" class="chosen">Não</);
  });

  it('a new order card shows its code, customer, the confirm countdown and the confirm button', () => {
    const { terminal } = terminalWith([]);
    const { body } = render(OrderCard, { props: { row: row('a1b2c3d4') }, context: terminalContext(terminal) });
    assert.match(body, /#A1B2/);
    assert.match(body, /Ana/);
    assert.match(body, /Confirmar em 7:00/, 'seven minutes left of the eight, on the screen clock');
    assert.match(body, /data-testid="act-confirm"/);
  });

  it('the board puts each order of the bridge in its column', async () => {
    const { terminal, bridge } = terminalWith([row('new-1'), row('cooking', { status: 'CONFIRMED' }), row('gone', { status: 'CANCELLED' })]);
    await terminal.ordersState.load();
    assert.deepEqual(
      bridge.calls.map((c) => c.channel),
      ['orders:board'],
    );
    const { body } = render(OrdersPage, { context: terminalContext(terminal) });
    const column = (name: string) =>
      body.slice(body.indexOf(`data-testid="column-${name}"`), body.indexOf('</section>', body.indexOf(`data-testid="column-${name}"`)));
    assert.match(column('new'), /data-order-id="new-1"/);
    assert.match(column('preparing'), /data-order-id="cooking"/);
    assert.match(column('done'), /data-order-id="gone"/);
    assert.doesNotMatch(column('new'), /cooking|gone/);
  });

  it('rings at once for a new order pushed after the board was read, not for a known one, and says so in English', async () => {
    const { terminal, bridge, sounds } = terminalWith([row('known')]);
    await terminal.ordersState.load();
    bridge.push('orders:changed', { rows: [row('known', { status: 'CONFIRMED' })], actions: [] });
    assert.deepEqual(sounds, []);
    bridge.push('orders:changed', { rows: [row('arrived')], actions: [] });
    assert.deepEqual(sounds, ['new']);
    assert.equal(terminal.ordersState.needsAttention('arrived'), true);
    terminal.i18n.setLocale('en');
    const { body } = render(OrderCard, { props: { row: row('arrived') }, context: terminalContext(terminal) });
    assert.match(body, /Confirm within 7:00/);
    assert.match(body, /NEW/);
  });
});

describe('the order drawer (server-rendered)', () => {
  const OTHER = 'e5d41f63-5e7c-4b8a-8f30-4b5c6d7e8f94';
  const cashOrder: OrderView = {
    displayId: 'A1B2',
    orderType: 'DELIVERY',
    orderTiming: 'IMMEDIATE',
    salesChannel: 'PLATFORM-APP',
    createdAt: new Date(T0 - 60_000).toISOString(),
    preparationStartDateTime: null,
    storeName: 'Cantina (as the order says)',
    customer: {
      name: 'Ana',
      ordersCountOnMerchant: 3,
      phone: { number: '0800 123 4567', localizer: '12345678', localizerExpiresAt: new Date(T0 + 6 * 3_600_000).toISOString() },
    },
    items: [
      {
        index: 1,
        id: null,
        uniqueId: null,
        name: 'Pizza',
        externalCode: null,
        ean: null,
        quantity: 1,
        unit: null,
        unitPrice: 451,
        optionsPrice: null,
        totalPrice: 451,
        observations: null,
        options: [],
      },
    ],
    total: { subTotal: 451, deliveryFee: null, benefits: null, additionalFees: null, orderAmount: 451 },
    payments: { prepaid: 0, pending: 451, methods: [{ method: 'CASH', type: 'OFFLINE', value: 451, currency: 'BRL', card: null, cash: { changeFor: 500 } }] },
    delivery: { mode: 'DEFAULT', deliveredBy: 'PLATFORM', deliveryDateTime: null, observations: null, address: null },
    takeoutDateTime: null,
    schedule: null,
  };
  const dispute: DisputeView = {
    disputeId: 'd-1',
    action: 'CANCELLATION',
    message: 'Veio frio',
    alternatives: [],
    openedAt: new Date(T0).toISOString(),
    expiresAt: new Date(T0 + 5 * 60_000).toISOString(),
    timeoutAction: 'ACCEPT_CANCELLATION',
    settlement: null,
  };
  const detail = (patch: Partial<OrderDetailView> = {}): OrderDetailView => ({
    row: row('a1b2c3d4', { merchantId: OTHER }),
    order: cashOrder,
    detailFetchedAt: new Date(T0).toISOString(),
    events: [],
    actions: [],
    tracking: null,
    requests: { disputes: [], addressChanges: [], driverRequest: null, wrongDeliveryCodes: 0, deliveryCodeVerified: false },
    ...patch,
  });

  async function drawer(view: OrderDetailView, locale: 'pt-BR' | 'en' = 'pt-BR'): Promise<string> {
    const bridge = fakeBridge({
      'orders:board': () => ({ rows: [view.row], closedLeftOut: 0, generatedAt: new Date(T0).toISOString() }),
      'orders:detail': () => view,
      'stores:list': () => [
        { id: STORE, name: 'Pizzaria Bella', corporateName: 'x' },
        { id: OTHER, name: 'Sushi Bar', corporateName: 'y' },
      ],
    });
    const terminal = createTerminal(bridge, { systemNow: () => T0, sounds: () => {}, notifier: { notify: () => {} } });
    terminal.i18n.setLocale(locale);
    await terminal.storesState.load();
    await terminal.ordersState.load();
    await terminal.ordersState.open(view.row.id);
    return render(OrderDrawer, { context: terminalContext(terminal) }).body;
  }

  it("names the order's store, counts down its 8 minutes, says the change to take and how to call the customer", async () => {
    const body = await drawer(detail());
    assert.match(body, /data-testid="drawer-store"[^>]*>Sushi Bar</, "the store's name as the terminal knows it");
    assert.match(body, /data-testid="drawer-countdown"[^>]*>\s*Confirmar em 7:00/);
    assert.match(body, /Levar troco: R\$\s49,00/);
    assert.match(body, /o cliente paga com R\$\s500,00/);
    assert.match(body, /Para ligar: 0800 123 4567/);
    assert.match(body, /código 1234 5678/);
    assert.match(body, /válido até \d\d:\d\d/);
    const en = await drawer(detail(), 'en');
    assert.match(en, /Confirm within 7:00/);
    assert.match(en, /Bring change: R\$\s?49\.00/);
    assert.match(en, /To call: 0800 123 4567/);
  });

  it('puts an open dispute above the actions, its cancelling answer drawn destructive, and the cancel apart from the steps', async () => {
    const body = await drawer(
      detail({ requests: { disputes: [dispute], addressChanges: [], driverRequest: null, wrongDeliveryCodes: 0, deliveryCodeVerified: false } }),
    );
    const at = (testid: string) => body.indexOf(`data-testid="${testid}"`);
    assert.ok(at('drawer-requests') > 0 && at('dispute-panel') > at('drawer-requests'));
    assert.ok(at('drawer-requests') < at('drawer-actions'), 'the request before the actions');
    assert.ok(at('drawer-actions') < at('drawer-cancel'), 'the cancel after the steps, on its own row');
    assert.match(body, /class="destructive[^"]*"[^>]*data-testid="dispute-accept"[^>]*>Aceitar e cancelar o pedido</);
    assert.match(body, /class="destructive[^"]*"[^>]*data-testid="drawer-cancel"/);
    const settled = await drawer(
      detail({
        requests: {
          disputes: [{ ...dispute, settlement: { outcome: 'REJECTED', settledBy: 'MERCHANT', reason: null, alternativeAmount: null, at: null } }],
          addressChanges: [],
          driverRequest: null,
          wrongDeliveryCodes: 0,
          deliveryCodeVerified: false,
        },
      }),
    );
    assert.equal(settled.indexOf('data-testid="drawer-requests"'), -1, 'a settled one is history, below');
    assert.ok(settled.indexOf('data-testid="dispute-panel"') > settled.indexOf('data-testid="drawer-actions"'));
  });
});

describe('alerts until someone acts (screen clock driven by hand)', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('repeats the new-order sound every repeat interval until the last new order is confirmed, then stops', async () => {
    const { terminal, bridge, sounds } = terminalWith([]);
    await terminal.settingsState.load();
    await terminal.ordersState.load();
    const { alerts } = terminal;
    alerts.tick(T0);
    bridge.push('orders:changed', { rows: [row('a'), row('b')], actions: [] });
    await settle();
    assert.deepEqual(sounds, ['new'], 'at once on arrival');
    for (let s = 1; s <= 25; s++) alerts.tick(T0 + s * 1000);
    assert.deepEqual(sounds, ['new', 'new', 'new'], 'again at 10 s and 20 s (default repeat)');
    bridge.push('orders:changed', { rows: [row('a', { status: 'CONFIRMED' })], actions: [] });
    for (let s = 26; s <= 35; s++) alerts.tick(T0 + s * 1000);
    assert.equal(sounds.length, 4, 'one order still new: it rings on');
    bridge.push('orders:changed', { rows: [row('b', { status: 'CONFIRMED' })], actions: [] });
    for (let s = 36; s <= 120; s++) alerts.tick(T0 + s * 1000);
    assert.equal(sounds.length, 4, 'not once more after the last confirm');
  });

  it('opening an order acknowledges it; a filtered-out store still rings and shows its count', async () => {
    const OTHER = 'e5d41f63-5e7c-4b8a-8f30-4b5c6d7e8f94';
    const { terminal, bridge, sounds } = terminalWith([]);
    await terminal.ordersState.load();
    terminal.ordersState.toggleStore(STORE);
    bridge.push('orders:changed', { rows: [row('other', { merchantId: OTHER })], actions: [] });
    assert.deepEqual(sounds, ['new']);
    assert.equal(terminal.ordersState.columns.new.length, 0, 'hidden by the filter');
    assert.equal(terminal.ordersState.newByStore.get(OTHER), 1);
    assert.equal(terminal.ordersState.attention.length, 1);
    await terminal.ordersState.open('other');
    assert.equal(terminal.ordersState.attention.length, 0);
  });

  it('a cancellation staff did not ask for rings its own sound, muted too (a mute silences the new-order chime only), and stays on screen until dismissed; a mute undoes itself', async () => {
    const { terminal, bridge, sounds } = terminalWith([row('c', { status: 'CONFIRMED' })]);
    await terminal.settingsState.load();
    await terminal.ordersState.load();
    terminal.alerts.tick(T0);
    terminal.alerts.mute(T0);
    bridge.push('orders:changed', {
      rows: [row('c', { status: 'CANCELLED', cancellation: { origin: 'CUSTOMER', reason: 'changed mind', code: null } })],
      actions: [],
    });
    assert.deepEqual(sounds, ['cancelled'], 'a mute does not silence a cancellation');
    bridge.push('orders:changed', { rows: [row('n')], actions: [] });
    assert.deepEqual(sounds, ['cancelled'], 'it silences a new order');
    assert.deepEqual(
      terminal.ordersState.cancelNotices.map((r) => r.id),
      ['c'],
    );
    terminal.alerts.tick(T0 + 10 * 60_000);
    assert.equal(terminal.alerts.mutedUntil, null, 'the mute ends after its minutes');
    sounds.length = 0;
    bridge.push('orders:changed', { rows: [row('n', { status: 'CONFIRMED' }), row('d', { status: 'CONFIRMED' })], actions: [] });
    bridge.push('orders:changed', { rows: [row('d', { status: 'CANCELLED', cancellation: { origin: 'PLATFORM', reason: null, code: null } })], actions: [] });
    assert.deepEqual(sounds, ['cancelled']);
    const dispute = { kind: 'dispute' as const, expiresAt: new Date(T0 + 15 * 60_000).toISOString(), action: 'CANCELLATION' };
    bridge.push('orders:changed', { rows: [row('e', { status: 'CONFIRMED', lastEventCode: 'HANDSHAKE_DISPUTE', request: dispute })], actions: [] });
    assert.deepEqual(sounds, ['cancelled', 'dispute'], 'a dispute rings its own sound');
    bridge.push('orders:changed', { rows: [row('e', { status: 'CONFIRMED', lastEventCode: 'PREPARATION_STARTED', request: dispute })], actions: [] });
    assert.deepEqual(sounds, ['cancelled', 'dispute'], 'the same dispute rings once');
    assert.ok(terminal.ordersState.needsAttention('e'), 'an open dispute calls for staff until the order is opened');
    terminal.ordersState.dismissCancel('c');
    assert.deepEqual(
      terminal.ordersState.cancelNotices.map((r) => r.id),
      ['d'],
    );
  });

  it('rings the deadline sound once per order under 2 minutes, and the offline alarm as soon as the store is offline, muted or not', async () => {
    const { terminal, bridge, sounds } = terminalWith([row('late', { confirmDeadline: new Date(T0 + 150_000).toISOString() })]);
    await terminal.settingsState.load();
    await terminal.ordersState.load();
    for (let s = 0; s <= 40; s++) terminal.alerts.tick(T0 + s * 1000);
    assert.equal(sounds.filter((k) => k === 'deadline').length, 1);
    const at = (s: number) => new Date(T0 + s * 1000).toISOString();
    terminal.alerts.mute(T0 + 40_000);
    // Struggling (calls fail, the platform still shows the store): no alarm yet.
    bridge.push('status:changed', { state: 'degraded', lastSuccessAt: at(30), lastPollAt: at(30), reason: { code: 'server', message: '503' } });
    for (let s = 41; s <= 59; s++) terminal.alerts.tick(T0 + s * 1000);
    assert.equal(sounds.filter((k) => k === 'offline').length, 0, 'not while the platform still shows the store');
    // Offline (no good poll for 30 s, the main process says): at once, and every repeatSeconds (10 s).
    bridge.push('status:changed', { state: 'offline', lastSuccessAt: at(30), lastPollAt: at(30), reason: { code: 'server', message: '503' } });
    terminal.alerts.tick(T0 + 60_000);
    assert.equal(sounds.filter((k) => k === 'offline').length, 1, 'the first tick offline rings, muted as the terminal is');
    for (let s = 61; s <= 85; s++) terminal.alerts.tick(T0 + s * 1000);
    assert.equal(sounds.filter((k) => k === 'offline').length, 3, 'again at 70 s and 80 s');
    bridge.push('status:changed', { state: 'online', lastSuccessAt: at(86), lastPollAt: at(86), reason: null });
    for (let s = 86; s <= 120; s++) terminal.alerts.tick(T0 + s * 1000);
    assert.equal(sounds.filter((k) => k === 'offline').length, 3, 'silent once a poll succeeds');
    // Never heard from the platform at all (no last poll to say since when): offline all the same.
    bridge.push('status:changed', { state: 'offline', lastSuccessAt: null, lastPollAt: null, reason: { code: 'connection', message: 'refused' } });
    terminal.alerts.tick(T0 + 121_000);
    assert.equal(sounds.filter((k) => k === 'offline').length, 4);
  });
});

describe('words for the codes the screen shows', () => {
  it("every one of the spec's standard cancellation reasons (offered offline) reads in Portuguese and English", async () => {
    const { STANDARD_CANCELLATION_REASONS } = await import('../../../src-main/orders/cancellation-reasons');
    const { terminal } = terminalWith([]);
    for (const locale of ['pt-BR', 'en'] as const) {
      terminal.i18n.setLocale(locale);
      for (const reason of STANDARD_CANCELLATION_REASONS) {
        const words = terminal.i18n.label('orders.reason', reason.code, '');
        assert.notEqual(words, '', `${locale} ${reason.code}`);
        if (locale === 'pt-BR') assert.notEqual(words, reason.description, `${reason.code} is not the English text`);
      }
    }
    terminal.i18n.setLocale('pt-BR');
    assert.equal(terminal.i18n.label('orders.payment', 'CASH'), 'Dinheiro');
    assert.equal(terminal.i18n.label('orders.payment', 'NEW_WALLET'), 'NEW_WALLET', 'an unknown method is shown, never hidden');
  });

  it('every event the platform can send has words in both languages, distinct from its code', async () => {
    const { EVENT_CODES } = await import('../../../src-shared/wire/events');
    const { terminal } = terminalWith([]);
    for (const locale of ['pt-BR', 'en'] as const) {
      terminal.i18n.setLocale(locale);
      for (const name of Object.values(EVENT_CODES)) {
        const words = terminal.i18n.label('orders.event', name, '');
        assert.ok(words !== '' && words !== name, `${locale} ${name}`);
      }
    }
  });

  it("money in the order's currency; a code that is not a currency falls back to BRL; times as the language says them", () => {
    const { terminal } = terminalWith([]);
    terminal.i18n.setLocale('pt-BR');
    assert.match(terminal.i18n.money(12.5), /^R\$\s12,50$/);
    assert.match(terminal.i18n.money(12.5, 'USD'), /US\$\s12,50/);
    assert.match(terminal.i18n.money(12.5, '<script>'), /^R\$\s12,50$/);
    assert.match(terminal.i18n.money(12.5, 'ZZZ'), /12,50/, 'a well-formed unknown code still shows the amount');
    const at = '2026-11-24T15:05:00.000Z';
    assert.doesNotMatch(terminal.i18n.clock(at), /AM|PM/);
    terminal.i18n.setLocale('en');
    assert.match(terminal.i18n.clock(at), /^\d{1,2}:\d\d\s[AP]M$/);
    terminal.i18n.setLocale('pt-BR');
  });

  it("the platform's reason for a refusal is said in words when the screen knows it, else its kind", () => {
    const { terminal } = terminalWith([]);
    terminal.i18n.setLocale('pt-BR');
    assert.match(terminal.i18n.error({ code: 'conflict', message: 'x', reason: 'InterruptionOverlap' }), /Já existe uma pausa/);
    assert.equal(terminal.i18n.error({ code: 'conflict', message: 'x', reason: 'SomethingNew' }), terminal.i18n.error({ code: 'conflict', message: 'x' }));
  });
});
