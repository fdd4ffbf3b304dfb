import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage } from '../../support/shells/web-shell';

/**
 * A delivery-only order (shipping style B) as the counter takes one by phone: the form refuses what
 * a driver cannot work with, a spot too far is refused in words, the price and time come for the
 * customer's spot, the order is registered and shows on the board, and from its drawer the delivery's
 * safety is read, the address confirmed with the customer and the delivery cancelled with one of the
 * platform's reasons. The sandbox's own records are the proof.
 */
interface SandboxOrder {
  id: string;
  status: string;
  salesChannel: string;
  customer: { name: string };
  delivery?: { deliveredBy?: string };
}

/** The store's own spot (seed): a customer 300 m away is in the drivers' area, one 30 km away is not. */
const STORE = { latitude: -23.5558, longitude: -46.6896 };

describe('delivery-only orders in Chromium', () => {
  const terminal = useTerminal({ name: 'delivery', ready: 'store' });
  const dialog = () => terminal.page.getByTestId('delivery-dialog');
  const drawer = () => terminal.page.getByTestId('order-drawer');
  const sandboxOrders = async (): Promise<SandboxOrder[]> =>
    ((await terminal.http.send('GET', `/_sandbox/orders?merchantId=${DEMO_RESTAURANT_ID}`)).body as { orders: SandboxOrder[] }).orders;

  async function fillAddress(coordinates: string): Promise<void> {
    const d = dialog();
    await d.getByTestId('delivery-postalCode').fill('05433-000');
    await d.getByTestId('delivery-streetName').fill('Rua Harmonia');
    await d.getByTestId('delivery-streetNumber').fill('450');
    await d.getByTestId('delivery-neighborhood').fill('Vila Madalena');
    await d.getByTestId('delivery-city').fill('São Paulo');
    await d.getByTestId('delivery-state').fill('sp');
    await d.getByTestId('delivery-coordinates').fill(coordinates);
  }

  before(() => terminal.page.getByTestId('order-board').waitFor());

  it("refuses what a driver cannot work with, and a spot outside the drivers' area, in words", async () => {
    const { page } = terminal;
    await page.getByTestId('delivery-open').click();
    assert.equal(await dialog().getByTestId('delivery-register').isDisabled(), true, 'no registration without a quote');
    await dialog().getByTestId('delivery-coordinates').fill('perto do metrô');
    await dialog().getByTestId('delivery-quote').click();
    await dialog().getByText('Cole a latitude e a longitude, separadas por vírgula').waitFor();
    await dialog().getByText('Preencha este campo').first().waitFor();
    await fillAddress(`${STORE.latitude + 0.27}, ${STORE.longitude}`);
    await dialog().getByTestId('delivery-quote').click();
    await dialog().getByText('O endereço do cliente está fora da área dos entregadores da plataforma.').waitFor();
    await dialog().getByTestId('delivery-phoneArea').fill('11');
    await dialog().getByTestId('delivery-phoneNumber').fill('3032-4455');
    await dialog().getByTestId('delivery-landline').waitFor();
    await terminal.shot('form-problems-pt');
    await dialog().getByText('Voltar').click();
    await dialog().waitFor({ state: 'detached' });
  });

  it("gets the price for the customer's spot, registers the order, and it shows on the board", async () => {
    const { page } = terminal;
    const before = (await sandboxOrders()).length;
    await page.getByTestId('delivery-open').click();
    await fillAddress(`${STORE.latitude - 0.003}, ${STORE.longitude + 0.002}`);
    await dialog().getByTestId('delivery-quote').click();
    await dialog()
      .getByTestId('delivery-quote-facts')
      .getByText(/R\$\s?\d+,\d\d/)
      .waitFor();
    await dialog().getByTestId('delivery-customerName').fill('Marina Souza');
    await dialog().getByTestId('delivery-phoneArea').fill('11');
    await dialog().getByTestId('delivery-phoneNumber').fill('98765-4321');
    assert.equal(await dialog().getByTestId('delivery-landline').count(), 0);
    await dialog().getByTestId('delivery-item-name').fill('Lasanha à bolonhesa');
    await dialog().getByTestId('delivery-item-quantity').fill('2');
    await dialog().getByTestId('delivery-item-price').fill('42,50');
    await dialog().getByTestId('delivery-add-item').click();
    await dialog().getByTestId('delivery-item-name').nth(1).fill('Refrigerante lata');
    await dialog().getByTestId('delivery-item-price').nth(1).fill('6');
    await dialog().getByTestId('delivery-fee').fill('7,90');
    await dialog()
      .getByTestId('delivery-total')
      .getByText(/R\$\s?98,90/)
      .waitFor();
    await terminal.shot('form-quote-pt');
    await dialog().getByTestId('delivery-register').click();
    await page.getByTestId('delivery-registered').waitFor();

    const orders = await sandboxOrders();
    assert.equal(orders.length, before + 1, 'one order registered');
    const order = orders.find((o) => o.customer.name === 'Marina Souza');
    assert.ok(order, 'the platform holds the order');
    assert.equal(order.salesChannel, 'POS');
    const card = page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await page
      .getByTestId('show-preparing')
      .click()
      .catch(() => undefined);
    await card.waitFor({ timeout: 20_000 });

    await card.getByRole('button').first().click();
    const panel = drawer().getByTestId('delivery-only');
    await panel.getByText(/\/tracking\//).waitFor();
    await panel.getByTestId('delivery-check-safety').click();
    await panel.getByTestId('delivery-safety').getByText('O cliente confirmou o endereço: não').waitFor();
    // The Wi-Fi drops at the counter: the confirmation waits in the store outbox and goes once it is back.
    await terminal.faults({ errorRate: 1, errorStatus: 503 });
    await panel.getByTestId('delivery-confirm-address').click();
    await panel.getByTestId('delivery-done').getByText('Sem conexão: ficou na fila').waitFor({ timeout: 20_000 });
    await panel.locator('[data-testid="store-action"][data-kind="deliveryConfirmAddress"][data-state="queued"]').waitFor();
    await terminal.shot('queued-pt');
    await terminal.faults({});
    await panel.locator('[data-testid="store-action"][data-kind="deliveryConfirmAddress"][data-state="done"]').waitFor({ timeout: 30_000 });
    await panel.getByTestId('delivery-check-safety').click();
    await panel.getByTestId('delivery-safety').getByText('O cliente confirmou o endereço: sim').waitFor();
    await terminal.shot('drawer-pt');

    await panel.getByTestId('delivery-cancel').click();
    await panel.getByTestId('delivery-cancel-reason').first().click();
    await panel.getByTestId('delivery-cancel-text').fill('Cliente desistiu por telefone');
    await panel.getByTestId('delivery-cancel-confirm').click();
    await panel.getByTestId('delivery-done').getByText('Cancelamento enviado.').waitFor();
    const cancelled = (await sandboxOrders()).find((o) => o.id === order.id);
    assert.equal(cancelled?.status, 'CANCELLED');
    await page.keyboard.press('Escape');
  });

  it('says it in English', async () => {
    const { page } = terminal;
    await chooseLanguage(page, 'en');
    await page.getByTestId('nav-orders').click();
    await page.getByTestId('delivery-open').click();
    await fillAddress(`${STORE.latitude - 0.003}, ${STORE.longitude + 0.002}`);
    await dialog().getByTestId('delivery-quote').click();
    await dialog().getByTestId('delivery-quote-facts').waitFor();
    await dialog().getByTestId('delivery-register').click();
    await dialog().getByText('Fill this in').first().waitFor();
    await dialog().getByText('Add at least one item').waitFor();
    await terminal.shot('form-en');
    await dialog().getByText('Back').click();
    await dialog().waitFor({ state: 'detached' });
    const registered = (await sandboxOrders()).find((o) => o.customer.name === 'Marina Souza');
    assert.ok(registered);
    await page
      .getByTestId('show-done')
      .click()
      .catch(() => undefined);
    await page.locator(`[data-testid="order-card"][data-order-id="${registered.id}"]`).getByRole('button').first().click();
    await drawer().getByTestId('delivery-only').getByText('Delivery-only order').waitFor();
    await drawer().getByTestId('delivery-only').getByText('Customer’s tracking page', { exact: false }).waitFor();
    await terminal.shot('drawer-en');
    await page.keyboard.press('Escape');
    await chooseLanguage(page, 'pt-BR');
  });
});
