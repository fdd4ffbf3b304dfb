import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PrinterReport, PrintStatus } from '../../../src-shared/ipc/channels/print';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import { PrinterReporter } from '../../../src-main/hub/screen-print/printer-report';
import { silentLogger } from '../../support/sync/fakes';

const status = (state: 'ok' | 'error' | 'unknown'): PrintStatus => ({
  printers: [
    {
      id: 'cozinha',
      state,
      error: state === 'error' ? { code: 'printer', message: 'connect ECONNREFUSED 192.168.0.40:9100', reason: 'refused' } : null,
      since: state === 'error' ? '2026-11-24T15:00:00.000Z' : null,
      waiting: state === 'error' ? 3 : 0,
    },
  ],
});

function reporter(answer: () => IpcResult<unknown> = () => ({ ok: true, value: { printersOut: 0 } })) {
  const sent: PrinterReport[] = [];
  const link = { up: true };
  const it = new PrinterReporter({
    send: async (report) => {
      sent.push(report);
      return answer();
    },
    linkUp: () => link.up,
    logger: silentLogger,
  });
  return { it, sent, link };
}

describe("a chain terminal's printer report", () => {
  it('tells the server each change of its printers, their states only (no address), and not the same twice', async () => {
    const { it: r, sent } = reporter();
    r.changed(status('error'));
    r.changed(status('error'));
    r.changed(status('ok'));
    await r.settled();
    assert.deepEqual(sent, [
      { printers: [{ id: 'cozinha', state: 'error', since: '2026-11-24T15:00:00.000Z', waiting: 3 }] },
      { printers: [{ id: 'cozinha', state: 'ok', since: null, waiting: 0 }] },
    ]);
    assert.doesNotMatch(JSON.stringify(sent), /192\.168/, "the printer's address stays at the store");
  });

  it('tells it again at each connection (the server forgot it when the link went), and what the link lost at the next one', async () => {
    const { it: r, sent, link } = reporter();
    r.changed(status('error'));
    await r.settled();
    link.up = false;
    r.changed(status('ok'));
    await r.settled();
    assert.equal(sent.length, 1, 'nothing sent while the link is down');
    link.up = true;
    r.connected(status('ok'));
    r.connected(status('ok'));
    await r.settled();
    assert.deepEqual(
      sent.map((s) => s.printers[0]?.state),
      ['error', 'ok', 'ok'],
      'once per connection, even when nothing changed',
    );
  });

  it('sends a refused report again at the next change, not in a loop', async () => {
    let refuse = true;
    const { it: r, sent } = reporter(() =>
      refuse ? { ok: false, error: { code: 'connection', message: 'the chain server cannot be reached' } } : { ok: true, value: {} },
    );
    r.changed(status('error'));
    await r.settled();
    assert.equal(sent.length, 1);
    refuse = false;
    r.changed(status('error'));
    await r.settled();
    assert.equal(sent.length, 2, 'the same report, since the server never took it');
  });
});
