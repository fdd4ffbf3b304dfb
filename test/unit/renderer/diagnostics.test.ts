import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { render } from 'svelte/server';
import { createTerminal, terminalContext } from '../../../src-renderer/app/terminal';
import DiagnosticsPanel from '../../../src-renderer/diagnostics/DiagnosticsPanel.svelte';
import { fakeBridge } from '../../support/app/fake-bridge';

const FILE = { fileName: 'store-terminal-diagnostics-2026-11-24T15-00-00Z.json', mediaType: 'application/json' as const, content: '{}' };

describe('Settings › Support: the diagnostics export on screen', () => {
  it('asks the main process for the file, giving the window’s browser (cut to the contract’s length), and says which file it got', async () => {
    const bridge = fakeBridge({ 'diagnostics:export': () => FILE });
    const terminal = createTerminal(bridge, { systemNow: () => 0 });
    const pending = terminal.diagnosticsState.export(`Mozilla/5.0 ${'x'.repeat(600)}`);
    const busy = render(DiagnosticsPanel, { context: terminalContext(terminal) }).body;
    assert.match(busy, /<button[^>]*data-testid="export-diagnostics"[^>]*disabled[^>]*>\s*Preparando o arquivo…/, 'progress while the file is made');
    const file = await pending;
    assert.deepEqual(file, FILE);
    const input = bridge.calls[0]?.input as { userAgent: string };
    assert.equal(bridge.calls[0]?.channel, 'diagnostics:export');
    assert.equal(input.userAgent.length, 512);
    const { body } = render(DiagnosticsPanel, { context: terminalContext(terminal) });
    assert.match(body, /Exportar diagnóstico/);
    assert.match(body, /Arquivo baixado: store-terminal-diagnostics-2026-11-24T15-00-00Z\.json/);
  });

  it('says plainly, in Portuguese or English, that the export failed and why', async () => {
    const bridge = fakeBridge({ 'diagnostics:export': () => ({ error: { code: 'storage', message: 'disk full' } }) });
    const terminal = createTerminal(bridge, { systemNow: () => 0 });
    assert.equal(await terminal.diagnosticsState.export(undefined), undefined);
    assert.deepEqual(bridge.calls[0]?.input, {});
    assert.equal(terminal.diagnosticsState.read.error?.code, 'storage');
    const pt = render(DiagnosticsPanel, { context: terminalContext(terminal) }).body;
    assert.match(pt, /data-testid="diagnostics-error"[^>]*>Não foi possível exportar o diagnóstico: \S/);
    assert.doesNotMatch(pt, /Arquivo baixado/);
    terminal.i18n.setLocale('en');
    const en = render(DiagnosticsPanel, { context: terminalContext(terminal) }).body;
    assert.match(en, /The diagnostics could not be exported: \S/);
    assert.match(en, /Export diagnostics/);
  });
});
