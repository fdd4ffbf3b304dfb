import { z } from 'zod';
import { ErrorInfo } from '../../errors';
import { OrderTicket, PaperWidth, PrinterEncoding, PrinterSettings } from '../../settings';
import { channel } from '../channel';

/** Tickets: printed on confirm (a setting per printer), reprinted on demand, previewed in Settings. */

/**
 * Why a printer did not take a ticket (the `reason` of a `printer` error): the screens say it in
 * words with the printer's name, so a cook knows whether to check the cable, the paper or the address.
 */
export const PrinterFault = z.enum([
  'refused', // network: the address answers but nothing listens on the port (wrong port, printer busy with another computer)
  'timeout', // network: no answer in time (switched off, paper out on a printer that stops reading, another network)
  'unknown-host', // network: the name is not known (typo, DNS)
  'unreachable', // network: no route to the address (another network, cable out)
  'cut-off', // network: the printer closed the connection in the middle of the ticket
  'no-such-printer', // system: no printer of that name on this computer
  'not-accepting', // system: the queue refuses jobs (turned off in the print settings)
  'paper-out',
  'paper-jam',
  'cover-open',
  'disconnected', // system: the print system cannot reach the printer (unplugged, switched off)
  'stopped', // system: the queue is paused or stopped after an error
  'no-print-system', // system: this computer has no print system (CUPS) to send to
  'not-saved', // file: the ticket could not be written (disk full, no permission)
  'failed', // anything else the printer or the system said (the message keeps its words)
]);
export type PrinterFault = z.infer<typeof PrinterFault>;

export const PrinterState = z.object({
  id: z.string(),
  /** `ok` after a ticket or a test went through; `error` while the last try failed. */
  state: z.enum(['unknown', 'ok', 'error']),
  error: ErrorInfo.nullable(),
  /** When it went into error (ISO), while it is. */
  since: z.string().nullable(),
  /** Tickets waiting for it. */
  waiting: z.number().int(),
});
export type PrinterState = z.infer<typeof PrinterState>;

export const PrintStatus = z.object({ printers: z.array(PrinterState) });
export type PrintStatus = z.infer<typeof PrintStatus>;

/**
 * A store terminal of a chain's server tells its server its printers' states (on each change and at
 * each connection), so the chain's console can say "printer out" (docs/chain-console.md). Only what
 * the wall needs crosses: no printer's address, no ticket. Every field bounded: it is a peer's input.
 */
export const ReportedPrinter = z
  .object({
    id: PrinterSettings.shape.id,
    state: PrinterState.shape.state,
    /** When it went into error (ISO), while it is. */
    since: z.iso.datetime({ offset: true }).nullable(),
    waiting: z.number().int().min(0).max(100_000),
  })
  .strict();
export type ReportedPrinter = z.infer<typeof ReportedPrinter>;

export const PrinterReport = z.object({ printers: z.array(ReportedPrinter).max(8) }).strict();
export type PrinterReport = z.infer<typeof PrinterReport>;

export const TicketPreviewKind = z.enum(['kitchen', 'customer', 'cancellation']);

export const printChannels = {
  /** Reprint an order's tickets (every printer that prints them; one copy each). */
  'print:order': channel(
    z.object({ orderId: z.guid(), tickets: z.array(OrderTicket).min(1).max(2).optional() }).strict(),
    z.object({ queued: z.number().int() }),
  ),
  /** A test page, sent at once (not queued): answers once the printer took it, or the error. */
  'print:test': channel(z.object({ printer: PrinterSettings }).strict(), z.object({ printed: z.literal(true) })),
  /** A ticket layout with a sample order, as an SVG image. */
  'print:preview': channel(z.object({ ticket: TicketPreviewKind, width: PaperWidth, encoding: PrinterEncoding }).strict(), z.object({ svg: z.string() })),
  'print:status': channel(z.object({}).strict(), PrintStatus),
  /** Printers the operating system knows (CUPS), for the "system printer" choice. */
  'print:systemPrinters': channel(z.object({}).strict(), z.object({ names: z.array(z.string()) })),
  /** A chain's store terminal's printers, told to its server (the console's "printer out"); a terminal's own print feature refuses it. */
  'print:report': channel(PrinterReport, z.object({ printersOut: z.number().int() })),
} as const;

export const printPushEvents = {
  'print:changed': PrintStatus,
} as const;
