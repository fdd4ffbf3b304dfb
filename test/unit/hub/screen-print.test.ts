import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { ScreenOutboxDb } from '../../../src-main/db/screen-outbox/screen-outbox-db';
import { confirmAccepted, PRINT_CATCH_UP_MS, ticketsHeard } from '../../../src-main/hub/screen-print/print-triggers';
import { ScreenPrinting } from '../../../src-main/hub/screen-print/screen-printing';
import { toOrderView } from '../../../src-main/orders/order-view';
import { ticketFor } from '../../../src-main/print/tickets/layouts';
import { detailFromView } from '../../../src-main/print/tickets/from-view';
import { sampleOrder } from '../../../src-main/print/tickets/sample-order';
import type { BoardRow, OrderDetailView } from '../../../src-shared/ipc/channels/orders';
import type { PrintStatus } from '../../../src-shared/ipc/channels/print';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import { PrinterSettings, Settings } from '../../../src-shared/settings';
import { boardRow } from '../../support/app/board-row';
import { cutsIn, startFakePrinter, type FakePrinter } from '../../support/print/fake-printer';

const T0 = Date.parse('2026-11-24T15:00:00Z');
const HUB = 'chain-server-1';

const until = async (what: () => boolean, label: string): Promise<void> => {
  for (let i = 0; i < 250 && !what(); i++) await new Promise((r) => setTimeout(r, 20));
  assert.ok(what(), label);
};
const aWhile = () => new Promise((r) => setTimeout(r, 300));

/** A row the server pushes once the store's confirm was accepted (the platform's CONFIRMED came back). */
const confirmedRow = (id: string, at: number, patch: Partial<BoardRow> = {}): BoardRow =>
  boardRow(id, at, { status: 'CONFIRMED', confirmedBy: 'staff', orderType: 'TAKEOUT', ...patch });

describe('which rows a store terminal of a chain server prints', () => {
  const id = randomUUID();
  it('a confirm the platform accepted, made through the server', () => {
    assert.equal(confirmAccepted(boardRow(id, T0)), false, 'placed: nothing yet');
    assert.equal(
      confirmAccepted(boardRow(id, T0, { confirmedBy: 'staff', pendingAction: { id: 1, action: 'confirm', state: 'queued', reason: null } })),
      false,
      'a confirm still queued at the server',
    );
    assert.equal(
      confirmAccepted(boardRow(id, T0, { confirmedBy: 'staff', pendingAction: { id: 1, action: 'confirm', state: 'sent', reason: null } })),
      true,
      'the platform took the confirm (202)',
    );
    assert.equal(confirmAccepted(confirmedRow(id, T0)), true, 'confirmed');
    assert.equal(confirmAccepted(confirmedRow(id, T0, { status: 'READY_TO_PICKUP', confirmedBy: 'auto' })), true, 'auto-confirmed, and further along');
    assert.equal(
      confirmAccepted(confirmedRow(id, T0, { confirmedBy: null })),
      false,
      "confirmed by the platform's own tools: no confirm of the store, as on a terminal",
    );
    assert.equal(confirmAccepted(confirmedRow(id, T0, { status: 'CANCELLED' })), false);
  });

  it('only confirms of the last half hour, and cancellations for their slips', () => {
    const old = confirmedRow(randomUUID(), T0 - PRINT_CATCH_UP_MS - 8 * 60_000);
    const fresh = confirmedRow(randomUUID(), T0);
    const cancelled = boardRow(randomUUID(), T0, { status: 'CANCELLED' });
    const heard = ticketsHeard([old, fresh, cancelled, boardRow(randomUUID(), T0)], T0);
    assert.deepEqual(heard.confirmed, [{ orderId: fresh.id, orderType: 'TAKEOUT' }]);
    assert.deepEqual(
      heard.cancelled.map((r) => r.id),
      [cancelled.id],
    );
  });

  it("the ticket printed from the drawer's view is the ticket printed from the platform's detail", () => {
    const detail = sampleOrder(T0);
    const view = toOrderView(detail);
    assert.ok(view);
    const ctx = { locale: 'pt-BR' as const, printedAt: T0, timeZone: 'America/Sao_Paulo' };
    for (const kind of ['kitchen', 'customer', 'cancellation'] as const)
      assert.equal(ticketFor(kind, detailFromView(detail.id ?? '', view), ctx), ticketFor(kind, detail, ctx), kind);
  });
});

describe('a store terminal of a chain server prints its own tickets', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  /** The server, as the screen reaches it: its board and each order's drawer; the link can be cut. */
  function server() {
    const rows = new Map<string, BoardRow>();
    const asked: string[] = [];
    const link = { up: true };
    const add = (row: BoardRow): BoardRow => (rows.set(row.id, row), row);
    const ask = async (channel: 'orders:board' | 'orders:detail', input: unknown): Promise<IpcResult<unknown>> => {
      asked.push(channel);
      if (!link.up) return { ok: false, error: { code: 'connection', message: 'the server cannot be reached' } };
      if (channel === 'orders:board') return { ok: true, value: { rows: [...rows.values()], closedLeftOut: 0, generatedAt: new Date(T0).toISOString() } };
      const row = rows.get((input as { orderId: string }).orderId);
      if (!row) return { ok: false, error: { code: 'not-found', message: 'no such order' } };
      const view: OrderDetailView = {
        row,
        order: toOrderView({ ...sampleOrder(T0), id: row.id, displayId: row.displayId, orderType: row.orderType }),
        detailFetchedAt: new Date(T0).toISOString(),
        events: [],
        actions: [],
        tracking: null,
        requests: { disputes: [], addressChanges: [], driverRequest: null, wrongDeliveryCodes: 0, deliveryCodeVerified: false },
      };
      return { ok: true, value: view };
    };
    return { rows, asked, link, add, ask };
  }

  function screen(dir: string, printer: FakePrinter, hub: ReturnType<typeof server>, clock: ManualClock) {
    const db = ScreenOutboxDb.open(dir);
    const kitchen = PrinterSettings.parse({
      id: 'kitchen',
      name: 'Cozinha',
      connection: { kind: 'network', host: '127.0.0.1', port: printer.port },
      tickets: ['kitchen'],
    });
    const settings = Settings.parse({ printers: [kitchen] });
    const statuses: PrintStatus[] = [];
    const printing = new ScreenPrinting({
      db,
      hubId: HUB,
      ask: hub.ask,
      linkUp: () => hub.link.up,
      settings: () => settings,
      ticketsDir: join(dir, 'tickets'),
      clock,
      logger: silentLogger,
      onStatus: (s) => statuses.push(s),
    });
    printing.start();
    return {
      db,
      printing,
      statuses,
      stop: async () => {
        await printing.stop();
        db.close();
      },
    };
  }

  const setup = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-screen-print-'));
    dirs.push(dir);
    return { dir, printer: await startFakePrinter(), hub: server(), clock: new ManualClock(T0) };
  };
  const withCode = (printer: FakePrinter, row: BoardRow) => printer.jobs.filter((j) => j.toString('latin1').includes(`#${row.displayId}`)).length;

  it('a confirm heard prints its ticket once: the push, the same push again, the board read at a reconnect', async () => {
    const { dir, printer, hub, clock } = await setup();
    const terminal = screen(dir, printer, hub, clock);
    const placed = hub.add(boardRow(randomUUID(), T0));
    terminal.printing.heard([placed]);
    await aWhile();
    assert.equal(printer.jobs.length, 0, 'a placed order prints nothing');

    const row = hub.add(confirmedRow(placed.id, T0));
    terminal.printing.heard([row]);
    await until(() => printer.jobs.length === 1, 'the kitchen ticket printed');
    terminal.printing.heard([row]);
    await terminal.printing.catchUp();
    await aWhile();
    assert.equal(printer.jobs.length, 1, 'heard three times, printed once');
    assert.equal(withCode(printer, row), 1);
    assert.equal(cutsIn(printer.jobs[0] ?? Buffer.alloc(0)), 1);
    assert.ok(printer.jobs[0]?.toString('latin1').includes('Pizza Margherita'), "the order's items, read from the server");
    assert.equal(terminal.statuses.at(-1)?.printers[0]?.state, 'ok');
    // The card says "printed", by this screen's own queue (the server's rows never do).
    assert.equal(row.printed, false);
    assert.deepEqual(
      terminal.printing.marked([row, boardRow(randomUUID(), T0)]).map((r) => [r.printed, r.printWaiting]),
      [
        [true, false],
        [false, false],
      ],
    );
    await terminal.stop();
    await printer.close();
  });

  it('after a restart, the board read again prints nothing twice; a confirm made while it was off prints once', async () => {
    const { dir, printer, hub, clock } = await setup();
    const first = screen(dir, printer, hub, clock);
    const before = hub.add(confirmedRow(randomUUID(), T0));
    first.printing.heard([before]);
    await until(() => printer.jobs.length === 1, 'printed before the restart');
    await first.stop();

    const meanwhile = hub.add(confirmedRow(randomUUID(), T0, { pendingAction: { id: 9, action: 'confirm', state: 'sent', reason: null }, status: 'PLACED' }));
    await clock.advance(5 * 60_000);
    const second = screen(dir, printer, hub, clock);
    await second.printing.catchUp();
    await until(() => printer.jobs.length === 2, 'the confirm made while it was off printed');
    await aWhile();
    assert.equal(withCode(printer, before), 1, 'the order printed before the restart is not printed again');
    assert.equal(withCode(printer, meanwhile), 1);
    await second.stop();
    await printer.close();
  });

  it('a printer that is off keeps the ticket and says so; it prints when back, with the server out of reach', async () => {
    const { dir, printer, hub, clock } = await setup();
    const terminal = screen(dir, printer, hub, clock);
    await printer.stop();
    const row = hub.add(confirmedRow(randomUUID(), T0));
    terminal.printing.heard([row]);
    await until(() => terminal.printing.status().printers[0]?.state === 'error', "the printer shows its error (the top bar's alert)");
    const state = terminal.printing.status().printers[0];
    assert.deepEqual({ code: state?.error?.code, reason: state?.error?.reason, waiting: state?.waiting }, { code: 'printer', reason: 'refused', waiting: 1 });
    assert.equal(terminal.printing.marked([row])[0]?.printWaiting, true, 'the card says its ticket waits for a printer');
    assert.ok(terminal.db.printOrders.get(row.id)?.order_view, 'what the ticket prints was read from the server when it was queued');

    // The internet goes; the printer comes back: the ticket already queued prints without the server.
    hub.link.up = false;
    const askedBefore = hub.asked.length;
    await printer.start();
    await clock.advance(60_000);
    await until(() => printer.jobs.length === 1, 'the queued ticket printed with the server out of reach');
    assert.equal(hub.asked.length, askedBefore, 'nothing asked of the server');
    assert.equal(terminal.printing.status().printers[0]?.state, 'ok');
    await terminal.stop();
    await printer.close();
  });

  it('a ticket whose order the server has not yet read waits, and the printer is not blamed', async () => {
    const { dir, printer, hub, clock } = await setup();
    const terminal = screen(dir, printer, hub, clock);
    hub.link.up = false;
    const row = confirmedRow(randomUUID(), T0);
    hub.rows.set(row.id, row);
    terminal.printing.heard([row]);
    await aWhile();
    assert.equal(printer.jobs.length, 0);
    assert.notEqual(terminal.printing.status().printers[0]?.state, 'error', 'the printer did nothing wrong');
    assert.equal(terminal.printing.status().printers[0]?.waiting, 1);
    hub.link.up = true;
    await clock.advance(10_000);
    await until(() => printer.jobs.length === 1, 'printed once the order could be read');
    await terminal.stop();
    await printer.close();
  });

  it('a cancellation after the ticket prints a slip on the same printer, once, with the reason', async () => {
    const { dir, printer, hub, clock } = await setup();
    const terminal = screen(dir, printer, hub, clock);
    const row = hub.add(confirmedRow(randomUUID(), T0));
    terminal.printing.heard([row]);
    await until(() => printer.jobs.length === 1, 'the kitchen ticket');
    const cancelled = hub.add({ ...row, status: 'CANCELLED', cancellation: { origin: 'CUSTOMER', reason: 'Cliente desistiu', code: null } });
    terminal.printing.heard([cancelled]);
    terminal.printing.heard([cancelled]);
    await until(() => printer.jobs.length === 2, 'the slip');
    await aWhile();
    assert.equal(printer.jobs.length, 2);
    const slip = printer.jobs[1]?.toString('latin1') ?? '';
    assert.ok(slip.includes('Cliente desistiu'), slip);
    // A cancelled order that never printed here prints no slip.
    terminal.printing.heard([hub.add(boardRow(randomUUID(), T0, { status: 'CANCELLED' }))]);
    await aWhile();
    assert.equal(printer.jobs.length, 2);
    await terminal.stop();
    await printer.close();
  });
});
