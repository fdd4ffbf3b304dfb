import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { escapeHtml, htmlPage } from '../http/html';
import { checkUuid } from '../orders/access';
import { trackingOf } from '../orders/tracking';

/**
 * The customer's tracking page behind a registered delivery's `trackingUrl` (spec §2.1: "URL to a
 * tracking page"): public (the customer has no token), HTML, the order's state and, once a driver is
 * assigned, where he is and when the order arrives. Unknown orders get a 404 page.
 */
export function registerTrackingPage(app: FastifyInstance, ctx: SandboxContext): void {
  const { world } = ctx;
  app.get<{ Params: { orderId: string } }>('/tracking/:orderId', async (request, reply) => {
    const send = (status: number, title: string, body: string) => reply.code(status).type('text/html; charset=utf-8').send(htmlPage(title, body));
    const { orderId } = request.params;
    try {
      checkUuid(orderId, 'orderId');
    } catch {
      return send(400, 'Order tracking', '<p class="error">This tracking link is not valid.</p>');
    }
    const order = world.orders.get(orderId);
    if (!order) return send(404, 'Order tracking', '<p class="error">No order behind this tracking link.</p>');
    const store = world.stores.get(order.detail.merchant.id);
    const tracking = store ? trackingOf(order, store.address, world.clock.now()) : undefined;
    const rows: [string, string][] = [
      ['Order', `#${order.detail.displayId} from ${order.detail.merchant.name}`],
      ['Status', order.detail.status],
      ['Deliver to', order.detail.delivery?.deliveryAddress.formattedAddress ?? '—'],
      ...(tracking
        ? ([
            ['Driver', order.driver ? `${order.driver.name} (${order.driver.vehicleType.toLowerCase()})` : '—'],
            ['Driver position', `${tracking.latitude}, ${tracking.longitude}`],
            ['Expected delivery', tracking.expectedDelivery],
          ] as [string, string][])
        : ([['Driver', 'Not assigned yet']] as [string, string][])),
    ];
    const list = rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('\n');
    return send(200, 'Order tracking', `<dl>\n${list}\n</dl>\n<p><small>As of ${escapeHtml(world.clock.nowIso())}.</small></p>`);
  });
}
