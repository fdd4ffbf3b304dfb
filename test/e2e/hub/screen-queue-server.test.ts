import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { DEMO_RESTAURANT_ID, startSandbox, type RunningSandbox } from '../../../src-sandbox/index';
import type { JoinOutcome } from '../../../src-shared/ipc/channels/join';
import { axeViolations, smallTargets } from '../../support/axe';
import { pinnedNow } from '../../support/clock';
import { buildHubChild, startHubProcess, type HubProcess } from '../../support/hub/process';
import { rawHttp } from '../../support/sandbox/sandbox';
import { openShellClient } from '../../support/shells/shell-client';
import { SHOTS, SMALL_SCREEN } from '../../support/shells/terminal-fixture';
import { chooseLanguage, launchChromium, ROOT, startWebShell, STORE_TIME_ZONE, type RunningShell } from '../../support/shells/web-shell';

/**
 * A store terminal of a chain's server, its internet cut: the board stays, marked stale, and staff
 * go on confirming — the card says the confirm waits on this screen and goes when the connection is
 * back; opening the order (it needs the server) is held and the banner says so. The server back, the
 * confirm goes once and the card moves on. The server is a hub process that says it is one
 * (HUB_ROLE=server). Screenshots at 1024x600 in both languages (test-results/screen-queue-*.png).
 */
const built = existsSync(join(ROOT, 'out', 'main', 'web.js'));

describe("a chain server's store terminal keeps confirming while cut off", { skip: built ? false : 'run `npm run build` first' }, () => {
  let sandbox: RunningSandbox;
  let child: Awaited<ReturnType<typeof buildHubChild>>;
  let server: HubProcess;
  let browser: Browser;
  const serverDir = mkdtempSync(join(tmpdir(), 'st-e2e-chain-'));
  const shells: RunningShell[] = [];
  const startServer = async (port = 0): Promise<void> => {
    server = await startHubProcess({
      entry: child.entry,
      sandboxUrl: sandbox.url,
      dataDir: serverDir,
      clockAt: sandbox.world.clock.nowIso(),
      port,
      role: 'server',
    });
  };
  const confirms = async (orderId: string): Promise<number> => {
    const { calls } = (await rawHttp(sandbox.url).send('GET', `/_sandbox/orders/${orderId}/calls`)).body as {
      calls: { route: string; status: number | null }[];
    };
    return calls.filter((c) => c.route === 'POST /orders/{id}/confirm' && c.status === 202).length;
  };

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    sandbox = await startSandbox({ port: 0, now: pinnedNow() });
    child = await buildHubChild();
    await startServer();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    for (const shell of shells) await shell.stop();
    await server?.kill('SIGTERM');
    await sandbox?.close();
    child?.remove();
    for (const shell of shells) rmSync(shell.dataDir, { recursive: true, force: true });
    rmSync(serverDir, { recursive: true, force: true });
  });

  for (const locale of ['pt-BR', 'en'] as const) {
    it(`a confirm made while the server is out of reach waits on the card, then goes once (${locale})`, async () => {
      const shell = await startWebShell({ args: ['--credential-store', 'file'] });
      shells.push(shell);
      // Paired through its join channel (the join step's screens are join-hub.test.ts's).
      const joining = await openShellClient(shell);
      const outcome = await joining.call<JoinOutcome>('join:pair', {
        target: { via: 'address', address: `127.0.0.1:${server.port}` },
        code: await server.code(),
        kind: 'counter',
        name: `Loja Centro ${locale}`,
      });
      joining.close();
      assert.equal(outcome.outcome, 'paired', JSON.stringify(outcome));
      assert.ok(outcome.outcome === 'paired' && outcome.screen.hubRole === 'server');

      const page = await browser.newPage({ viewport: SMALL_SCREEN, timezoneId: STORE_TIME_ZONE });
      await page.goto(shell.launchUrl());
      await page.getByTestId('order-board').waitFor();
      if (locale === 'en') {
        await chooseLanguage(page, 'en');
        await page.getByTestId('nav-orders').click();
      }
      const placed = (await rawHttp(sandbox.url).send('POST', '/_sandbox/orders', { json: { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' } })).body as {
        id: string;
        displayId: string;
      };
      const card = page.locator(`[data-testid="order-card"][data-order-id="${placed.id}"]`);
      await card.locator('[data-testid="act-confirm"]').waitFor();

      // The internet goes: the board stays, stale, but not read-only for the order's next step.
      await server.kill('SIGKILL');
      const banner = page.locator('[data-testid="link-banner"][data-state="lost"]');
      await banner.waitFor({ timeout: 20_000 });
      assert.equal(await banner.getAttribute('data-keeps-working'), 'true');
      assert.match((await banner.textContent()) ?? '', locale === 'en' ? /No connection to the server since/ : /Sem conexão com o servidor desde/);
      assert.equal(await page.getByTestId('frame-content').getAttribute('data-keeps-working'), 'true');
      assert.equal(await page.getByTestId('connectivity').getAttribute('data-state'), 'stale', 'the top bar says the board is stale');
      assert.match((await page.getByTestId('connectivity').textContent()) ?? '', locale === 'en' ? /Server out of reach/ : /Sem o servidor/);

      await card.locator('[data-testid="act-confirm"]').click();
      const pending = card.locator('[data-testid="pending-action"][data-queued-here="true"]');
      await pending.waitFor();
      assert.match(
        (await pending.textContent()) ?? '',
        locale === 'en' ? /Queued on this screen — goes when the connection is back/ : /Na fila desta tela — vai quando a conexão voltar/,
      );
      assert.equal(await card.locator('[data-testid="act-confirm"]').count(), 0, 'no second confirm to press');

      // Opening the order needs the server: held, and the banner says so.
      await card.locator('button.open').click();
      assert.equal(await page.getByTestId('order-drawer').count(), 0);
      await page.getByTestId('link-needs-connection').waitFor();
      await page.screenshot({ path: join(SHOTS, `screen-queue-${locale}-queued.png`) });
      const violations = await axeViolations(page);
      assert.deepEqual(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        [],
        'the queued card passes axe',
      );
      assert.deepEqual(await smallTargets(page), []);
      assert.equal(await confirms(placed.id), 0);

      // Back: what waited goes, then the board is read; the card moves on, confirmed once.
      await startServer(server.port);
      await banner.waitFor({ state: 'detached', timeout: 40_000 });
      await page.locator(`[data-testid="order-card"][data-order-id="${placed.id}"][data-status="CONFIRMED"]`).waitFor({ timeout: 30_000 });
      assert.equal(await confirms(placed.id), 1);
      await page.close();
    });
  }
});
