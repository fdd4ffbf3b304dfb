import type { Page } from 'playwright-core';
import type { TerminalFixture } from '../shells/terminal-fixture';
import { SMALL_SCREEN } from '../shells/terminal-fixture';
import { startWebShell, STORE_TIME_ZONE, type RunningShell } from '../shells/web-shell';

export interface PairedKitchen {
  shell: RunningShell;
  page: Page;
}

/**
 * A second terminal joined to the counter (the hub) as its kitchen display, through both screens as
 * a store does it: the counter shows a code in Settings › Telas; the new terminal, on its first run,
 * types the hub's address and the code and opens on the kitchen display. `beforePair` sees the
 * kitchen's screen with the code typed in (for a screenshot). The counter's pairing dialog is left
 * open (the caller reads it, then closes it).
 */
export async function pairKitchenDisplay(
  counter: TerminalFixture,
  options: { name?: string; beforePair?: (kitchen: Page) => Promise<void> } = {},
): Promise<PairedKitchen> {
  const hub = counter.page;
  await hub.getByTestId('nav-settings').click();
  await hub.getByTestId('screens-pair').click();
  const dialog = hub.getByTestId('pairing-dialog');
  const code = dialog.getByTestId('pairing-code');
  await code.waitFor();
  const port = Number(await dialog.getAttribute('data-port'));
  const digits = String(await code.getAttribute('data-code'));

  const shell = await startWebShell({ args: ['--credential-store', 'file'] });
  const context = await counter.browser.newContext({ viewport: SMALL_SCREEN, timezoneId: STORE_TIME_ZONE });
  const page = await context.newPage();
  await page.goto(shell.launchUrl());
  await page.getByTestId('first-run').waitFor();
  await page.getByTestId('setup-join').click();
  await page.getByTestId('join-address').fill(`127.0.0.1:${port}`);
  await page.getByTestId('join-address-use').click();
  await page.getByTestId('join-kind-kitchen').click();
  await page.getByTestId('join-name').fill(options.name ?? 'Cozinha — fogão');
  await page.getByTestId('join-next').click();
  for (const digit of digits) await page.getByTestId(`join-key-${digit}`).click();
  await options.beforePair?.(page);
  await page.getByTestId('join-pair').click();
  await page.locator('[data-testid="kitchen-mode"][data-screen="kitchen"]').waitFor({ timeout: 30_000 });
  return { shell, page };
}
