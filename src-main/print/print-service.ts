import { AppError, toAppError, type ErrorInfo } from '../../src-shared/errors';
import type { OrdersChanged } from '../../src-shared/ipc/channels/orders';
import type { PrinterState, PrintStatus } from '../../src-shared/ipc/channels/print';
import type { OrderTicket, PrinterSettings, Settings } from '../../src-shared/settings';
import { readOrderDetail } from '../../src-shared/wire/order';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { LoopWorker } from '../base/loop';
import type { OrdersDb } from '../db/orders-db';
import type { NewPrintJob, PrintJobRecord } from '../db/print-queue-repo';
import { saveTicketFiles } from './printers/file';
import { sendToNetworkPrinter } from './printers/network';
import { cupsSystemPrinter, type SystemPrinter } from './printers/system';
import { testTicket, ticketFor, type TicketContext } from './tickets/layouts';
import { COLUMNS_OF, toEscPos, toSvg, toText } from './tickets/render';

/** Retry waits for a printer that is off: 5 s, doubling, at most a minute. */
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 60_000;
/** With nothing queued, the worker still looks this often (a job written by another path). */
const IDLE_MS = 30_000;
/** At start, confirms accepted this recently get their tickets if a stop came between (the queue ignores doubles). */
const CATCH_UP_MS = 30 * 60_000;

export interface PrintServiceOptions {
  db: OrdersDb;
  clock: Clock;
  logger: Logger;
  settings: () => Settings;
  /** Where the "save as image" printer writes its tickets. */
  ticketsDir: string;
  /** Told whenever a printer's state or its queue changes (the top bar's printer light). */
  onStatus?: (status: PrintStatus) => void;
  /** Told of orders whose tickets printed or first failed (their cards show it). */
  onOrdersPrinted?: (orderIds: string[]) => void;
  /** The shell's way to system printers (CUPS by default; Electron prints silently to the named device). */
  system?: SystemPrinter;
  /** Sends bytes to a printer; tests replace it. */
  send?: (printer: PrinterSettings, bytes: Buffer, svg: () => string, name: string) => Promise<void>;
}

/** The ticket kinds an order's confirm prints on a printer, and how many of each. */
export function autoPrintJobs(printers: readonly PrinterSettings[], orderId: string, orderType: string | null): NewPrintJob[] {
  const jobs: NewPrintJob[] = [];
  for (const printer of printers) {
    if (!printer.autoPrint) continue;
    const copies = orderType && orderType in printer.copies ? printer.copies[orderType as keyof PrinterSettings['copies']] : 1;
    for (const kind of printer.tickets) for (let copy = 1; copy <= copies; copy++) jobs.push({ orderId, printerId: printer.id, kind, copy, reason: 'auto' });
  }
  return jobs;
}

/**
 * The print queue's worker and its triggers. A confirm the platform accepted (staff or
 * auto-confirm) writes that order's tickets into the queue (once: the queue's UNIQUE key); a
 * cancellation of an order whose ticket came out writes a slip for the same printers. The worker
 * sends each queued job, marks it printed only once the printer took it, and retries a printer
 * that is off with backoff: tickets wait, none is lost, a retry prints nothing twice.
 */
export class PrintService extends LoopWorker {
  private readonly states = new Map<string, PrinterState>();

  constructor(private readonly options: PrintServiceOptions) {
    super({ name: 'print queue', clock: options.clock, logger: options.logger });
  }

  override start(): void {
    const { db, clock } = this.options;
    // A stop between a confirm and its tickets: the confirms of the last half hour are looked at again.
    if (db.isOpen) this.queueTickets(db.read(() => db.outbox.acceptedConfirmsSince(clock.now() - CATCH_UP_MS)), []);
    super.start();
  }

  /** Follows the orders feed: confirms accepted, cancellations after a ticket. */
  onOrdersChanged(change: OrdersChanged): void {
    const confirmed = change.actions.filter((a) => a.action === 'confirm' && (a.state === 'sent' || a.state === 'confirmed')).map((a) => a.orderId);
    const cancelled = change.rows.filter((r) => r.status === 'CANCELLED').map((r) => r.id);
    this.queueTickets(confirmed, cancelled);
  }

  private queueTickets(confirmed: readonly string[], cancelled: readonly string[]): void {
    const { db, clock, settings } = this.options;
    const printers = settings().printers;
    if (printers.length === 0) return;
    if (confirmed.length === 0 && cancelled.length === 0) return;
    const added = db.write(() => {
      let n = 0;
      for (const orderId of confirmed) {
        const row = db.board.rowsOf([orderId])[0];
        n += db.printQueue.add(autoPrintJobs(printers, orderId, row?.orderType ?? null), clock.now());
      }
      for (const orderId of cancelled) {
        const printedOn = new Set(db.printQueue.printedKinds(orderId).filter((p) => p.kind !== 'cancellation').map((p) => p.printer_id));
        n += db.printQueue.add([...printedOn].map((printerId) => ({ orderId, printerId, kind: 'cancellation' as const, copy: 1, reason: 'cancel' })), clock.now());
      }
      return n;
    });
    if (added > 0) {
      this.announce();
      this.wake();
    }
  }

  /** Staff asked for the tickets of an order again: one copy on each printer that prints them. */
  reprint(orderId: string, tickets?: readonly OrderTicket[]): number {
    const { db, clock, settings } = this.options;
    const now = clock.now();
    const jobs = settings().printers.flatMap((p) => p.tickets.filter((k) => !tickets || tickets.includes(k)).map((kind) => ({ orderId, printerId: p.id, kind, copy: 1, reason: `reprint:${now}` })));
    if (jobs.length === 0) throw new AppError('validation', 'no printer prints these tickets: add one in Settings', { field: 'printers' });
    const added = db.write(() => db.printQueue.add(jobs, now));
    this.announce();
    this.wake();
    return added;
  }

  /** Prints a printer's test page now; rejects with the printer's error. */
  async test(printer: PrinterSettings): Promise<void> {
    const ctx = this.context();
    const doc = testTicket({ name: printer.name, width: printer.width, encoding: printer.encoding }, ctx);
    try {
      await this.send(printer, doc, 'test');
      this.setState(printer.id, null);
    } catch (error) {
      this.setState(printer.id, toAppError(error).toInfo());
      throw error;
    }
  }

  preview(ticket: 'kitchen' | 'customer' | 'cancellation', options: Pick<PrinterSettings, 'width' | 'encoding'>, order: Parameters<typeof ticketFor>[1]): string {
    return toSvg(ticketFor(ticket, order, { ...this.context(), cancelReason: 'Cliente desistiu / customer changed their mind' }), options);
  }

  /** The system's printer names (for the Settings page). */
  systemPrinters(): Promise<string[]> {
    return (this.options.system ?? cupsSystemPrinter).list();
  }

  status(): PrintStatus {
    const waiting = this.options.db.read(() => this.options.db.printQueue.waiting());
    return {
      printers: this.options.settings().printers.map((p) => ({ ...(this.states.get(p.id) ?? { id: p.id, state: 'unknown', error: null, since: null }), waiting: waiting.get(p.id) ?? 0 })),
    };
  }

  async tick(signal: AbortSignal): Promise<number> {
    const { db, clock } = this.options;
    if (!db.isOpen) return IDLE_MS;
    const failedPrinters = new Set<string>();
    for (const job of db.read(() => db.printQueue.due(clock.now()))) {
      if (signal.aborted) break;
      // One failure of a printer is enough this round: its other tickets wait for the next try.
      if (failedPrinters.has(job.printer_id)) {
        db.write(() => db.printQueue.retryLater(job.id, 'waiting for the printer', clock.now() + this.backoff(job)));
        continue;
      }
      if (!(await this.printJob(job))) failedPrinters.add(job.printer_id);
    }
    const next = db.read(() => db.printQueue.nextWake());
    return next === null ? IDLE_MS : Math.max(250, Math.min(IDLE_MS, next - clock.now()));
  }

  private backoff(job: PrintJobRecord): number {
    return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(job.attempts, 6));
  }

  /** Sends one job; true once printed (or given up), false when its printer failed. */
  private async printJob(job: PrintJobRecord): Promise<boolean> {
    const { db, clock, logger, settings } = this.options;
    const printer = settings().printers.find((p) => p.id === job.printer_id);
    if (!printer) {
      db.write(() => db.printQueue.markFailed(job.id, 'printer removed from the settings'));
      return true;
    }
    const stored = db.read(() => db.orders.detail(job.order_id));
    const order = stored?.detail ? readOrderDetail(stored.detail) : undefined;
    if (!order) {
      // The detail has not arrived yet: try again soon, it is on its way.
      db.write(() => db.printQueue.retryLater(job.id, 'order detail not stored yet', clock.now() + RETRY_BASE_MS));
      return true;
    }
    const cancelReason = job.kind === 'cancellation' ? db.read(() => db.board.rowsOf([job.order_id])[0]?.cancellation?.reason) : undefined;
    const doc = ticketFor(job.kind, order, { ...this.context(), cancelReason });
    try {
      await this.send(printer, doc, `${job.order_id}-${job.kind}-${job.copy}-${job.id}`);
    } catch (error) {
      const info = toAppError(error).toInfo();
      logger.warn('ticket not printed: printer unreachable, it waits in the queue', { printer: printer.name, kind: job.kind, error: info.message });
      db.write(() => db.printQueue.retryLater(job.id, info.message, clock.now() + this.backoff(job)));
      this.setState(printer.id, info);
      if (job.attempts === 0) this.options.onOrdersPrinted?.([job.order_id]);
      return false;
    }
    db.write(() => db.printQueue.markPrinted(job.id, clock.now()));
    this.setState(printer.id, null);
    this.options.onOrdersPrinted?.([job.order_id]);
    return true;
  }

  private async send(printer: PrinterSettings, doc: string, name: string): Promise<void> {
    const svg = () => toSvg(doc, printer);
    if (this.options.send) return this.options.send(printer, toEscPos(doc, printer), svg, name);
    const c = printer.connection;
    if (c.kind === 'network') return sendToNetworkPrinter(c, toEscPos(doc, printer));
    if (c.kind === 'system') return (this.options.system ?? cupsSystemPrinter).send(c.device, { bytes: toEscPos(doc, printer), svg: svg() });
    await saveTicketFiles(this.options.ticketsDir, name, { text: toText(doc, printer), svg: svg(), columns: COLUMNS_OF[printer.width] });
  }

  private context(): TicketContext {
    return { locale: this.options.settings().locale, printedAt: this.options.clock.now() };
  }

  private setState(printerId: string, error: ErrorInfo | null): void {
    const before = this.states.get(printerId);
    const since = error ? (before?.state === 'error' ? before.since : new Date(this.options.clock.now()).toISOString()) : null;
    this.states.set(printerId, { id: printerId, state: error ? 'error' : 'ok', error, since, waiting: 0 });
    this.announce();
  }

  private announce(): void {
    this.options.onStatus?.(this.status());
  }
}
