import { AppError } from '../../../src-shared/errors';
import type { Clock } from '../../base/clock';
import type { PrintService } from '../../print/print-service';
import { sampleOrder } from '../../print/tickets/sample-order';
import type { Handlers } from '../../ipc/dispatcher';

type PrintChannel = 'print:order' | 'print:test' | 'print:preview' | 'print:status' | 'print:systemPrinters' | 'print:report';

/** Printing on screen: reprints, test pages, previews, the printers' states. */
export function printHandlers(print: PrintService, clock: Clock): Pick<Handlers, PrintChannel> {
  return {
    'print:order': ({ orderId, tickets }) => ({ queued: print.reprint(orderId, tickets) }),
    'print:test': async ({ printer }) => {
      await print.test(printer);
      return { printed: true as const };
    },
    'print:preview': ({ ticket, width, encoding }) => ({ svg: print.preview(ticket, { width, encoding }, sampleOrder(clock.now())) }),
    'print:status': () => print.status(),
    'print:systemPrinters': async () => ({ names: await print.systemPrinters() }),
    // A chain's server hears its store terminals' printers; a terminal prints for itself and its screens print nothing.
    'print:report': () => {
      throw new AppError('forbidden', "printer reports go to a chain's server: this terminal keeps its own printers");
    },
  };
}
