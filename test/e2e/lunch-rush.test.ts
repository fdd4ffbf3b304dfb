import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useTerminal } from '../support/terminal-fixture';

interface Placed {
  id: string;
  displayId: string;
}

describe('a lunch rush at 1024x600 on a touch screen', () => {
  const terminal = useTerminal({ name: 'rush', touch: true, locale: 'pt-BR', recordSounds: true, sandbox: { rateLimitFactor: 0 } });

  const card = (id: string) => terminal.page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);
  const column = (name: string) => terminal.page.getByTestId(`column-${name}`);
  async function calls(orderId: string, action: string): Promise<number> {
    const body = (await terminal.http.send('GET', `/_sandbox/orders/${orderId}/calls`)).body as { calls: { route: string }[] };
    return body.calls.filter((c) => c.route.endsWith(`/${action}`)).length;
  }
  /** Two taps on the spot where `target` is now, `gapMs` apart, as a hurried finger does. */
  async function doubleTap(target: ReturnType<typeof card>, gapMs = 130): Promise<void> {
    const box = await target.boundingBox();
    assert.ok(box);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await terminal.page.touchscreen.tap(x, y);
    await terminal.page.waitForTimeout(gapMs);
    await terminal.page.touchscreen.tap(x, y);
  }

  it('a double tap on Confirmar confirms one order; on Iniciar preparo it sends no Pronto', async () => {
    const { page } = terminal;
    const orders: Placed[] = [];
    for (let i = 0; i < 3; i++) orders.push(await terminal.placeOrder<Placed>({ orderType: 'TAKEOUT' }));
    for (const o of orders) await column('new').locator(`[data-order-id="${o.id}"]`).waitFor({ timeout: 15_000 });
    const [first, second] = orders as [Placed, Placed];
    await page.waitForTimeout(700);
    await doubleTap(card(first.id).getByTestId('act-confirm'));
    await column('preparing').locator(`[data-order-id="${first.id}"]`).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(2_000);
    assert.equal(await calls(first.id, 'confirm'), 1, 'the tapped order confirmed once');
    assert.equal(await calls(second.id, 'confirm'), 0, 'the order that slid under the finger is not confirmed');
    assert.equal(await card(second.id).getAttribute('data-status'), 'PLACED');

    await page.waitForTimeout(700);
    await doubleTap(card(first.id).getByTestId('act-startPreparation'));
    await page.locator(`[data-order-id="${first.id}"][data-status="PREPARATION_STARTED"]`).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(2_000);
    assert.equal(await calls(first.id, 'startPreparation'), 1);
    assert.equal(await calls(first.id, 'readyToPickup'), 0, 'no Pronto from the second tap');
  });
});
