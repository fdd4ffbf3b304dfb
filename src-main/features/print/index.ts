import { join } from 'node:path';
import { PrintService } from '../../print/print-service';
import { sessionFeature } from '../../feature-kit/feature';
import { printHandlers } from './handlers';

/**
 * Tickets: a confirm the platform accepted prints the order's tickets, a cancellation after a ticket
 * prints a slip (the print queue follows the orders feed); reprints, test pages and previews on
 * screen; the printers' states pushed to the top bar (`print:changed`).
 */
export const printFeature = sessionFeature({
  name: 'print',
  channels: ['print:order', 'print:test', 'print:preview', 'print:status', 'print:systemPrinters', 'print:report'],
  start: ({ account, clock, logger, push, settings, orders, systemPrinter }) => {
    const { db, sync } = orders();
    const print = new PrintService({
      db,
      clock,
      logger: logger.child({ room: 'print' }),
      settings,
      ticketsDir: join(account.dataDir, 'tickets'),
      onStatus: (status) => push.push('print:changed', status),
      onOrdersPrinted: (ids) => sync.feed.publish(ids),
      ...(systemPrinter ? { system: systemPrinter } : {}),
    });
    const unsubscribe = sync.feed.onChange((change) => print.onOrdersChanged(change));
    return { handlers: printHandlers(print, clock), services: [print], stop: unsubscribe };
  },
});
