import { AppError, toAppError, type ErrorInfo } from '../../src-shared/errors';
import type { OrdersChanged } from '../../src-shared/ipc/channels/orders';
import type { PrinterState, PrintStatus } from '../../src-shared/ipc/channels/print';
import type { OrderTicket, PrinterSettings, Settings } from '../../src-shared/settings';
import { readOrderDetail } from '../../src-shared/wire/order';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import type { OrdersDb } from '../db/orders-db';
import type { NewPrintJob, PrintJobRecord } from '../db/print-queue-repo';
import { DurableQueue } from '../queue/durable-queue';
import { saveTicketFiles } from './printers/file';
import { sendToNetworkPrinter } from './printers/network';
import { cupsSystemPrinter, type SystemPrinter } from './printers/system';
import { testTicket, ticketFor, type TicketContext } from './tickets/layouts';
import { COLUMNS_OF, toEscPos, toSvg, toText } from './tickets/render';

/** Retry waits for a printer that is off: 5 s, doubling, at most a minute (no spread: the printer is the store's own). */
const RETRY = { baseMs: 5_000, maxMs: 60_000, jitter: 0 } as const;
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
 * The print queue and its triggers. A confirm the platform accepted (staff or auto-confirm) writes
 * that order's tickets into the queue (once: the queue's UNIQUE key); a cancellation of an order
 * whose ticket came out writes a slip for the same printers. A ticket is known to be done when the
 * printer took it: only then is it marked printed. A printer that is off holds its line (its tickets
 * wait, in order) and is retried with backoff: none is lost, a retry prints nothing twice.
 */
export class PrintService {
  private readonly states = new Map<string, PrinterState>();
  private readonly queue: DurableQueue<PrintJobRecord>;

  constructor(private readonly options: PrintServiceOptions) {
    const { db, clock, logger } = options;
    this.queue = new DurableQueue<PrintJobRecord>({
      name: 'print queue',
      clock,
      logger,
      backoff: RETRY,
      roundLimit: 20,
      idleMs: IDLE_MS,
      minWaitMs: 250,
      driver: {
        lineOf: (job) => job.printer_id,
        due: (now, limit) => (db.isOpen ? db.read(() => db.printQueue.due(now, limit)) : []),
        nextDueMs: () => (db.isOpen ? (db.read(() => db.printQueue.nextWake()) ?? undefined) : undefined),
        attempt: (job) => this.printJob(job),
        // A printer's every failure passes by waiting: paper out, switched off, unplugged.
        waits: () => true,
        retryLater: (job, untilMs, error) => this.waitForPrinter(job, untilMs, error.toInfo()),
        refused: async (job, error) => db.write(() => db.printQueue.markFailed(job.id, error.message)),
        // One failure of a printer is enough this round: its other tickets wait for the next try.
        holdBack: (job, untilMs) => db.write(() => db.printQueue.retryLater(job.id, 'waiting for the printer', untilMs)),
      },
    });
  }

  start(): void {
    const { db, clock } = this.options;
    // A stop between a confirm and its tickets: the confirms of the last half hour are looked at again.
    if (db.isOpen) this.queueTickets(db.read(() => db.outbox.acceptedConfirmsSince(clock.now() - CATCH_UP_MS)), []);
    this.queue.start();
  }

  stop(): Promise<void> {
    return this.queue.stop();
  }

  /** One round of the queue (tests drive it by hand). */
  tick(signal?: AbortSignal): Promise<number> {
    return this.queue.round(signal);
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
      this.queue.wake();
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
    this.queue.wake();
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
    return toSvg(ticketFor(ticket, order, { ...this.context(), cancellation: { reason: null, code: 'CUSTOMER_GAVE_UP' } }), options);
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

  /** Sends one job; throws the printer's error (the job then waits for it). */
  private async printJob(job: PrintJobRecord): Promise<void> {
    const { db, clock, settings } = this.options;
    const printer = settings().printers.find((p) => p.id === job.printer_id);
    if (!printer) {
      db.write(() => db.printQueue.markFailed(job.id, 'printer removed from the settings'));
      return;
    }
    const stored = db.read(() => db.orders.detail(job.order_id));
    const order = stored?.detail ? readOrderDetail(stored.detail) : undefined;
    if (!order) {
      // The detail has not arrived yet: try again soon, it is on its way (the printer's line goes on).
      db.write(() => db.printQueue.retryLater(job.id, 'order detail not stored yet', clock.now() + RETRY.baseMs));
      return;
    }
    const cancellation = job.kind === 'cancellation' ? db.read(() => db.board.rowsOf([job.order_id])[0]?.cancellation) : undefined;
    const doc = ticketFor(job.kind, order, { ...this.context(), cancellation });
    await this.send(printer, doc, `${job.order_id}-${job.kind}-${job.copy}-${job.id}`);
    db.write(() => db.printQueue.markPrinted(job.id, clock.now()));
    this.setState(printer.id, null);
    this.options.onOrdersPrinted?.([job.order_id]);
  }

  /** The printer did not take the ticket: it waits in the queue, and the top bar and the card say so. */
  private waitForPrinter(job: PrintJobRecord, untilMs: number, error: ErrorInfo): void {
    const { db, logger, settings } = this.options;
    const printer = settings().printers.find((p) => p.id === job.printer_id);
    logger.warn('ticket not printed: printer unreachable, it waits in the queue', { printer: printer?.name, kind: job.kind, error: error.message });
    db.write(() => db.printQueue.retryLater(job.id, error.message, untilMs));
    this.setState(job.printer_id, error);
    if (job.attempts === 0) this.options.onOrdersPrinted?.([job.order_id]);
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
