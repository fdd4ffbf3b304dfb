import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { pairScreen } from '../../support/kitchen/pairing';
import { axeViolations, smallTargets } from '../../support/axe';
import { useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage, type RunningShell } from '../../support/shells/web-shell';

/**
 * Staff on a shared terminal at 1024x600 in Portuguese (docs/staff.md): Settings › Equipe adds a
 * manager (Marcos) and a staff member (Ana) and turns sign-in on; Ana signs in from the top bar on
 * the keypad; she confirms an order, then cancels it — the manager's PIN dialog comes up over the
 * cancel, a wrong PIN typed on the keyboard is refused, Marcos's PIN tapped on the keypad approves it,
 * and the cancel reaches the platform once; the drawer and History say who did each. Then a counter
 * screen paired to this terminal (its hub) through both screens: Marcos signs in there with the
 * hub's people, confirms an order on it, and the hub's drawer says it was him on that screen.
 * Screenshots: test-results/staff-*.png.
 */
describe('staff sign in by PIN, a manager approves the cancel, the drawer says who did what', () => {
  const terminal = useTerminal({
    name: 'staff',
    touch: true,
    locale: 'pt-BR',
    sandbox: { rateLimitFactor: 0 },
    args: ['--hub-port', '0', '--no-hub-announce'],
  });
  let screenShell: RunningShell | undefined;
  after(async () => {
    await screenShell?.stop();
    if (screenShell) rmSync(screenShell.dataDir, { recursive: true, force: true });
  });

  const box = async (of: Locator) => {
    const b = await of.boundingBox();
    assert.ok(b, 'on screen');
    return b;
  };
  async function addPerson(name: string, role: 'staff' | 'manager', pin: string): Promise<void> {
    const { page } = terminal;
    await page.getByTestId('team-add').tap();
    const dialog = page.getByTestId('person-dialog');
    await dialog.getByTestId('person-name').fill(name);
    await dialog.getByTestId(`person-role-${role}`).tap();
    await dialog.getByTestId('person-pin').fill(pin);
    await dialog.getByTestId('person-pin-again').fill(pin);
    await dialog.getByTestId('person-save').tap();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('team-person').getByText(name, { exact: true }).waitFor();
  }
  async function tapPin(pin: string, page: Page = terminal.page): Promise<void> {
    for (const digit of pin) await page.getByTestId(`pin-key-${digit}`).tap();
  }
  async function routeCalls(orderId: string, route: string): Promise<number> {
    const response = await terminal.http.send('GET', `/_sandbox/orders/${orderId}/calls`);
    return (response.body as { calls: { route: string; status: number | null }[] }).calls.filter(
      (c) => c.route === route && c.status !== null && c.status < 300,
    ).length;
  }

  it('sets up the team in Settings and turns sign-in on', async () => {
    const { page } = terminal;
    await page.getByTestId('nav-settings').tap();
    const team = page.getByTestId('settings-team');
    await team.getByRole('heading', { name: 'Equipe' }).waitFor();
    await team.getByTestId('team-none').waitFor();
    assert.equal(await page.getByTestId('who-is-working').count(), 0, 'sign-in off: nothing in the top bar');
    await addPerson('Marcos', 'manager', '907311');
    await addPerson('Ana', 'staff', '4821');
    await team.getByTestId('staff-sign-in-on').tap();
    await team.locator('[data-testid="staff-sign-in-on"][aria-checked="true"]').waitFor();
    await team.scrollIntoViewIfNeeded();
    await terminal.shot('settings-team');
    const who = page.getByTestId('who-is-working');
    await who.getByText('Ninguém').waitFor();
  });

  it('Ana signs in from the top bar on the keypad', async () => {
    const { page } = terminal;
    await page.getByTestId('nav-orders').tap();
    const who = page.getByTestId('who-is-working');
    const whoBox = await box(who);
    assert.ok(whoBox.height >= 44 && whoBox.y + whoBox.height <= 80, `a 44 px target inside the top bar: ${JSON.stringify(whoBox)}`);
    await who.tap();
    const dialog = page.getByTestId('who-dialog');
    await dialog.getByTestId('staff-name').getByText('Ana', { exact: true }).tap();
    await dialog.getByTestId('pin-for').getByText('PIN de Ana').waitFor();
    await tapPin('48');
    const key = await box(dialog.getByTestId('pin-key-5'));
    assert.ok(key.height >= 64 && key.width >= 64, `the keypad's keys are 64 px: ${JSON.stringify(key)}`);
    const ok = await box(dialog.getByTestId('pin-ok'));
    assert.ok(ok.y + ok.height <= 600, `the keypad fits the screen: ${JSON.stringify(ok)}`);
    await terminal.shot('keypad');
    await tapPin('21');
    await dialog.getByTestId('pin-ok').tap();
    await dialog.waitFor({ state: 'detached' });
    await who.getByText('Ana', { exact: true }).waitFor();
    await terminal.shot('top-bar', page.locator('header.top'));
  });

  it('Ana confirms an order; her cancel asks a manager — a wrong PIN is refused, Marcos approves, the cancel reaches the platform; the drawer says who did each', async () => {
    const { page } = terminal;
    const order = await terminal.placeOrder({ orderType: 'TAKEOUT' });
    const card = page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await card.getByTestId('act-confirm').tap({ timeout: 15_000 });
    await page.locator(`[data-order-id="${order.id}"][data-status="CONFIRMED"]`).first().waitFor({ timeout: 15_000 });
    assert.equal(await page.getByTestId('approval-dialog').count(), 0, "the cook's confirm never asks for a manager");

    await card.getByRole('button').first().tap();
    const drawer = page.getByTestId('order-drawer');
    await drawer.getByRole('button', { name: 'Cancelar pedido' }).tap();
    const cancel = page.getByTestId('cancel-dialog');
    await cancel.getByRole('radio').first().check();
    await cancel.getByTestId('cancel-confirm').tap();

    const approval = page.getByTestId('approval-dialog');
    await approval.getByText('Cancelar um pedido: precisa do PIN de um gerente.', { exact: false }).waitFor();
    assert.deepEqual(await approval.getByTestId('staff-name').allTextContents(), ['Marcos'], 'only managers are named');
    await approval.getByTestId('pin-for').getByText('PIN de Marcos').waitFor();
    // A physical keyboard's digits and Enter work as the keypad does.
    await page.keyboard.type('1111');
    await page.keyboard.press('Enter');
    await approval.getByTestId('pin-refusal').getByText('PIN errado.').waitFor();
    await terminal.shot('approval-wrong-pin');
    assert.equal(await routeCalls(order.id, 'POST /orders/{id}/requestCancellation'), 0, 'nothing sent before the approval');
    await tapPin('907311');
    await approval.getByTestId('pin-ok').tap();
    await approval.waitFor({ state: 'detached' });
    await cancel.waitFor({ state: 'detached' });

    const sentBy = Date.now() + 15_000;
    while ((await routeCalls(order.id, 'POST /orders/{id}/requestCancellation')) === 0 && Date.now() < sentBy) await page.waitForTimeout(200);
    assert.equal(await routeCalls(order.id, 'POST /orders/{id}/requestCancellation'), 1, 'the cancel reached the platform once');

    const lines = drawer.getByTestId('order-trail').getByTestId('trail-line');
    await lines.filter({ hasText: /^Cancelamento pedido por Ana às \d\d:\d\d neste terminal, aprovado por Marcos$/ }).waitFor({ timeout: 15_000 });
    const texts = await lines.allTextContents();
    assert.match(texts[0] ?? '', /^Confirmado por Ana às \d\d:\d\d neste terminal$/);
    await drawer.getByTestId('order-trail').scrollIntoViewIfNeeded();
    await terminal.shot('drawer-trail');
  });

  it('History says who last acted on the order', async () => {
    const { page } = terminal;
    await page.keyboard.press('Escape');
    await page.getByTestId('order-drawer').waitFor({ state: 'detached' });
    await page.getByTestId('nav-history').tap();
    const row = page.getByTestId('history-row').first();
    await row.getByTestId('history-row-act').getByText('Cancelamento pedido por Ana, aprovado por Marcos', { exact: true }).waitFor({ timeout: 15_000 });
    await terminal.shot('history');
  });

  it("a counter screen paired to this hub signs in with the hub's people; its confirm carries its person and its name", async () => {
    const paired = await pairScreen(terminal, { kind: 'counter', name: 'Balcão 2' });
    screenShell = paired.shell;
    const screen = paired.page;
    const hub = terminal.page;
    await hub.getByTestId('pairing-dialog').getByTestId('pairing-close').tap();

    const who = screen.getByTestId('who-is-working');
    await who.getByText('Ninguém').waitFor({ timeout: 15_000 });
    await who.click();
    const dialog = screen.getByTestId('who-dialog');
    await dialog.getByTestId('staff-name').getByText('Marcos', { exact: true }).click();
    for (const digit of '907311') await screen.getByTestId(`pin-key-${digit}`).click();
    await dialog.getByTestId('pin-ok').click();
    await dialog.waitFor({ state: 'detached' });
    await who.getByText('Marcos', { exact: true }).waitFor();
    // The hub's own terminal keeps its own person: each device has its own.
    await hub.getByTestId('who-is-working').getByText('Ana', { exact: true }).waitFor();

    const order = await terminal.placeOrder({ orderType: 'TAKEOUT' });
    const card = screen.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await card.getByTestId('act-confirm').click({ timeout: 15_000 });
    await screen.locator(`[data-order-id="${order.id}"][data-status="CONFIRMED"]`).first().waitFor({ timeout: 15_000 });
    await terminal.shotAs('staff-screen-signed-in', screen);

    await hub.getByTestId('nav-orders').tap();
    await hub.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`).getByRole('button').first().tap();
    const lines = hub.getByTestId('order-drawer').getByTestId('order-trail').getByTestId('trail-line');
    await lines.filter({ hasText: /^Confirmado por Marcos às \d\d:\d\d na tela Balcão 2$/ }).waitFor({ timeout: 15_000 });
    await hub.getByTestId('order-drawer').getByTestId('order-trail').scrollIntoViewIfNeeded();
    await terminal.shot('hub-drawer-screen-trail');
  });

  it('in English: Settings › Team, the keypad and History say the same, and pass axe at 1024x600', async () => {
    const { page } = terminal;
    await chooseLanguage(page, 'en');
    const team = page.getByTestId('settings-team');
    await team.getByRole('heading', { name: 'Team' }).waitFor();
    await team.scrollIntoViewIfNeeded();
    await terminal.shot('settings-team-en');
    await page.getByTestId('nav-history').tap();
    await page.getByTestId('history-row-act').getByText('Cancellation requested by Ana, approved by Marcos', { exact: true }).waitFor({ timeout: 15_000 });
    await terminal.shot('history-en');
    await page.getByTestId('who-is-working').tap();
    const dialog = page.getByTestId('who-dialog');
    await dialog.getByText('Who is working?').waitFor();
    await dialog.getByTestId('staff-name').getByText('Marcos', { exact: true }).tap();
    await dialog.getByTestId('pin-for').getByText("Marcos's PIN").waitFor();
    await terminal.shot('keypad-en');
    const violations = await axeViolations(page, { include: '[data-testid="who-dialog"]' });
    assert.deepEqual(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      [],
    );
    assert.deepEqual(await smallTargets(page, 44), [], 'touch targets under 44 px');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
