import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PIZZERIA_ID, startSandbox, type RunningSandbox } from '../../../src-sandbox/index';
import { pinnedNow } from '../../support/clock';
import { rawHttp } from '../../support/sandbox/sandbox';
import { launchChromium, ROOT, startWebShell, type RunningShell } from '../../support/shells/web-shell';

const SHOTS = join(ROOT, 'test-results');

/**
 * A store installing the terminal: a fresh data folder shows the first-run screen; each wrong input
 * has its own message; a centralized and a distributed application both reach the board; a restart
 * goes straight there with no flag; signing out returns to the first run and leaves no secret.
 * No keychain here: the integrator chose the owner-only file store (STORE_TERMINAL_CREDENTIAL_STORE).
 */
describe('first run through the web shell', () => {
  let sandbox: RunningSandbox;
  let website: Server;
  let websiteUrl: string;
  let browser: Browser;
  const env = { STORE_TERMINAL_CREDENTIAL_STORE: 'file' };

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // User codes live 4 s here, so the test sees one expire.
    sandbox = await startSandbox({ port: 0, now: pinnedNow(), userCodeSeconds: 4 });
    website = createServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<p>not here</p>');
    });
    await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
    websiteUrl = `http://127.0.0.1:${(website.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await sandbox?.close();
    await new Promise<void>((resolve) => website.close(() => resolve()));
  });

  async function open(shell: RunningShell, viewport = { width: 1024, height: 600 }): Promise<Page> {
    const page = await browser.newPage({ viewport });
    await page.goto(shell.launchUrl());
    return page;
  }
  const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `first-run-${name}.png`) });

  async function fill(page: Page, apiBaseUrl: string, clientId: string, clientSecret: string): Promise<void> {
    await page.getByTestId('setup-api').fill(apiBaseUrl);
    await page.getByTestId('setup-client-id').fill(clientId);
    await page.getByTestId('setup-client-secret').fill(clientSecret);
    await page.getByTestId('setup-submit').click();
  }
  async function expectError(page: Page, text: string): Promise<void> {
    await page.getByTestId('setup-error').getByText(text).waitFor();
  }

  it('a centralized application: wrong secret, wrong address, unreachable host each say so; then the board, again after a restart; sign-out erases the secret', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'st-first-run-'));
    let shell = await startWebShell({ dataDir, env });
    try {
      const page = await open(shell);
      await page.getByTestId('first-run').waitFor();
      await shot(page, 'welcome-pt-1024x600');
      await page.getByTestId('setup-connect').click();
      await fill(page, sandbox.url, 'demo', 'not-the-secret');
      await expectError(page, 'A plataforma recusou esse código ou essa chave secreta do aplicativo.');
      await shot(page, 'refused-pt-1024x600');
      await fill(page, websiteUrl, 'demo', 'demo-secret');
      await expectError(page, 'A plataforma não respondeu nesse endereço.');
      await fill(page, 'http://127.0.0.1:9', 'demo', 'demo-secret');
      await expectError(page, 'Não foi possível chegar a esse endereço.');
      await fill(page, 'http://api.example.test', 'demo', 'demo-secret');
      await expectError(page, 'Esse endereço não vale.');

      await fill(page, sandbox.url, 'demo', 'demo-secret');
      await page.getByTestId('setup-stores').waitFor();
      assert.equal(await page.getByTestId('setup-store').count(), 3);
      await shot(page, 'stores-pt-1024x600');
      await page.getByTestId('setup-save').click();
      await page.getByTestId('order-board').waitFor({ timeout: 20_000 });
      await page.getByTestId('current-store').getByText('Cantina da Vila').waitFor();
    } finally {
      await shell.stop();
    }

    // A restart: no flag, no secret given: straight to the board.
    shell = await startWebShell({ dataDir, env });
    try {
      const page = await open(shell, { width: 1920, height: 1080 });
      await page.getByTestId('order-board').waitFor({ timeout: 20_000 });
      await page.getByTestId('connectivity').getByText('Conectado').waitFor({ timeout: 20_000 });
      await page.getByTestId('nav-settings').click();
      // The account is for whoever installs the terminal: folded under "Avançado" until opened.
      assert.equal(await page.getByTestId('settings-client-id').isVisible(), false, 'the application code is folded away');
      await page.getByTestId('settings-advanced-toggle').click();
      await page.getByTestId('settings-client-id').getByText('demo').waitFor();
      await page.getByTestId('settings-credential-store').getByText('Arquivo sem criptografia').waitFor();
      await shot(page, 'settings-pt-1920x1080');
      await page.getByTestId('locale-en').click();
      await page.getByTestId('settings-account-kind').getByText('One company key for every store').waitFor();
      await shot(page, 'settings-en-1920x1080');
      await page.getByTestId('settings-sign-out').click();
      await page.getByTestId('sign-out-delete-orders').check();
      await shot(page, 'sign-out-en-1920x1080');
      await page.getByTestId('sign-out-confirm').click();
      await page.getByTestId('first-run').waitFor({ timeout: 20_000 });
      await page.getByText('Welcome to Store Terminal').waitFor();
      assert.doesNotMatch(readFileSync(join(dataDir, 'credentials.json'), 'utf8'), /demo-secret|refresh/, 'no secret left in the credential store');
    } finally {
      await shell.stop();
    }
  });

  it('a distributed application: the owner approves the code in the portal; a refused and an expired code each say so', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'st-first-run-'));
    const shell = await startWebShell({ dataDir, env });
    try {
      const page = await open(shell);
      await page.getByTestId('setup-locale-en').click();
      await page.getByText('Welcome to Store Terminal').waitFor();
      await shot(page, 'welcome-en-1024x600');
      await page.getByTestId('setup-connect').click();
      await page.getByTestId('setup-kind-distributed').click();
      await fill(page, sandbox.url, 'partner', 'partner-secret');
      const userCode = (await page.getByTestId('setup-user-code').innerText()).trim();
      assert.match(userCode, /^[A-Z]{4}-[A-Z]{4}$/);
      await page.getByTestId('setup-qr').waitFor();
      await shot(page, 'authorize-en-1024x600');

      // This code is left to expire (4 s here): the screen says so and offers a new one.
      await page.getByTestId('setup-code-expired').getByText('The code expired. Ask for a new one.').waitFor({ timeout: 10_000 });
      assert.equal(await page.getByTestId('setup-exchange').isDisabled(), true);
      await page.getByTestId('setup-new-code').click();
      await page.waitForFunction((old) => document.querySelector('[data-testid="setup-user-code"]')?.textContent?.trim() !== old, userCode);
      const fresh = (await page.getByTestId('setup-user-code').innerText()).trim();

      const approved = await rawHttp(sandbox.url).send('POST', '/_sandbox/authorize', { json: { userCode: fresh, merchantIds: [DEMO_PIZZERIA_ID] } });
      assert.equal(approved.status, 201);
      const code = (approved.body as { authorizationCode: string }).authorizationCode;
      await page.getByTestId('setup-authorization-code').fill('WRONG-CODE-XXXX');
      await page.getByTestId('setup-exchange').click();
      await page.getByTestId('setup-error').getByText('The platform refused that authorization code.').waitFor();
      await shot(page, 'authorize-refused-en-1024x600');

      // The wrong attempt spent nothing the owner did: a new code, approved, exchanged.
      await page.getByTestId('setup-new-code').click();
      await page.waitForFunction((old) => document.querySelector('[data-testid="setup-user-code"]')?.textContent?.trim() !== old, fresh);
      const third = (await page.getByTestId('setup-user-code').innerText()).trim();
      const again = await rawHttp(sandbox.url).send('POST', '/_sandbox/authorize', { json: { userCode: third, merchantIds: [DEMO_PIZZERIA_ID] } });
      await page.getByTestId('setup-authorization-code').fill((again.body as { authorizationCode: string }).authorizationCode);
      await page.getByTestId('setup-exchange').click();
      await page.getByTestId('setup-stores').waitFor();
      assert.equal(await page.getByTestId('setup-store').count(), 1);
      await shot(page, 'stores-en-1024x600');
      await page.getByTestId('setup-save').click();
      await page.getByTestId('order-board').waitFor({ timeout: 20_000 });
      await page.getByTestId('current-store').getByText('Pizzaria Forno a Lenha').waitFor();
      assert.ok(code.length > 0);
    } finally {
      await shell.stop();
    }
  });

  it('"Try the demo" reaches the board, and says its orders start afresh', async () => {
    const shell = await startWebShell({ env });
    try {
      const page = await open(shell, { width: 1920, height: 1080 });
      await page.getByTestId('first-run').getByText('Os pedidos da demonstração recomeçam a cada abertura.').waitFor();
      await shot(page, 'welcome-pt-1920x1080');
      await page.getByTestId('setup-demo').click();
      await page.getByTestId('order-board').waitFor({ timeout: 20_000 });
    } finally {
      await shell.stop();
    }
  });
});
