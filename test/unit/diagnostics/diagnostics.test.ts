import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DIAGNOSTICS_MAX_BYTES, DiagnosticsExport } from '../../../src-shared/ipc/channels/diagnostics';
import { MemoryCredentialStore } from '../../../src-main/auth/credentials/credential-store';
import { createLogger } from '../../../src-main/base/log';
import { LogOutput, openLogFile } from '../../../src-main/base/log-file';
import { OrdersDb } from '../../../src-main/db/orders/orders-db';
import { StoreOutboxDb } from '../../../src-main/db/store-outbox/store-outbox-db';
import { LAST_POLL_AT } from '../../../src-main/db/orders/sync-state-repo';
import { exportDiagnostics, terminalReaders, type DiagnosticsFacts, type DiagnosticsReaders } from '../../../src-main/diagnostics/export';
import { queueStates, recentLogLines, terminalVariables } from '../../../src-main/diagnostics/readers';
import { DiagnosticsReport, diagnosticsFileName } from '../../../src-main/diagnostics/report';
import { orderStub } from '../../../src-main/orders/progress';
import { ManualClock } from '../../../src-main/base/clock';
import { IpcDispatcher, type Handlers } from '../../../src-main/ipc/dispatcher';
import { StaffDesk } from '../../../src-main/features/staff/staff-desk';
import { StaffGuard, terminalTeam } from '../../../src-main/features/staff/staff-guard';

const SECRET = 'cs-DIAG-SECRET-4711';
/** A secret with characters JSON escapes: masked before the file is written, so never seen escaped either. */
const ODD_SECRET = 'odd"secret\\with-quote';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJl';
const AT = '2026-11-24T15:00:00.000Z';
const T0 = Date.parse(AT);

const facts = (patch: Partial<DiagnosticsFacts> = {}): DiagnosticsFacts => ({
  generatedAt: AT,
  appVersion: '0.1.0',
  window: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0',
  terminal: {
    shell: 'web',
    mode: 'live',
    account: { kind: 'centralized', apiBaseUrl: 'https://api.example.test', clientId: 'my-app' },
    vault: 'keychain',
    dataDir: '/data',
    environment: terminalVariables({ STORE_TERMINAL_CLIENT_SECRET_FILE: `/etc/${SECRET}`, STORE_TERMINAL_DEMO: '1', PATH: '/usr/bin' }),
  },
  connectivity: {
    state: 'degraded',
    lastSuccessAt: '2026-11-24T14:59:00.000Z',
    lastPollAt: '2026-11-24T14:59:30.000Z',
    reason: { code: 'connection', message: `token ${SECRET} refused` },
  },
  pollIntervalSeconds: 30,
  screens: {
    role: 'hub',
    state: 'listening',
    enabled: true,
    port: 47110,
    problem: null,
    discovery: null,
    paired: [{ name: 'Cozinha 1', kind: 'kitchen', connected: true, lastContactAt: AT }],
  },
  ...patch,
});

const readers = (patch: Partial<DiagnosticsReaders> = {}): DiagnosticsReaders => ({
  runtime: () => ({
    versions: { node: '20.19.0', electron: null, chromium: null },
    os: { platform: 'linux', release: '6.1', arch: 'x64', timeZone: 'America/Sao_Paulo' },
  }),
  logs: () => ({
    folder: '/data/logs',
    files: [{ name: 'store-terminal.log', bytes: 600 }],
    lines: [
      JSON.stringify({ time: AT, level: 'info', msg: 'polled', events: 2 }),
      JSON.stringify({ time: AT, level: 'warn', msg: `retrying with ${SECRET} and ${ODD_SECRET}`, header: `Bearer ${JWT}` }),
      JSON.stringify({ time: AT, level: 'error', msg: 'token refused', clientSecret: 'already-redacted?', nested: { refresh_token: 'rt-9' } }),
      `not json: ${SECRET} at http://x/?client_secret=abc123`,
    ],
  }),
  queues: () => ({
    queues: { orderOutbox: { queued: 2, confirmed: 40 }, storeOutbox: { failed: 1 }, printQueue: { unavailable: 'store-terminal.sqlite does not exist yet' } },
    lastPollAtSaved: '2026-11-24T14:59:30.000Z',
  }),
  settings: () => ({
    locale: 'pt-BR',
    printers: [{ name: `Cozinha ${SECRET}`, connection: { kind: 'network', host: '10.0.0.9', port: 9100 } }],
    apiToken: 'tok-123456',
  }),
  trail: () => [],
  knownSecrets: async () => [SECRET, ODD_SECRET, 'info'],
  ...patch,
});

function parse(file: DiagnosticsExport): DiagnosticsReport {
  DiagnosticsExport.parse(file);
  return DiagnosticsReport.parse(JSON.parse(file.content));
}

describe('diagnostics export: one file for support, never a secret', () => {
  it('gathers versions, OS, terminal, settings, sync state, queue counts and the recent log lines', async () => {
    const file = await exportDiagnostics(facts(), readers());
    assert.equal(file.fileName, 'store-terminal-diagnostics-2026-11-24T15-00-00Z.json');
    assert.equal(file.mediaType, 'application/json');
    const report = parse(file);
    assert.deepEqual(report.versions, {
      app: '0.1.0',
      node: '20.19.0',
      electron: null,
      chromium: null,
      window: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0',
    });
    assert.equal(report.os.timeZone, 'America/Sao_Paulo');
    assert.deepEqual(report.terminal.environment, ['STORE_TERMINAL_CLIENT_SECRET_FILE', 'STORE_TERMINAL_DEMO'], 'names only');
    assert.equal(report.terminal.account?.clientId, 'my-app');
    assert.equal(report.sync.connectivity.state, 'degraded');
    assert.equal(report.sync.connectivity.lastPollAt, '2026-11-24T14:59:30.000Z');
    assert.equal(report.sync.lastPollAtSaved, '2026-11-24T14:59:30.000Z');
    assert.deepEqual(report.queues, {
      orderOutbox: { queued: 2, confirmed: 40 },
      storeOutbox: { failed: 1 },
      printQueue: { unavailable: 'store-terminal.sqlite does not exist yet' },
    });
    assert.equal((report.settings as { locale: string }).locale, 'pt-BR');
    assert.deepEqual(report.screens, facts().screens, 'the hub, its port and its screens');
    assert.equal(report.logs.lines.length, 4);
    assert.equal(report.logs.linesLeftOut, 0);
    assert.deepEqual(report.logs.lines[0], { time: AT, level: 'info', msg: 'polled', events: 2 });
    // The lines read as in the log: one a line.
    assert.match(file.content, /\n {6}\{"time":"2026-11-24T15:00:00.000Z","level":"info","msg":"polled","events":2\},\n/);
  });

  it('on a screen of a hub, names the hub, its address and the link to it', async () => {
    const screens = {
      role: 'screen',
      hubName: 'Cantina — Balcão',
      address: '192.168.0.10 port 47110',
      kind: 'kitchen',
      link: { state: 'lost', since: AT, reason: 'unreachable' },
    } as const;
    const report = parse(await exportDiagnostics(facts({ screens }), readers()));
    assert.deepEqual(report.screens, screens);
  });

  it('leaves out every secret it knows, and what the log redacts, wherever it hides (logs, settings, environment, sync)', async () => {
    const file = await exportDiagnostics(facts(), readers());
    for (const secret of [SECRET, ODD_SECRET, JSON.stringify(ODD_SECRET).slice(1, -1), JWT, 'tok-123456', 'rt-9', 'abc123']) {
      assert.ok(!file.content.includes(secret), `${secret} is in the export`);
    }
    const report = parse(file);
    assert.equal((report.settings as { apiToken: string }).apiToken, '[redacted]');
    assert.match(JSON.stringify(report.logs.lines), /retrying with \[redacted\] and \[redacted\]/);
    assert.ok(file.content.includes('"level":"info"'), 'a word too short to be a secret is not masked everywhere');
  });

  it('stays within its size, keeping the newest log lines in order and counting the ones left out', async () => {
    const lines = Array.from({ length: 12_000 }, (_, i) => JSON.stringify({ time: AT, level: 'info', msg: 'line', n: i, pad: 'é'.repeat(200) }));
    const file = await exportDiagnostics(facts(), readers({ logs: () => ({ folder: '/data/logs', files: [], lines }) }));
    assert.ok(Buffer.byteLength(file.content) <= DIAGNOSTICS_MAX_BYTES, `${Buffer.byteLength(file.content)} bytes`);
    const report = parse(file);
    const kept = report.logs.lines as { n: number }[];
    assert.ok(kept.length > 1000 && kept.length < lines.length, `${kept.length} kept`);
    assert.equal(kept.at(-1)?.n, lines.length - 1, 'the newest line is there');
    assert.deepEqual(
      kept.map((l) => l.n),
      Array.from({ length: kept.length }, (_, i) => lines.length - kept.length + i),
    );
    assert.equal(report.logs.linesLeftOut, lines.length - kept.length);

    const tiny = await exportDiagnostics(facts(), readers({ logs: () => ({ folder: '/data/logs', files: [], lines }) }), 4096);
    assert.ok(Buffer.byteLength(tiny.content) <= 4096);
    assert.equal(parse(tiny).logs.linesLeftOut + parse(tiny).logs.lines.length, lines.length);
  });

  it('a part that cannot be read says why; the rest of the file still goes out', async () => {
    const broken = (): never => {
      throw new Error('disk on fire');
    };
    const report = parse(
      await exportDiagnostics(facts(), readers({ queues: broken, settings: broken, logs: broken, knownSecrets: () => Promise.reject(new Error('locked')) })),
    );
    assert.deepEqual(report.queues.orderOutbox, { unavailable: 'disk on fire' });
    assert.deepEqual(report.settings, { unavailable: 'disk on fire' });
    assert.deepEqual(report.logs.lines, []);
    assert.equal(report.sync.lastPollAtSaved, null);
  });

  it('names the file by the instant it was made, without characters a file system refuses', () => {
    assert.equal(diagnosticsFileName('2026-01-02T03:04:05.678Z'), 'store-terminal-diagnostics-2026-01-02T03-04-05Z.json');
  });
});

describe('diagnostics readers on a real data folder', () => {
  it('reads the newest log lines across rotated files, oldest first, up to the bytes asked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-diag-'));
    const file = openLogFile(dir, { limits: { files: 4, bytesPerFile: 2048 } });
    const lines = Array.from({ length: 100 }, (_, i) => JSON.stringify({ n: i, pad: 'x'.repeat(50) }));
    for (const line of lines) file.write(line);
    await file.close();
    const all = recentLogLines(dir, 1_000_000);
    assert.deepEqual(
      all.files.map((f) => f.name),
      ['store-terminal.log', 'store-terminal.log.1', 'store-terminal.log.2', 'store-terminal.log.3'],
    );
    assert.deepEqual(all.lines, lines.slice(lines.length - all.lines.length), 'the kept lines are the newest, in order');
    const some = recentLogLines(dir, 500);
    assert.ok(some.lines.length > 0 && some.lines.length <= 8, `${some.lines.length} lines in 500 bytes`);
    assert.deepEqual(some.lines, lines.slice(lines.length - some.lines.length), 'whole lines only, the newest');
    assert.deepEqual(recentLogLines(join(dir, 'nowhere'), 500), { folder: join(dir, 'nowhere', 'logs'), files: [], lines: [] });
  });

  it('counts each queue by state on its own read-only look, and says when a database is not there yet', () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-diag-'));
    assert.deepEqual(queueStates(dir), {
      queues: {
        orderOutbox: { unavailable: 'store-terminal.sqlite does not exist yet' },
        storeOutbox: { unavailable: 'store-outbox.sqlite does not exist yet' },
        printQueue: { unavailable: 'store-terminal.sqlite does not exist yet' },
      },
      lastPollAtSaved: null,
    });
    const orders = OrdersDb.open(dir);
    const storeOutbox = StoreOutboxDb.open(dir);
    try {
      orders.write(() => {
        orders.orders.insertProgress(orderStub({ id: 'order-1', merchantId: 'store-1', createdAt: AT, createdMs: T0, now: T0 }), T0);
        const first = orders.outbox.insert({ orderId: 'order-1', action: 'confirm', payload: null, expiresMs: null, now: T0 });
        orders.outbox.insert({ orderId: 'order-1', action: 'startPreparation', payload: null, expiresMs: null, now: T0 });
        orders.outbox.settle(first.id, 'confirmed', null, 'CONFIRMED', T0);
        orders.printQueue.add([{ orderId: 'order-1', printerId: 'p1', kind: 'kitchen', copy: 1, reason: 'new' }], T0);
        orders.syncState.set(LAST_POLL_AT, AT);
      });
      storeOutbox.write(() => storeOutbox.actions.insert({ merchantId: 'store-1', kind: 'pause', subject: null, payload: {}, now: T0 }));
      // Read while the app's own connections are open, as the export does.
      assert.deepEqual(queueStates(dir), {
        queues: { orderOutbox: { confirmed: 1, queued: 1 }, storeOutbox: { queued: 1 }, printQueue: { queued: 1 } },
        lastPollAtSaved: AT,
      });
    } finally {
      orders.close();
      storeOutbox.close();
    }
  });

  it('the terminal readers mask what its credential stores keep; a secret logged in plain words never reaches the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-diag-'));
    const output = new LogOutput(() => {});
    output.toFiles(dir);
    const logger = createLogger({ write: output.write });
    const kept = 'rt-KEPT-IN-THE-STORE-42';
    logger.warn(`an integrator pasted ${SECRET} into a message, and ${kept}`);
    await output.close();
    const store = new MemoryCredentialStore();
    await store.set('refresh-token:store-1', kept);
    const reading = terminalReaders({ dataDir: dir, accountDir: dir, settings: () => ({ locale: 'en' }), stores: [store], givenSecrets: [SECRET, undefined] });
    const file = await exportDiagnostics(facts(), reading);
    const report = parse(file);
    assert.equal(report.logs.lines.length, 1);
    assert.ok(!file.content.includes(SECRET) && !file.content.includes(kept), file.content);
    assert.equal(report.versions.node, process.versions.node);
  });

  it("carries the trail's latest lines, newest first — who, where, the manager who approved — and never a PIN", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-diag-'));
    const clock = new ManualClock(T0);
    const orders = OrdersDb.open(dir);
    try {
      const desk = new StaffDesk(orders.staff, clock);
      await desk.save({ name: 'Ana', role: 'staff', pin: '482193' });
      await desk.save({ name: 'Marcos', role: 'manager', pin: '907311' });
      await desk.configure(true, 5);
      const people = (await desk.state('terminal')).people;
      const id = (name: string) => people.find((p) => p.name === name)?.id ?? '';
      const order = 'f0b7c1d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
      const answer = (input: { orderId: string; action: string }) => ({
        id: 1,
        ...input,
        payload: null,
        state: 'queued',
        attempts: 0,
        createdAt: AT,
        updatedAt: AT,
        nextAttemptAt: null,
        reason: null,
        actor: 'staff',
        origin: null,
      });
      const handlers = {
        'orders:act': answer,
        'staff:signIn': () => desk.signIn('terminal', id('Ana'), '482193'),
        'staff:approve': (i: { pin: string }) => desk.approve('terminal', id('Marcos'), i.pin, 'cancelOrder'),
      } as unknown as Handlers;
      const ipc = new IpcDispatcher(handlers, createLogger({ write: () => {} }), () => new StaffGuard(terminalTeam(desk, orders.trail), clock));
      assert.equal((await ipc.invoke('staff:signIn', { personId: id('Ana'), pin: '482193' })).ok, true);
      clock.advance(60_000);
      assert.equal((await ipc.invoke('orders:act', { orderId: order, action: 'confirm' })).ok, true);
      assert.equal((await ipc.invoke('staff:approve', { personId: id('Marcos'), pin: '907311', action: 'cancelOrder' })).ok, true);
      clock.advance(60_000);
      assert.equal((await ipc.invoke('orders:act', { orderId: order, action: 'requestCancellation', payload: { reason: 'x' } })).ok, true);

      const reading = terminalReaders({ dataDir: dir, accountDir: dir, settings: () => ({}), stores: [], givenSecrets: [] });
      const file = await exportDiagnostics(facts(), reading);
      const trail = parse(file).trail;
      assert.ok(Array.isArray(trail), JSON.stringify(trail));
      assert.deepEqual(
        trail.map((l) => [l.channel, l.action, l.person?.name, l.device, l.approvedBy]),
        [
          ['orders:act', 'requestCancellation', 'Ana', null, 'Marcos'],
          ['orders:act', 'confirm', 'Ana', null, null],
          ['staff:signIn', null, 'Ana', null, null],
        ],
      );
      assert.ok(!file.content.includes('482193') && !file.content.includes('907311'), 'no PIN in the file');
    } finally {
      orders.close();
    }
  });

  it('says the trail could not be read rather than failing the export', async () => {
    const report = parse(
      await exportDiagnostics(
        facts(),
        readers({
          trail: () => {
            throw new Error('no such table: action_trail');
          },
        }),
      ),
    );
    assert.deepEqual(report.trail, { unavailable: 'no such table: action_trail' });
  });
});
