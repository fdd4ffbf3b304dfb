import { AppError, toAppError, type ErrorInfo } from '../../src-shared/errors';
import type { PrinterState, PrintStatus } from '../../src-shared/ipc/channels/print';
import type { OrderTicket, PrinterSettings, Settings } from '../../src-shared/settings';
import type { OrderDetail } from '../../src-shared/wire/order';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import type { NewPrintJob, PrintJobRecord, PrintQueueRepo } from '../db/print-queue-repo';
import type { SqliteFile } from '../db/sqlite-file';
import { DurableQueue } from '../queue/durable-queue';
import { saveTicketFiles } from './printers/file';
import { sendToNetworkPrinter } from './printers/network';
import { cupsSystemPrinter, type SystemPrinter } from './printers/system';
import { testTicket, ticketFor, type TicketContext } from './tickets/layouts';
import { COLUMNS_OF, toEscPos, toSvg, toText } from './tickets/render';

/** Retry waits for a printer that is off: 5 s, doubling, at most a minute (no spread: the printer is the store's own). */
export const PRINT_RETRY = { baseMs: 5_000, maxMs: 60_000, jitter: 0 } as const;
/** With nothing queued, the worker still looks this often (a job written by another path). */
const IDLE_MS = 30_000;

/** The SQLite file a print queue's rows are in: the order database of a terminal, the outbox file of a screen of a chain's server. */
export type PrintJobsFile = Pick<SqliteFile, 'isOpen' | 'read' | 'write'> & { readonly printQueue: PrintQueueRepo };

/** What a job prints: the order, and for a cancellation slip why it was cancelled. */
export interface TicketOrder {
  order: OrderDetail;
  cancellation?: { reason: string | null; code: string | null } | null | undefined;
}

/**
 * Where a job's order is read: `later` while it is not at hand (the detail is on its way; the link to
 * the server is down), `gone` when it never will be (the job is given up, as for a removed printer).
 */
export type TicketOrderAnswer = TicketOrder | 'later' | 'gone';

export interface TicketQueueOptions {
  jobs: PrintJobsFile;
  orderOf(job: PrintJobRecord): TicketOrderAnswer | Promise<TicketOrderAnswer>;
  clock: Clock;
  logger: Logger;
  /** The printers and the tickets' language. */
  settings: () => Pick<Settings, 'printers' | 'locale'>;
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

/** An order whose confirm was accepted, with its type (the copies per type follow it). */
export interface ConfirmedOrder {
  orderId: string;
  orderType: string | null;
}

/**
 * The durable print queue on the queue engine, whoever feeds it (a terminal's orders feed, a screen's
 * server): a job is written before it is sent, known done when the printer took it (only then is it
 * marked printed); a printer that is off holds its line (its tickets wait, in order) and is retried
 * with backoff: none is lost, a retry prints nothing twice. Jobs are unique per order, printer,
 * ticket, copy and reason, so a trigger heard twice adds nothing the second time.
 */
export class TicketQueue {
  private readonly states = new Map<string, PrinterState>();
  private readonly queue: DurableQueue<PrintJobRecord>;

  constructor(private readonly options: TicketQueueOptions) {
    const { jobs, clock, logger } = options;
    this.queue = new DurableQueue<PrintJobRecord>({
      name: 'print queue',
      clock,
      logger,
      backoff: PRINT_RETRY,
      roundLimit: 20,
      idleMs: IDLE_MS,
      minWaitMs: 250,
      driver: {
        lineOf: (job) => job.printer_id,
        due: (now, limit) => (jobs.isOpen ? jobs.read(() => jobs.printQueue.due(now, limit)) : []),
        nextDueMs: () => (jobs.isOpen ? (jobs.read(() => jobs.printQueue.nextWake()) ?? undefined) : undefined),
        attempt: (job) => this.printJob(job),
        // A printer's every failure passes by waiting: paper out, switched off, unplugged.
        waits: () => true,
        retryLater: (job, untilMs, error) => this.waitForPrinter(job, untilMs, error.toInfo()),
        refused: async (job, error) => jobs.write(() => jobs.printQueue.markFailed(job.id, error.message)),
        // One failure of a printer is enough this round: its other tickets wait for the next try.
        holdBack: (job, untilMs) => jobs.write(() => jobs.printQueue.retryLater(job.id, 'waiting for the printer', untilMs)),
      },
    });
  }

  start(): void {
    this.queue.start();
  }

  stop(): Promise<void> {
    return this.queue.stop();
  }

  /** One round of the queue (tests drive it by hand). */
  tick(signal?: AbortSignal): Promise<number> {
    return this.queue.round(signal);
  }

  /**
   * Writes the tickets of confirms accepted (the printers' auto-print tickets) and the slips of
   * cancelled orders whose ticket came out here (for the same printers); how many jobs were new.
   */
  queueTickets(confirmed: readonly ConfirmedOrder[], cancelled: readonly string[]): number {
    const { jobs, clock, settings } = this.options;
    const printers = settings().printers;
    if (printers.length === 0) return 0;
    if (confirmed.length === 0 && cancelled.length === 0) return 0;
    const added = jobs.write(() => {
      let n = 0;
      for (const { orderId, orderType } of confirmed) n += jobs.printQueue.add(autoPrintJobs(printers, orderId, orderType), clock.now());
      for (const orderId of cancelled) {
        const printedOn = new Set(
          jobs.printQueue
            .printedKinds(orderId)
            .filter((p) => p.kind !== 'cancellation')
            .map((p) => p.printer_id),
        );
        n += jobs.printQueue.add(
          [...printedOn].map((printerId) => ({ orderId, printerId, kind: 'cancellation' as const, copy: 1, reason: 'cancel' })),
          clock.now(),
        );
      }
      return n;
    });
    if (added > 0) {
      this.announce();
      this.queue.wake();
    }
    return added;
  }

  /** Staff asked for the tickets of an order again: one copy on each printer that prints them. */
  reprint(orderId: string, tickets?: readonly OrderTicket[]): number {
    const { jobs, clock, settings } = this.options;
    const now = clock.now();
    const wanted = settings().printers.flatMap((p) =>
      p.tickets.filter((k) => !tickets || tickets.includes(k)).map((kind) => ({ orderId, printerId: p.id, kind, copy: 1, reason: `reprint:${now}` })),
    );
    if (wanted.length === 0) throw new AppError('validation', 'no printer prints these tickets: add one in Settings', { field: 'printers' });
    const added = jobs.write(() => jobs.printQueue.add(wanted, now));
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

  preview(
    ticket: 'kitchen' | 'customer' | 'cancellation',
    options: Pick<PrinterSettings, 'width' | 'encoding'>,
    order: Parameters<typeof ticketFor>[1],
  ): string {
    return toSvg(ticketFor(ticket, order, { ...this.context(), cancellation: { reason: null, code: 'CUSTOMER_GAVE_UP' } }), options);
  }

  /** The system's printer names (for the Settings page). */
  systemPrinters(): Promise<string[]> {
    return (this.options.system ?? cupsSystemPrinter).list();
  }

  status(): PrintStatus {
    const { jobs } = this.options;
    const waiting = jobs.isOpen ? jobs.read(() => jobs.printQueue.waiting()) : new Map<string, number>();
    return {
      printers: this.options
        .settings()
        .printers.map((p) => ({ ...(this.states.get(p.id) ?? { id: p.id, state: 'unknown', error: null, since: null }), waiting: waiting.get(p.id) ?? 0 })),
    };
  }

  /** Sends one job; throws the printer's error (the job then waits for it). */
  private async printJob(job: PrintJobRecord): Promise<void> {
    const { jobs, clock, settings } = this.options;
    const printer = settings().printers.find((p) => p.id === job.printer_id);
    if (!printer) {
      jobs.write(() => jobs.printQueue.markFailed(job.id, 'printer removed from the settings'));
      return;
    }
    const found = await this.options.orderOf(job);
    if (found === 'gone') {
      jobs.write(() => jobs.printQueue.markFailed(job.id, 'the order cannot be read any more'));
      return;
    }
    if (found === 'later') {
      // The order is not at hand yet: try again soon, it is on its way (the printer's line goes on).
      jobs.write(() => jobs.printQueue.retryLater(job.id, 'order detail not at hand yet', clock.now() + PRINT_RETRY.baseMs));
      return;
    }
    const doc = ticketFor(job.kind, found.order, { ...this.context(), cancellation: found.cancellation });
    await this.send(printer, doc, `${job.order_id}-${job.kind}-${job.copy}-${job.id}`);
    jobs.write(() => jobs.printQueue.markPrinted(job.id, clock.now()));
    this.setState(printer.id, null);
    this.options.onOrdersPrinted?.([job.order_id]);
  }

  /** The printer did not take the ticket: it waits in the queue, and the top bar and the card say so. */
  private waitForPrinter(job: PrintJobRecord, untilMs: number, error: ErrorInfo): void {
    const { jobs, logger, settings } = this.options;
    const printer = settings().printers.find((p) => p.id === job.printer_id);
    logger.warn('ticket not printed: printer unreachable, it waits in the queue', { printer: printer?.name, kind: job.kind, error: error.message });
    jobs.write(() => jobs.printQueue.retryLater(job.id, error.message, untilMs));
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
