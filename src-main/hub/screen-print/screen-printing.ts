import { toAppError } from '../../../src-shared/errors';
import { Board, OrderDetailView, OrderView, type BoardRow } from '../../../src-shared/ipc/channels/orders';
import type { PrintStatus } from '../../../src-shared/ipc/channels/print';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import type { PrinterSettings, Settings } from '../../../src-shared/settings';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import type { PrintJobRecord } from '../../db/print-queue-repo';
import type { ScreenOutboxDb } from '../../db/screen-outbox/screen-outbox-db';
import type { SystemPrinter } from '../../print/printers/system';
import { TicketQueue, type TicketOrderAnswer } from '../../print/ticket-queue';
import { detailFromView } from '../../print/tickets/from-view';
import { ticketsHeard } from './print-triggers';

export interface ScreenPrintingOptions {
  db: ScreenOutboxDb;
  /** The server the orders are read from. */
  hubId: string;
  /** A call to the server over the link (its board, an order's drawer). */
  ask(channel: 'orders:board' | 'orders:detail', input: unknown): Promise<IpcResult<unknown>>;
  /** Whether the link is up now (an order is not asked for while it is down). */
  linkUp(): boolean;
  /** The screen's own settings (its printers, its language). */
  settings(): Pick<Settings, 'printers' | 'locale'>;
  ticketsDir: string;
  clock: Clock;
  logger: Logger;
  /** The printers' states for the top bar (`print:changed`). */
  onStatus(status: PrintStatus): void;
  system?: SystemPrinter;
  send?: (printer: PrinterSettings, bytes: Buffer, svg: () => string, name: string) => Promise<void>;
}

/** What the server says to a question about an order that will never be answered otherwise. */
const GONE: ReadonlySet<string> = new Set(['not-found', 'forbidden', 'validation']);

/**
 * A store terminal of a chain's server prints its store's tickets itself, on its own printers, as a
 * terminal of its own would (docs/architecture.md § A store terminal of a chain's server): the rows
 * it hears from the server (pushes, and the board it reads at each connection) are the triggers — a
 * confirm accepted prints the printers' tickets, a cancellation after a ticket prints the slip — on
 * the terminal's print queue (`TicketQueue`) with its rows in the screen's own file. Each ticket is
 * written once (the queue's UNIQUE key), whatever is heard twice, across restarts and reconnects. The
 * order is read from the server (`orders:detail`) as soon as its tickets are queued and kept beside
 * them, so tickets already queued print while the server is out of reach.
 */
export class ScreenPrinting extends TicketQueue {
  private readonly reading = new Map<string, Promise<TicketOrderAnswer>>();

  constructor(private readonly screen: ScreenPrintingOptions) {
    super({
      jobs: screen.db,
      orderOf: (job) => this.orderOf(job),
      clock: screen.clock,
      logger: screen.logger,
      settings: screen.settings,
      ticketsDir: screen.ticketsDir,
      onStatus: screen.onStatus,
      ...(screen.system ? { system: screen.system } : {}),
      ...(screen.send ? { send: screen.send } : {}),
    });
  }

  /** Rows heard from the server (a push, a board): their tickets queued, their orders read. */
  heard(rows: readonly BoardRow[]): void {
    const { db, hubId, clock } = this.screen;
    if (!db.isOpen || this.screen.settings().printers.length === 0) return;
    const { confirmed, cancelled } = ticketsHeard(rows, clock.now());
    if (cancelled.length > 0) {
      db.write(() => {
        for (const row of cancelled) if (row.cancellation) db.printOrders.saveCancellation(row.id, hubId, JSON.stringify(row.cancellation), clock.now());
      });
    }
    const added = this.queueTickets(
      confirmed,
      cancelled.map((r) => r.id),
    );
    if (added > 0) for (const { orderId } of confirmed) if (this.waitsForView(orderId)) void this.viewOf(orderId);
  }

  /**
   * The rows as this screen shows them: printed, or waiting for a printer, by this screen's own
   * print queue (the server prints nothing: its rows never say so). The terminal's rule
   * (db/orders/board-query.ts): a ticket printed, other than a cancellation slip; one tried and waiting.
   */
  marked(rows: readonly BoardRow[]): BoardRow[] {
    const { db } = this.screen;
    if (!db.isOpen) return [...rows];
    return db.read(() =>
      rows.map((row) => {
        const jobs = db.printQueue.forOrder(row.id);
        if (jobs.length === 0) return row;
        const printed = jobs.some((j) => j.state === 'printed' && j.kind !== 'cancellation');
        const printWaiting = jobs.some((j) => j.state === 'queued' && j.attempts > 0);
        return printed === row.printed && printWaiting === row.printWaiting ? row : { ...row, printed, printWaiting };
      }),
    );
  }

  /** Tickets of the order wait here and what they print is not kept yet. */
  private waitsForView(orderId: string): boolean {
    const { db } = this.screen;
    return db.read(() => !db.printOrders.get(orderId)?.order_view && db.printQueue.forOrder(orderId).some((j) => j.state === 'queued'));
  }

  /** The link is (back) up: the board read once, so what was confirmed meanwhile prints (once). */
  async catchUp(): Promise<void> {
    if (this.screen.settings().printers.length === 0) return;
    const answer = await this.screen.ask('orders:board', {});
    const board = answer.ok ? Board.safeParse(answer.value) : undefined;
    if (!board?.success) {
      this.screen.logger.warn('screen printing: the board could not be read after the link came back; the next pushes print', {
        error: answer.ok ? 'unreadable board' : answer.error.code,
      });
      return;
    }
    this.heard(board.data.rows);
  }

  /** The order a job prints: kept here once read, else asked of the server (later while the link is down). */
  private async orderOf(job: PrintJobRecord): Promise<TicketOrderAnswer> {
    const { db } = this.screen;
    const kept = db.read(() => db.printOrders.get(job.order_id));
    const view = kept?.order_view ? OrderView.safeParse(JSON.parse(kept.order_view)) : undefined;
    const found = view?.success ? { order: detailFromView(job.order_id, view.data) } : await this.viewOf(job.order_id);
    if (typeof found === 'string' || job.kind !== 'cancellation') return found;
    const cancellation = kept?.cancellation ? (JSON.parse(kept.cancellation) as { reason: string | null; code: string | null }) : null;
    return { ...found, cancellation };
  }

  /** Reads an order from the server once at a time, and keeps it. */
  private viewOf(orderId: string): Promise<TicketOrderAnswer> {
    const inFlight = this.reading.get(orderId);
    if (inFlight) return inFlight;
    const read = this.readView(orderId).finally(() => this.reading.delete(orderId));
    this.reading.set(orderId, read);
    return read;
  }

  private async readView(orderId: string): Promise<TicketOrderAnswer> {
    const { db, hubId, clock, logger } = this.screen;
    if (!this.screen.linkUp()) return 'later';
    try {
      const answer = await this.screen.ask('orders:detail', { orderId });
      if (!answer.ok) return GONE.has(answer.error.code) ? 'gone' : 'later';
      const detail = OrderDetailView.safeParse(answer.value);
      // The server has not read the order's detail from the platform yet: it is on its way.
      if (!detail.success || !detail.data.order) return 'later';
      const view = detail.data.order;
      if (db.isOpen) db.write(() => db.printOrders.saveView(orderId, hubId, JSON.stringify(view), clock.now()));
      return { order: detailFromView(orderId, view) };
    } catch (error) {
      logger.warn('screen printing: an order could not be read from the server; its tickets wait', { orderId, error: toAppError(error) });
      return 'later';
    }
  }
}
