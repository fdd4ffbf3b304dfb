import type { Page } from 'playwright-core';
import type { ScreenKind } from '../../../src-shared/ipc/channels/screens';
import type { TerminalFixture } from '../shells/terminal-fixture';
import { SMALL_SCREEN } from '../shells/terminal-fixture';
import { startWebShell, STORE_TIME_ZONE, type RunningShell } from '../shells/web-shell';

export interface PairedKitchen {
  shell: RunningShell;
  page: Page;
}

/**
 * A second terminal joined to the counter (the hub) as a paired screen of a kind, through both
 * screens as a store does it: the counter shows a code in Settings › Telas; the new terminal, on its
 * first run, types the hub's address and the code and opens on its kind's page (the kitchen display,
 * or the orders board). `beforePair` sees the new screen with the code typed in (for a screenshot).
 * The counter's pairing dialog is left open (the caller reads it, then closes it).
 */
export async function pairScreen(
  counter: TerminalFixture,
  options: { kind: ScreenKind; name: string; beforePair?: (screen: Page) => Promise<void> },
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
  await page.getByTestId(`join-kind-${options.kind}`).click();
  await page.getByTestId('join-name').fill(options.name);
  await page.getByTestId('join-next').click();
  for (const digit of digits) await page.getByTestId(`join-key-${digit}`).click();
  await options.beforePair?.(page);
  await page.getByTestId('join-pair').click();
  const opened = options.kind === 'kitchen' ? page.locator('[data-testid="kitchen-mode"][data-screen="kitchen"]') : page.getByTestId('nav-orders');
  await opened.waitFor({ timeout: 30_000 });
  return { shell, page };
}

/** The kitchen display of `pairScreen`: the stove's screen, unless the test names it. */
export function pairKitchenDisplay(
  counter: TerminalFixture,
  options: { name?: string; beforePair?: (kitchen: Page) => Promise<void> } = {},
): Promise<PairedKitchen> {
  return pairScreen(counter, { kind: 'kitchen', name: options.name ?? 'Cozinha — fogão', ...(options.beforePair ? { beforePair: options.beforePair } : {}) });
}
