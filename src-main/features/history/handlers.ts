import type { OrdersDb } from '../../db/orders/orders-db';
import { trailEntry } from '../../db/orders/trail-repo';
import { summarise } from '../../orders/day-summary';
import type { Handlers } from '../../ipc/dispatcher';

/** History and the day's summary: reads of the order database only, so they answer offline too. */
export function historyHandlers(db: OrdersDb): Pick<Handlers, 'history:list' | 'history:summary'> {
  return {
    'history:list': (q) =>
      db.read(() => {
        const page = db.history.search({
          text: q.text,
          merchantId: q.merchantId,
          status: q.status,
          orderType: q.orderType,
          scheduledOnly: q.scheduledOnly,
          fromMs: q.from === undefined ? undefined : Date.parse(q.from),
          toMs: q.to === undefined ? undefined : Date.parse(q.to),
          cursor: q.cursor,
          limit: q.limit,
        });
        const acts = db.trail.lastActs(page.rows.map((row) => row.id));
        return { ...page, lastActs: Object.fromEntries(acts.map((act) => [act.order_id, trailEntry(act)])) };
      }),
    'history:summary': ({ from, to }) => {
      const fromMs = Date.parse(from);
      const toMs = Date.parse(to);
      return summarise(
        db.read(() => db.summary.between(fromMs, toMs)),
        fromMs,
        toMs,
      );
    },
  };
}
