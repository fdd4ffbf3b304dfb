import type { Clock } from '../../base/clock';
import type { PrintService } from '../../print/print-service';
import { sampleOrder } from '../../print/tickets/sample-order';
import type { Handlers } from '../../ipc/dispatcher';

type PrintChannel = 'print:order' | 'print:test' | 'print:preview' | 'print:status' | 'print:systemPrinters';

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
  };
}
