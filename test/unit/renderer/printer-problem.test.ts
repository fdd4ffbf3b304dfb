import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { render } from 'svelte/server';
import { PrinterFault, type PrintStatus } from '../../../src-shared/ipc/channels/print';
import { Settings } from '../../../src-shared/settings';
import { createTerminal, terminalContext } from '../../../src-renderer/app/terminal';
import PrinterAlert from '../../../src-renderer/print/PrinterAlert.svelte';
import PrintersPanel from '../../../src-renderer/print/PrintersPanel.svelte';
import { printerCause, printerProblem } from '../../../src-renderer/print/printer-problem';
import { fakeBridge } from '../../support/app/fake-bridge';

const T0 = Date.parse('2026-11-24T15:00:00Z');
const kitchen = { id: 'k1', name: 'Cozinha', connection: { kind: 'network' as const, host: '192.168.0.50', port: 9100 } };
const counter = { id: 'c1', name: 'Balcão', connection: { kind: 'system' as const, device: 'EPSON_TM20' } };

/** A terminal whose printers failed as `errors` says (the status the main process pushes). */
function terminalWith(errors: Record<string, { reason?: string; code?: 'printer' | 'internal' }>, waiting = 3) {
  const settings = Settings.parse({ printers: [kitchen, counter] });
  const status: PrintStatus = {
    printers: Object.entries(errors).map(([id, e]) => ({
      id,
      state: 'error',
      error: { code: e.code ?? 'printer', message: 'raw detail for the log', ...(e.reason ? { reason: e.reason } : {}) },
      since: new Date(T0).toISOString(),
      waiting,
    })),
  };
  const bridge = fakeBridge({ 'settings:get': () => settings, 'print:status': () => status, 'print:preview': () => ({ svg: '<svg/>' }) });
  const terminal = createTerminal(bridge, { systemNow: () => T0, sounds: () => {}, notifier: { notify: () => {} } });
  bridge.push('settings:changed', settings);
  bridge.push('print:changed', status);
  return terminal;
}

describe("a printer's failure in words", () => {
  it('the top bar names the printer and the cause, never the platform: "Cozinha: recusou a conexão", in both languages', () => {
    const terminal = terminalWith({ k1: { reason: 'refused' } });
    const pt = render(PrinterAlert, { context: terminalContext(terminal) }).body;
    assert.match(pt, /Cozinha: recusou a conexão/);
    assert.match(pt, /3 na fila/);
    assert.match(pt, /title="Impressora Cozinha \(192\.168\.0\.50:9100\): recusou a conexão\. [^"]*porta/);
    assert.doesNotMatch(pt, /plataforma|internet/i);
    terminal.i18n.setLocale('en');
    const en = render(PrinterAlert, { context: terminalContext(terminal) }).body;
    assert.match(en, /Cozinha: connection refused/);
    assert.match(en, /3 waiting/);
    assert.doesNotMatch(en, /platform|internet/i);
  });

  it('says each failing printer with its own cause', () => {
    const body = render(PrinterAlert, { context: terminalContext(terminalWith({ k1: { reason: 'timeout' }, c1: { reason: 'paper-out' } })) }).body;
    assert.match(body, /Cozinha: não responde; Balcão: sem papel/);
    assert.match(body, /6 na fila/);
  });

  it('the printers panel says the cause and what to check, with the address or the system name', () => {
    const terminal = terminalWith({ k1: { reason: 'unknown-host' }, c1: { reason: 'no-such-printer' } });
    const pt = render(PrintersPanel, { context: terminalContext(terminal) }).body;
    assert.match(pt, /endereço desconhecido · 3 na fila/);
    assert.match(pt, /Impressora Cozinha \(192\.168\.0\.50:9100\): nenhum aparelho com esse nome na rede/);
    assert.match(pt, /Impressora Balcão \(EPSON_TM20\): não existe neste computador/);
    terminal.i18n.setLocale('en');
    const en = render(PrintersPanel, { context: terminalContext(terminal) }).body;
    assert.match(en, /Printer Cozinha \(192\.168\.0\.50:9100\): no device has that name on the network/);
    assert.match(en, /Printer Balcão \(EPSON_TM20\): does not exist on this computer/);
  });

  it('has words for every cause in both languages, and an error that is not the printer is said as its kind', () => {
    const terminal = terminalWith({});
    for (const locale of ['pt-BR', 'en'] as const) {
      terminal.i18n.setLocale(locale);
      const generic = printerProblem(terminal.i18n, kitchen, { code: 'printer', message: '' });
      const seen = new Set<string>();
      for (const fault of PrinterFault.options) {
        const error = { code: 'printer' as const, message: '', reason: fault };
        const [short, long] = [printerCause(terminal.i18n, error), printerProblem(terminal.i18n, kitchen, error)];
        assert.doesNotMatch(short, /^print\./, `${locale} ${fault}`);
        assert.ok(fault === 'failed' || long !== generic, `${locale} ${fault} has its own words`);
        assert.ok(!seen.has(short), `${locale} ${fault}: "${short}" says another cause too`);
        seen.add(short);
      }
      const file = printerProblem(terminal.i18n, { name: 'Arquivo', connection: { kind: 'file' } }, { code: 'printer', message: '', reason: 'not-saved' });
      assert.match(file, /^(Impressora|Printer) Arquivo: /, 'a file printer has no address to name');
    }
    terminal.i18n.setLocale('pt-BR');
    assert.equal(printerCause(terminal.i18n, { code: 'printer', message: '', reason: 'a-cause-from-a-newer-version' }), 'não imprimiu');
    assert.equal(printerCause(terminal.i18n, { code: 'internal', message: 'boom' }), terminal.i18n.error({ code: 'internal', message: 'boom' }));
  });
});
