import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { DEMO_GROCERY_ID } from '../../../src-sandbox/index';
import { useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage } from '../../support/shells/web-shell';

/**
 * Promotions as a grocery's manager makes them: a form that refuses what the spec refuses before
 * anything leaves, a promotion followed from "being validated" to active, one that the platform
 * fails (INTERNAL_ERROR, the sandbox's promotion fault), one made offline that waits and goes once,
 * and the store's whole set ended. The sandbox's own lists are the proof.
 */
interface WireItem {
  status: string;
  ean?: string;
}

describe('promotions in Chromium', () => {
  const terminal = useTerminal({ name: 'promotion', ready: 'none' });
  let eans: string[];
  const dialog = () => terminal.page.getByTestId('promotion-dialog');
  /** The promotion creations the platform took in (202), from its call log. */
  const created = async (): Promise<number> => {
    const response = await terminal.http.send('GET', `/_sandbox/calls?merchantId=${DEMO_GROCERY_ID}`);
    assert.equal(response.status, 200);
    return (response.body as { calls: { route: string; status: number | null }[] }).calls.filter(
      (c) => c.route === 'POST /merchants/{merchantId}/promotions' && c.status === 202,
    ).length;
  };

  async function fill(values: { eans: string; discount?: string; buy?: string; pay?: string; type?: string; name?: string }): Promise<void> {
    await terminal.page.getByTestId('promotion-new').click();
    if (values.type) await dialog().getByTestId(`promotion-type-${values.type}`).click();
    await dialog().getByTestId('promotion-eans').fill(values.eans);
    if (values.discount !== undefined) await dialog().getByTestId('promotion-discountValue').fill(values.discount);
    if (values.buy !== undefined) await dialog().getByTestId('promotion-quantityToBuy').fill(values.buy);
    if (values.pay !== undefined) await dialog().getByTestId('promotion-quantityToPay').fill(values.pay);
    if (values.name !== undefined) await dialog().getByTestId('promotion-name').fill(values.name);
  }

  before(async () => {
    const { page, http } = terminal;
    const categories = (await http.send('GET', `/catalog/v2.0/merchants/${DEMO_GROCERY_ID}/categories?include_items=true`, { token: await terminal.token() }))
      .body as { status: string; items: WireItem[] }[];
    eans = categories
      .filter((c) => c.status === 'AVAILABLE')
      .flatMap((c) => c.items)
      .filter((i) => i.status === 'AVAILABLE' && typeof i.ean === 'string')
      .map((i) => i.ean as string);
    assert.ok(eans.length >= 4, 'the seeded grocery has products with barcodes');
    await page.getByTestId('nav-store').click();
    await page.getByTestId('store-list').getByText('Mercado Bom Preço').click();
    await page.getByTestId('select-store').click();
    await page.getByTestId('current-store').getByText('Mercado Bom Preço').waitFor();
    await page.getByTestId('nav-menu').click();
    await page.getByTestId('menu-tab-promotions').click();
    await page.getByTestId('promotions-panel').waitFor();
  });

  it('refuses on screen what the spec refuses, and nothing is sent', async () => {
    const before = await created();
    const first = eans[0] as string;
    const wrongDigit = `${first.slice(0, 11)}${(Number(first[11]) + 1) % 10}`;
    await fill({ eans: `${wrongDigit}\n12345`, discount: '80' });
    await dialog().getByTestId('promotion-finalDate').fill('2026-11-20');
    await dialog().getByTestId('promotion-create').click();
    await dialog().getByTestId('promotion-problem-eans').getByText('12 dígitos: 12345').waitFor();
    await dialog().getByTestId('promotion-problem-discountValue').getByText('de 0 a 70%').waitFor();
    await dialog().getByTestId('promotion-problem-finalDate').getByText('depois do início').waitFor();
    await dialog().getByTestId('promotion-eans').fill(wrongDigit);
    await dialog().getByTestId('promotion-problem-eans').getByText(`Dígito verificador não confere (código digitado errado?): ${wrongDigit}`).waitFor();
    // Take 4 pay 1 is 75 % off: above the spec's ceiling.
    await dialog().getByTestId('promotion-type-LXPY').click();
    await dialog().getByTestId('promotion-quantityToBuy').fill('4');
    await dialog().getByTestId('promotion-quantityToPay').fill('1');
    await dialog().getByTestId('promotion-problem-quantityToPay').getByText('mais de 70%').waitFor();
    await terminal.shot('form-problems-pt');
    await dialog().getByText('Voltar').click();
    await dialog().waitFor({ state: 'hidden' });
    assert.equal(await created(), before, 'nothing reached the platform');
  });

  it('creates a promotion and follows it from being validated to active', async () => {
    const { page } = terminal;
    await fill({ eans: `${eans[0]}\n${eans[1]}`, discount: '15', name: 'Semana do hortifrúti' });
    await dialog().getByTestId('promotion-create').click();
    await page.getByTestId('promotions-notice').getByText('Promoção enviada').waitFor();
    const card = page.getByTestId('promotion').filter({ hasText: 'Semana do hortifrúti' });
    await card.getByText('15% de desconto').waitFor();
    await card.locator('[data-testid="promotion-status"][data-status="ACTIVE"]').getByText('Ativa · 2').waitFor({ timeout: 20_000 });
    await terminal.shot('active-pt');
    assert.equal(await card.getByTestId('promotion-following').count(), 0, 'no longer polled once settled');
  });

  it("shows on an order that the promotion reached it (the order's virtual bag)", async () => {
    const { page } = terminal;
    const created = await terminal.http.send('POST', '/_sandbox/orders', {
      json: { merchantId: DEMO_GROCERY_ID, orderType: 'TAKEOUT', items: [{ ean: eans[0], quantity: 2 }] },
    });
    assert.equal(created.status, 201);
    const orderId = (created.body as { id: string }).id;
    await page.getByTestId('nav-orders').click();
    const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
    await card.waitFor({ timeout: 20_000 });
    await card.getByRole('button').first().click();
    await page
      .getByTestId('order-drawer')
      .getByTestId('order-item-promotion')
      .getByText(/Promoção da loja: −R\$\s?[\d,]+ · cliente paga R\$/)
      .waitFor();
    await terminal.shot('in-order-pt');
    await page.keyboard.press('Escape');
    await page.getByTestId('nav-menu').click();
    await page.getByTestId('menu-tab-promotions').click();
  });

  it('shows the platform failing a promotion, in words', async () => {
    const { page } = terminal;
    await terminal.faults({ promotionErrorRate: 1 });
    await fill({ eans: `${eans[2]}`, type: 'LXPY', buy: '3', pay: '2', name: 'Leve 3 pague 2' });
    await dialog().getByTestId('promotion-create').click();
    const card = page.getByTestId('promotion').filter({ hasText: 'Leve 3 pague 2' }).first();
    await card.locator('[data-testid="promotion-item"][data-status="ERROR"]').getByText('falha interna da plataforma').waitFor({ timeout: 20_000 });
    await terminal.faults({});
    await chooseLanguage(page, 'en');
    await page.getByTestId('nav-menu').click();
    await page.getByTestId('menu-tab-promotions').click();
    await card.getByText('the platform failed internally').waitFor();
    await card.getByText('Take 3, pay 2').waitFor();
    await terminal.shot('error-en');
    await chooseLanguage(page, 'pt-BR');
    await page.getByTestId('nav-menu').click();
    await page.getByTestId('menu-tab-promotions').click();
  });

  it('offline, a promotion waits and is created once when the platform is back', async () => {
    const { page } = terminal;
    const before = await created();
    await terminal.faults({ errorRate: 1, errorStatus: 503 });
    await fill({ eans: `${eans[3]}`, discount: '10', name: 'Feita sem conexão' });
    await dialog().getByTestId('promotion-create').click();
    await page.getByTestId('promotions-notice').getByText('ficou na fila').waitFor({ timeout: 20_000 });
    const card = page.getByTestId('promotion').filter({ hasText: 'Feita sem conexão' });
    await card.getByTestId('promotion-queued').waitFor();
    await terminal.shot('queued-pt');
    await terminal.faults({});
    await card.locator('[data-testid="promotion-status"][data-status="ACTIVE"]').waitFor({ timeout: 40_000 });
    assert.equal(await created(), before + 1, 'created exactly once');
  });

  it('ends every promotion of the store', async () => {
    const { page } = terminal;
    await page.getByTestId('promotions-end-all').click();
    await page.getByTestId('promotions-end-all-yes').click();
    await page.getByTestId('promotion').filter({ hasText: 'Encerrar todas as promoções da loja' }).waitFor();
    // The promotions created before end (FINISHING, then FINISHED): followed by themselves.
    const card = page.getByTestId('promotion').filter({ hasText: 'Semana do hortifrúti' });
    await card.locator('[data-testid="promotion-status"][data-status="FINISHED"]').getByText('Encerrada · 2').waitFor({ timeout: 20_000 });
  });
});
