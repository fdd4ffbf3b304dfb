import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { LookupFunction } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { OrdersDb } from '../../../src-main/db/orders/orders-db';
import { PrintService } from '../../../src-main/print/print-service';
import { saveTicketFiles } from '../../../src-main/print/printers/file';
import { sendToNetworkPrinter } from '../../../src-main/print/printers/network';
import { faultOfSocketError, PrinterError } from '../../../src-main/print/printers/printer-error';
import { faultOfCupsState, faultOfLpMessage, sendToSystemPrinter } from '../../../src-main/print/printers/system';
import { PrinterSettings, Settings } from '../../../src-shared/settings';
import { cutsIn, startFakePrinter, type FakePrinter } from '../../support/print/fake-printer';

const T0 = Date.parse('2026-11-24T15:00:00Z');

/** Rejects with a PrinterError of this cause, whose screen form carries the cause as its reason. */
async function rejectsWith(promise: Promise<unknown>, fault: string): Promise<PrinterError> {
  const error = await promise.then(
    () => assert.fail(`expected a ${fault} failure`),
    (e: unknown) => e,
  );
  assert.ok(error instanceof PrinterError, String(error));
  assert.equal(error.fault, fault, error.message);
  assert.deepEqual({ code: error.toInfo().code, reason: error.toInfo().reason }, { code: 'printer', reason: fault });
  return error;
}

describe('a network printer that does not take the ticket says why', () => {
  let printer: FakePrinter;
  before(async () => {
    printer = await startFakePrinter();
  });
  after(() => printer.close());

  it('switched off (nothing listens on the port): refused', async () => {
    await printer.stop();
    const error = await rejectsWith(sendToNetworkPrinter({ host: '127.0.0.1', port: printer.port }, Buffer.from('x')), 'refused');
    assert.match(error.message, new RegExp(`127\\.0\\.0\\.1:${printer.port}`), 'the log names the printer');
    await printer.start();
  });

  it('a name no one answers to: unknown host', async () => {
    // The resolver's answer for a name that does not exist, without asking a DNS server (a test machine may have none).
    const lookup: LookupFunction = (hostname, _options, callback) =>
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
    const error = await rejectsWith(sendToNetworkPrinter({ host: 'impressora-da-cozinha', port: 9100 }, Buffer.from('x'), { lookup }), 'unknown-host');
    assert.match(error.message, /impressora-da-cozinha:9100/);
  });

  it('connected but not reading (out of paper, hung): timeout', async () => {
    printer.stall();
    try {
      // More than the kernel's buffers hold on both sides: the bytes can only go if the printer reads.
      await rejectsWith(sendToNetworkPrinter({ host: '127.0.0.1', port: printer.port }, Buffer.alloc(64 * 1024 * 1024, 0x20), { timeoutMs: 300 }), 'timeout');
    } finally {
      printer.resume();
    }
  });

  it('reads every socket error a printer gives as a cause', () => {
    const table: [string | undefined, string][] = [
      ['ECONNREFUSED', 'refused'],
      ['ETIMEDOUT', 'timeout'],
      ['ENOTFOUND', 'unknown-host'],
      ['EAI_AGAIN', 'unknown-host'],
      ['EHOSTUNREACH', 'unreachable'],
      ['ENETUNREACH', 'unreachable'],
      ['ECONNRESET', 'cut-off'],
      ['EPIPE', 'cut-off'],
      ['EWHATEVER', 'failed'],
      [undefined, 'failed'],
    ];
    for (const [code, fault] of table) assert.equal(faultOfSocketError(code), fault, String(code));
  });
});

describe('the print service with a fake network printer', () => {
  it('the test page is cut once; a printer that is off fails the test with its cause and its state says it', async () => {
    const printer = await startFakePrinter();
    const dir = mkdtempSync(join(tmpdir(), 'st-faults-'));
    const db = OrdersDb.open(dir);
    const kitchen = PrinterSettings.parse({
      id: 'kitchen',
      name: 'Cozinha',
      connection: { kind: 'network', host: '127.0.0.1', port: printer.port },
      width: 58,
    });
    const print = new PrintService({
      db,
      clock: new ManualClock(T0),
      logger: silentLogger,
      settings: () => Settings.parse({ printers: [kitchen] }),
      ticketsDir: join(dir, 'tickets'),
    });
    try {
      await print.test(kitchen);
      for (let i = 0; i < 100 && printer.jobs.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      assert.equal(printer.jobs.length, 1);
      assert.equal(cutsIn(printer.jobs[0] as Buffer), 1, 'one cut, not two');
      await printer.stop();
      await rejectsWith(print.test(kitchen), 'refused');
      const state = print.status().printers[0];
      assert.equal(state?.state, 'error');
      assert.deepEqual({ code: state?.error?.code, reason: state?.error?.reason }, { code: 'printer', reason: 'refused' });
    } finally {
      db.close();
      await printer.close();
    }
  });
});

describe('a system printer (CUPS) that would not print says why', () => {
  /** Stand-ins for lp, lpoptions and lpstat answering what CUPS 2.4 answers (messages recorded from it, C locale). */
  const bin = mkdtempSync(join(tmpdir(), 'st-cups-'));
  const state = join(bin, 'state');
  const script = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  before(() => {
    mkdirSync(state, { recursive: true });
    script(
      'lp',
      `cat > "${state}/job"; [ -f "${state}/lp.hang" ] && exec sleep 5; echo "$LC_ALL $*" > "${state}/lp.args"; if [ -f "${state}/lp.err" ]; then cat "${state}/lp.err" >&2; exit 1; fi; echo "request id is Cozinha-1 (1 file(s))"`,
    );
    script('lpoptions', `[ -f "${state}/lpoptions" ] && cat "${state}/lpoptions"; exit 0`);
    script('lpstat', `[ "$1" = "-r" ] && cat "${state}/scheduler"; exit 0`);
  });
  after(() => rmSync(bin, { recursive: true, force: true }));
  const env = { PATH: `${bin}:/usr/bin:/bin` };
  const cups = (files: Record<string, string>) => {
    rmSync(state, { recursive: true, force: true });
    mkdirSync(state);
    writeFileSync(join(state, 'scheduler'), 'scheduler is running\n');
    for (const [file, text] of Object.entries(files)) writeFileSync(join(state, file), text);
  };
  const idle =
    "copies=1 device-uri=socket://10.0.0.9:9100 printer-info=Cozinha printer-is-accepting-jobs=true printer-make-and-model='Local Raw Printer' printer-state=3 printer-state-reasons=none printer-type=4\n";

  it('sends the ticket raw to the named printer, the CUPS tools speaking English whatever the machine speaks', async () => {
    cups({ lpoptions: idle });
    await sendToSystemPrinter('Cozinha', Buffer.from('\x1b@ticket'), { env: { ...env, LC_ALL: 'pt_BR.UTF-8' } });
    assert.equal(readFileSync(join(state, 'job'), 'latin1'), '\x1b@ticket');
    assert.equal(readFileSync(join(state, 'lp.args'), 'utf8').trim(), 'C -d Cozinha -o raw -t Store Terminal');
  });

  it('no printer of that name: "The printer or class does not exist."', async () => {
    cups({ 'lp.err': 'lp: Error - The printer or class does not exist.\n' });
    await rejectsWith(sendToSystemPrinter('Nope', Buffer.from('x'), { env }), 'no-such-printer');
  });

  it('CUPS itself not running says the same words to lp: its scheduler tells them apart', async () => {
    cups({ 'lp.err': 'lp: Error - The printer or class does not exist.\n', scheduler: 'scheduler is not running\n' });
    await rejectsWith(sendToSystemPrinter('Cozinha', Buffer.from('x'), { env }), 'no-print-system');
  });

  it('a queue refusing jobs: not accepting', async () => {
    cups({ 'lp.err': 'lp: Destination "Cozinha" is not accepting jobs.\n' });
    await rejectsWith(sendToSystemPrinter('Cozinha', Buffer.from('x'), { env }), 'not-accepting');
  });

  it('out of paper, or a queue CUPS stopped: refused before lp, so no ticket waits inside CUPS to print twice later', async () => {
    cups({
      lpoptions: idle.replace('printer-state=3 printer-state-reasons=none', 'printer-state=4 printer-state-reasons=media-empty-error,media-low-warning'),
    });
    await rejectsWith(sendToSystemPrinter('Cozinha', Buffer.from('x'), { env }), 'paper-out');
    cups({ lpoptions: idle.replace('printer-state=3 printer-state-reasons=none', 'printer-state=5 printer-state-reasons=paused') });
    await rejectsWith(sendToSystemPrinter('Cozinha', Buffer.from('x'), { env }), 'stopped');
    assert.throws(() => readFileSync(join(state, 'job')), 'lp was never called');
  });

  it('lp that does not finish in time (a hung CUPS): timeout', async () => {
    cups({ lpoptions: idle, 'lp.hang': '' });
    await rejectsWith(sendToSystemPrinter('Cozinha', Buffer.from('x'), { env, timeoutMs: 200 }), 'timeout');
  });

  it('a computer without CUPS: no print system', async () => {
    await rejectsWith(sendToSystemPrinter('Cozinha', Buffer.from('x'), { env: { PATH: mkdtempSync(join(tmpdir(), 'st-empty-')) } }), 'no-print-system');
  });

  it("reads CUPS's states and lp's words", () => {
    const st = (s: string) => faultOfCupsState(idle.replace('printer-state=3 printer-state-reasons=none', s))?.fault;
    assert.equal(st('printer-state=3 printer-state-reasons=none'), undefined, 'idle prints');
    assert.equal(st('printer-state=4 printer-state-reasons=media-low-warning'), undefined, 'a warning still prints');
    assert.equal(st('printer-state=3 printer-state-reasons=media-jam-error'), 'paper-jam');
    assert.equal(st('printer-state=3 printer-state-reasons=cover-open'), 'cover-open');
    assert.equal(st('printer-state=4 printer-state-reasons=offline-report'), 'disconnected');
    assert.equal(faultOfCupsState(idle.replace('printer-is-accepting-jobs=true', 'printer-is-accepting-jobs=false'))?.fault, 'not-accepting');
    assert.equal(faultOfCupsState(''), undefined, 'a name CUPS does not know: lp says so');
    assert.equal(faultOfLpMessage('lp: Error - Unknown printer or class.'), 'no-such-printer');
    assert.equal(faultOfLpMessage('lp: Error - something else'), 'failed');
  });
});

describe('the "save as file" printer that cannot write', () => {
  it('says the file was not saved (disk full, no permission), as a printer fault', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-file-'));
    writeFileSync(join(dir, 'not-a-folder'), '');
    await rejectsWith(saveTicketFiles(join(dir, 'not-a-folder', 'tickets'), 'x', { text: 'a', svg: '<svg/>', columns: 32 }), 'not-saved');
  });
});
