import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage } from '../../support/shells/web-shell';

/**
 * What the customer or the platform asks of the store, answered from the order drawer against a
 * sandbox the test drives: disputes (answered, and left to expire), address changes (accepted and
 * denied), the customer's delivery code (wrong, then right), and a platform driver for an own
 * delivery (quote, request, assignment, cancel; and no driver found). At 1024x600, pt-BR first.
 */
interface PlacedOrder {
  id: string;
  displayId: string;
  customer: { phone: { localizer: string } };
}

describe('order requests in Chromium', () => {
  const terminal = useTerminal({ name: 'request' });

  async function control(method: 'GET' | 'POST', path: string, json?: unknown): Promise<Record<string, unknown>> {
    const response = await terminal.http.send(method, path, json === undefined ? {} : { json });
    assert.ok(response.status < 300, `${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as Record<string, unknown>;
  }
  const advance = (seconds: number) => control('POST', '/_sandbox/clock', { advanceSeconds: seconds });

  async function confirmedOrder(body: Record<string, unknown>): Promise<PlacedOrder> {
    const order = await terminal.placeOrder<PlacedOrder>(body);
    await card(order.id).getByTestId('act-confirm').click({ timeout: 15_000 });
    await terminal.page.locator(`[data-order-id="${order.id}"][data-status="CONFIRMED"]`).waitFor({ timeout: 15_000 });
    return order;
  }
  async function calls(orderId: string, route: string): Promise<{ status: number | null }[]> {
    const body = await control('GET', `/_sandbox/orders/${orderId}/calls`);
    return (body.calls as { route: string; status: number | null }[]).filter((c) => c.route === route);
  }

  const card = (id: string) => terminal.page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);
  const drawer = () => terminal.page.getByTestId('order-drawer');
  async function openDrawer(id: string): Promise<void> {
    await card(id).getByRole('button').first().click();
    await drawer().waitFor();
  }
  async function closeDrawer(): Promise<void> {
    await terminal.page.keyboard.press('Escape');
    await drawer().waitFor({ state: 'detached' });
  }

  // A test that failed with its drawer open leaves the next one a board to work on.
  afterEach(async () => {
    if (await drawer().count()) await closeDrawer();
  });

  it('a dispute rings on the card with its countdown, and is rejected with a reason before it expires', async () => {
    const order = await confirmedOrder({ orderType: 'DELIVERY', deliveredBy: 'PLATFORM' });
    await control('POST', `/_sandbox/orders/${order.id}/dispute`, {
      action: 'PROPOSED_AMOUNT_REFUND',
      expiresInSeconds: 300,
      timeoutAction: 'ACCEPT_CANCELLATION',
    });
    const banner = card(order.id).getByTestId('request-banner');
    await banner.getByText(/Reclamação do cliente · responda em \d:\d\d/).waitFor({ timeout: 15_000 });
    await terminal.shot('card-dispute-pt');

    await openDrawer(order.id);
    const panel = drawer().getByTestId('dispute-panel');
    await panel.getByText('Pede o reembolso de um valor').waitFor();
    await panel
      .getByTestId('dispute-countdown')
      .getByText(/Tempo para responder: \d:\d\d/)
      .waitFor();
    assert.equal(await panel.getByTestId('dispute-alternative').count(), 2, 'the two refunds the dispute offers');
    await terminal.shot('dispute-pt');

    await panel.getByTestId('dispute-reject').click();
    await panel.getByTestId('dispute-reason').fill('O pedido saiu completo e lacrado');
    await panel.getByTestId('dispute-reject-send').click();
    await panel.locator('[data-testid="dispute-outcome"][data-outcome="REJECTED"]').waitFor({ timeout: 15_000 });
    await panel.getByText('resposta da loja').waitFor();
    await closeDrawer();
    await banner.waitFor({ state: 'detached' });

    const state = await control('GET', `/_sandbox/orders/${order.id}`);
    const [dispute] = state.disputes as { status: string; rejectReason?: string; settledBy?: string }[];
    assert.equal(dispute?.status, 'REJECTED');
    assert.equal(dispute?.settledBy, 'MERCHANT');
    assert.equal(dispute?.rejectReason, 'O pedido saiu completo e lacrado');
    assert.equal((await calls(order.id, 'POST /disputes/{disputeId}/reject')).length, 1, 'answered once');
  });

  it('a dispute left unanswered settles by its timeout, and the drawer says so', async () => {
    const order = await confirmedOrder({ orderType: 'TAKEOUT' });
    await control('POST', `/_sandbox/orders/${order.id}/dispute`, { action: 'CANCELLATION', expiresInSeconds: 60, timeoutAction: 'ACCEPT_CANCELLATION' });
    await card(order.id).getByTestId('request-banner').waitFor({ timeout: 15_000 });
    await openDrawer(order.id);
    await drawer().getByTestId('dispute-accept').waitFor();
    await advance(61);
    await drawer().getByText('Cancelado', { exact: true }).first().waitFor({ timeout: 15_000 });
    const outcome = drawer().locator('[data-testid="dispute-outcome"][data-outcome="ACCEPTED"]');
    await outcome.getByText('sem resposta no prazo').waitFor({ timeout: 15_000 });
    assert.equal(await drawer().getByTestId('dispute-accept').count(), 0, 'no answer offered once settled');
    await closeDrawer();
  });

  it('an address change: the new address beside the old, one accepted and one denied', async () => {
    const accepted = await confirmedOrder({ orderType: 'DELIVERY', deliveredBy: 'PLATFORM' });
    await control('POST', `/_sandbox/orders/${accepted.id}/addressChangeRequest`, {
      streetName: 'Rua Augusta',
      streetNumber: '1500',
      neighborhood: 'Consolação',
      city: 'São Paulo',
      state: 'SP',
      country: 'BR',
      coordinates: { latitude: -23.5572, longitude: -46.6623 },
    });
    await card(accepted.id).locator('[data-testid="request-banner"][data-kind="addressChange"]').waitFor({ timeout: 15_000 });
    await openDrawer(accepted.id);
    const panel = drawer().getByTestId('address-change-panel');
    await panel.getByTestId('address-new').getByText('Rua Augusta, 1500').waitFor();
    await panel.getByText('Endereço atual').waitFor();
    await terminal.shot('address-pt');
    await panel.getByTestId('address-accept').click();
    await panel.locator('[data-testid="address-outcome"][data-outcome="ACCEPTED"]').waitFor({ timeout: 15_000 });
    // The accepted address becomes the order's: the drawer reads the detail again.
    await drawer()
      .locator('section', { hasText: 'Entrega' })
      .getByText(/Rua Augusta, 1500/)
      .first()
      .waitFor({ timeout: 15_000 });
    await closeDrawer();
    assert.equal((await calls(accepted.id, 'POST /orders/{orderId}/acceptDeliveryAddressChange')).length, 1);

    const denied = await confirmedOrder({ orderType: 'DELIVERY', deliveredBy: 'PLATFORM' });
    await control('POST', `/_sandbox/orders/${denied.id}/addressChangeRequest`);
    await card(denied.id).getByTestId('request-banner').waitFor({ timeout: 15_000 });
    await openDrawer(denied.id);
    await drawer().getByTestId('address-deny').click();
    await drawer().locator('[data-testid="address-outcome"][data-outcome="DENIED"]').getByText('pela loja').waitFor({ timeout: 15_000 });
    await closeDrawer();
    const deniedState = await control('GET', `/_sandbox/orders/${denied.id}`);
    assert.notEqual((deniedState.order as { delivery: { deliveryAddress: { streetName: string } } }).delivery.deliveryAddress.streetName, 'Rua Augusta');
  });

  it("an own delivery is finished with the customer's code: a wrong one is counted, the right one concludes it", async () => {
    const order = await confirmedOrder({ orderType: 'DELIVERY', deliveredBy: 'MERCHANT' });
    await openDrawer(order.id);
    await drawer().getByTestId('drawer-act-dispatch').click();
    const form = drawer().getByTestId('delivery-code');
    await form.waitFor({ timeout: 15_000 });
    await form.getByText('Peça ao cliente o código de entrega').waitFor();
    const input = form.getByRole('textbox');
    await input.fill('00000000');
    await form.getByTestId('delivery-code-check').click();
    await form.locator('[data-testid="delivery-code-verdict"][data-valid="false"]').waitFor();
    await form.getByTestId('delivery-code-wrong').getByText('1 código errado neste pedido').waitFor();
    await terminal.shot('delivery-code-pt');
    await input.fill(order.customer.phone.localizer);
    await form.getByTestId('delivery-code-check').click();
    // The platform concludes the order: the form gives way to the confirmation.
    await drawer().getByTestId('delivery-code-done').getByText('Entrega confirmada com o código do cliente').waitFor({ timeout: 15_000 });
    await drawer().locator('.status').getByText('Concluído').waitFor({ timeout: 15_000 });
    await closeDrawer();
    assert.equal((await calls(order.id, 'POST /orders/{id}/verifyDeliveryCode')).length, 2);
  });

  it('a platform driver for an own delivery: quote, request, assigned, cancelled; and none found', async () => {
    const order = await confirmedOrder({ orderType: 'DELIVERY', deliveredBy: 'MERCHANT' });
    await openDrawer(order.id);
    const panel = drawer().getByTestId('platform-driver');
    await panel.getByTestId('platform-driver-quote-button').click();
    await panel
      .getByTestId('platform-driver-quote')
      .getByText(/R\$\s?\d+,\d\d/)
      .waitFor();
    await panel.getByText(/Preço válido até \d\d:\d\d/).waitFor();
    await terminal.shot('driver-quote-pt');
    await panel.getByTestId('platform-driver-request').click();
    await panel.locator('[data-testid="platform-driver-state"][data-state="requested"]').waitFor({ timeout: 15_000 });
    await advance(61); // the platform's driver search
    await card(order.id)
      .getByText(/Entregador designado|a caminho da loja/)
      .waitFor({ timeout: 15_000 });
    await panel.getByTestId('platform-driver-cancel').click();
    await panel.locator('[data-testid="platform-driver-state"][data-state="cancelled"]').waitFor({ timeout: 15_000 });
    assert.equal((await calls(order.id, 'POST /orders/{orderId}/requestDriver')).length, 1);
    assert.equal((await calls(order.id, 'POST /orders/{orderId}/cancelRequestDriver')).length, 1);

    await control('POST', '/_sandbox/shipping/drivers', { available: false });
    await panel.getByTestId('platform-driver-quote-button').click();
    await panel.getByTestId('platform-driver-request').click();
    await panel.locator('[data-testid="platform-driver-state"][data-state="requested"]').waitFor({ timeout: 15_000 });
    await advance(61);
    await panel
      .locator('[data-testid="platform-driver-state"][data-state="failed"]')
      .getByText('Nenhum entregador disponível agora')
      .waitFor({ timeout: 15_000 });
    await control('POST', '/_sandbox/shipping/drivers', { available: true });
    await closeDrawer();
  });

  it('the same screens in English', async () => {
    const { page } = terminal;
    await chooseLanguage(page, 'en');
    await page.getByTestId('nav-orders').click();
    const order = await confirmedOrder({ orderType: 'DELIVERY', deliveredBy: 'PLATFORM' });
    await control('POST', `/_sandbox/orders/${order.id}/dispute`, {
      action: 'PARTIAL_CANCELLATION',
      expiresInSeconds: 240,
      timeoutAction: 'REJECT_CANCELLATION',
    });
    await card(order.id)
      .getByTestId('request-banner')
      .getByText(/Customer complaint · answer within \d:\d\d/)
      .waitFor({ timeout: 15_000 });
    await terminal.shot('card-dispute-en');
    await openDrawer(order.id);
    await drawer().getByText('Asks to cancel part of the order, with a refund of that part').waitFor();
    await drawer()
      .getByText(/With no answer by \d{1,2}:\d\d [AP]M, the customer’s request is refused\./)
      .waitFor();
    await terminal.shot('dispute-en');
    await drawer().getByTestId('dispute-alternative').first().click();
    await drawer().locator('[data-testid="dispute-outcome"][data-outcome="ALTERNATIVE_ACCEPTED"]').waitFor({ timeout: 15_000 });
    await closeDrawer();

    const own = await confirmedOrder({ orderType: 'DELIVERY', deliveredBy: 'MERCHANT' });
    await control('POST', `/_sandbox/orders/${own.id}/addressChangeRequest`);
    await openDrawer(own.id);
    await drawer().getByText('Delivery address change').waitFor({ timeout: 15_000 });
    await drawer().getByTestId('platform-driver-quote-button').click();
    await drawer().getByTestId('platform-driver-quote').getByText('Reaches the customer in').waitFor();
    await terminal.shot('address-driver-en');
    await closeDrawer();
    await chooseLanguage(page, 'pt-BR');
  });
});
