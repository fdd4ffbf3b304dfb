import { createServer } from 'node:net';
import type { Page } from 'playwright-core';

/** A port on this machine that was just free and is closed again: a printer switched off at that address refuses. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Adds, on the Settings page, a network printer "Cozinha" at a closed port: every ticket to it fails. */
export async function addRefusingPrinter(page: Page): Promise<void> {
  const port = await closedPort();
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('printer-add').click();
  await page.getByTestId('printer-name').fill('Cozinha');
  await page.getByTestId('printer-host').fill('127.0.0.1');
  await page.getByTestId('printer-port').fill(String(port));
  await page.getByTestId('printer-save').click();
  await page.getByTestId('printer').waitFor();
}
