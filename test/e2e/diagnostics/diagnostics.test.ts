import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage } from '../../support/shells/web-shell';

/** Given in the environment as an integrator would: it must reach neither the window nor the file. */
const ENV_SECRET = 'e2e-DIAG-env-secret-5150';

describe('Settings › Exportar diagnóstico, in the web shell against the embedded sandbox', () => {
  const terminal = useTerminal({ name: 'diagnostics', demo: true, clientSecret: ENV_SECRET });

  it('downloads one JSON file with versions, settings, sync and queue states and the recent log, and no secret', async () => {
    const { page } = terminal;
    // A staff action, so the order outbox has something to count.
    await page.getByTestId('act-confirm').first().click({ timeout: 20_000 });
    await page.getByTestId('nav-settings').click();
    const button = page.getByTestId('export-diagnostics');
    await button.scrollIntoViewIfNeeded();
    assert.equal(await button.innerText(), 'Exportar diagnóstico');

    const download = page.waitForEvent('download');
    await button.click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^store-terminal-diagnostics-2026-11-24T\d\d-\d\d-\d\dZ\.json$/);
    const path = await file.path();
    assert.ok(path);
    const content = readFileSync(path, 'utf8');
    await page.getByTestId('diagnostics-done').waitFor();
    assert.match(await page.getByTestId('diagnostics-done').innerText(), /^Arquivo baixado: store-terminal-diagnostics-/);

    const report = JSON.parse(content) as {
      format: string;
      versions: { app: string; node: string; electron: string | null; window: string | null };
      os: { platform: string };
      terminal: { shell: string; mode: string; environment: string[] };
      settings: { locale: string };
      sync: { connectivity: { state: string; lastPollAt: string | null }; pollIntervalSeconds: number };
      queues: { orderOutbox: Record<string, number>; storeOutbox: Record<string, number> | { unavailable: string }; printQueue: Record<string, number> };
      logs: { files: { name: string }[]; lines: { msg?: string }[] };
    };
    assert.equal(report.format, 'store-terminal-diagnostics/1');
    assert.equal(report.versions.node, process.versions.node);
    assert.equal(report.versions.electron, null, 'the web shell runs on plain Node');
    assert.match(report.versions.window ?? '', /Chrome\/\d+/, "the window's browser");
    assert.equal(report.os.platform, process.platform);
    assert.deepEqual([report.terminal.shell, report.terminal.mode], ['web', 'demo']);
    assert.ok(report.terminal.environment.includes('STORE_TERMINAL_LOG_LEVEL'));
    assert.equal(report.settings.locale, 'pt-BR');
    assert.equal(report.sync.connectivity.state, 'online');
    assert.ok(report.sync.connectivity.lastPollAt, 'the last poll');
    assert.equal(report.sync.pollIntervalSeconds, 5);
    const outboxTotal = Object.values(report.queues.orderOutbox).reduce((a, b) => a + b, 0);
    assert.ok(outboxTotal >= 1, `the confirmation is counted: ${JSON.stringify(report.queues)}`);
    assert.ok(!('unavailable' in report.queues.printQueue), JSON.stringify(report.queues.printQueue));
    assert.ok(!('unavailable' in report.queues.storeOutbox), JSON.stringify(report.queues.storeOutbox));
    assert.deepEqual(
      report.logs.files.map((f) => f.name),
      ['store-terminal.log'],
    );
    assert.ok(
      report.logs.lines.some((l) => /demo mode: embedded sandbox started/.test(l.msg ?? '')),
      'the log of this run',
    );
    for (const secret of [ENV_SECRET, 'demo-secret']) assert.ok(!content.includes(secret), `${secret} is in the export`);

    await terminal.shot('1024x600-pt-BR-section', page.getByTestId('settings-support'));
    await terminal.shot('1024x600-pt-BR');
    await chooseLanguage(page, 'en');
    await page.getByTestId('export-diagnostics').scrollIntoViewIfNeeded();
    assert.equal(await page.getByTestId('export-diagnostics').innerText(), 'Export diagnostics');
    await terminal.shot('1024x600-en');
  });
});
