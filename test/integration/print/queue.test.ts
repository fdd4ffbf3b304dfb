import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { OrdersDb } from '../../../src-main/db/orders/orders-db';
import { PrintService } from '../../../src-main/print/print-service';
import { OrderChangeFeed } from '../../../src-main/sync/change-feed';
import { EventIngest } from '../../../src-main/sync/ingest';
import { sampleOrder } from '../../../src-main/print/tickets/sample-order';
import { PrinterSettings, Settings } from '../../../src-shared/settings';
import { cutsIn, startFakePrinter } from '../../support/print/fake-printer';

const T0 = Date.parse('2026-11-24T15:00:00Z');
const MERCHANT = '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61';

/**
 * Auto-print against a fake network printer (a TCP server recording bytes): each confirmed order
 * prints once per configured copy, a printer that is off keeps its tickets queued, and a restart
 * with the printer back prints each of them once.
 */
describe('print queue with a network printer', () => {
  function terminal(dir: string, port: number, clock: ManualClock) {
    const db = OrdersDb.open(dir);
    const feed = new OrderChangeFeed(db, silentLogger);
    const kitchen = PrinterSettings.parse({
      id: 'kitchen',
      name: 'Cozinha',
      connection: { kind: 'network', host: '127.0.0.1', port },
      width: 80,
      tickets: ['kitchen'],
      copies: { DELIVERY: 2, TAKEOUT: 1 },
    });
    const settings = Settings.parse({ printers: [kitchen] });
    const print = new PrintService({ db, clock, logger: silentLogger, settings: () => settings, ticketsDir: join(dir, 'tickets') });
    feed.onChange((change) => print.onOrdersChanged(change));
    const ingest = new EventIngest(db, clock, silentLogger);
    /** An order placed, its detail stored, and its confirm accepted by the platform (as the outbox records it). */
    const confirm = (orderType: 'DELIVERY' | 'TAKEOUT') => {
      const id = randomUUID();
      ingest.apply([{ id: randomUUID(), code: 'PLC', fullCode: 'PLACED', orderId: id, merchantId: MERCHANT, createdAt: new Date(clock.now()).toISOString() }]);
      db.write(() => db.orders.saveDetail(id, { ...sampleOrder(clock.now()), id, orderType, displayId: id.slice(0, 4).toUpperCase() }, clock.now()));
      const action = db.write(() => {
        const row = db.outbox.insert({ orderId: id, action: 'confirm', payload: null, expiresMs: null, now: clock.now() });
        db.outbox.markAttempt(row.id, clock.now());
        db.outbox.markSent(row.id, clock.now(), clock.now() + 60_000);
        return row;
      });
      feed.publish([id], [action.id]);
      return id;
    };
    return { db, print, confirm };
  }

  const until = async (what: () => boolean, label: string) => {
    for (let i = 0; i < 200 && !what(); i++) await new Promise((r) => setTimeout(r, 20));
    assert.ok(what(), label);
  };

  it('prints each confirmed order once per copy of its type; a printer that is off keeps them, and after a restart they print once', async () => {
    const printer = await startFakePrinter();
    const dir = mkdtempSync(join(tmpdir(), 'st-print-'));
    const clock = new ManualClock(T0);
    const first = terminal(dir, printer.port, clock);
    first.print.start();
    const delivery = first.confirm('DELIVERY');
    const takeout = first.confirm('TAKEOUT');
    await until(
      () => printer.jobs.length === 3,
      `two copies for the delivery, one for the takeout: ${printer.jobs.length} ${JSON.stringify(first.db.printQueue.forOrder(delivery))} ${JSON.stringify(first.print.status())}`,
    );
    const texts = printer.jobs.map((j) => j.toString('latin1'));
    assert.equal(texts.filter((t) => t.includes(`#${delivery.slice(0, 4).toUpperCase()}`)).length, 2);
    assert.equal(texts.filter((t) => t.includes(`#${takeout.slice(0, 4).toUpperCase()}`)).length, 1);
    assert.deepEqual(printer.jobs.map(cutsIn), [1, 1, 1], 'each ticket is cut once');
    assert.equal(first.db.board.rowsOf([delivery])[0]?.printed, true, 'the card shows it printed');

    // The printer is switched off: the next order waits in the queue, the status says why.
    await printer.stop();
    const waiting = first.confirm('TAKEOUT');
    await until(() => first.print.status().printers[0]?.state === 'error', 'the printer shows its error');
    const error = first.print.status().printers[0]?.error;
    assert.deepEqual(
      { code: error?.code, reason: error?.reason },
      { code: 'printer', reason: 'refused' },
      "the printer's own failure and its cause, not the platform's connection",
    );
    assert.equal(first.print.status().printers[0]?.waiting, 1);
    await first.print.stop();
    first.db.close();

    // The terminal restarts while the printer comes back: the queued ticket prints once.
    await printer.start();
    const second = terminal(dir, printer.port, clock);
    await clock.advance(10 * 60_000);
    second.print.start();
    await until(() => printer.jobs.length === 4, 'the queued ticket printed after the restart');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(printer.jobs.length, 4, 'and only once (nothing reprinted by the catch-up)');
    assert.ok(printer.jobs[3]?.toString('latin1').includes(`#${waiting.slice(0, 4).toUpperCase()}`));
    assert.equal(second.print.status().printers[0]?.state, 'ok');
    await second.print.stop();
    second.db.close();
    await printer.close();
  });
});
