import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { escapeHtml, htmlPage } from '../http/html';
import { checkUuid } from '../orders/access';
import type { Driver, OrderStatus } from '../orders/model';
import { trackingOf } from '../orders/tracking';

/** The customer reads the page in the platform's language. */
const STATUS_WORDS: Record<OrderStatus, string> = {
  PLACED: 'Aguardando a loja',
  CONFIRMED: 'Confirmado',
  PREPARATION_STARTED: 'Em preparo',
  READY_TO_PICKUP: 'Pronto para retirada',
  DISPATCHED: 'Saiu para entrega',
  CONCLUDED: 'Entregue',
  CANCELLATION_REQUESTED: 'Cancelamento solicitado',
  CANCELLED: 'Cancelado',
};
const VEHICLE_WORDS: Record<Driver['vehicleType'], string> = { MOTORCYCLE: 'moto', BICYCLE: 'bicicleta', CAR: 'carro' };

/**
 * The customer's tracking page behind a registered delivery's `trackingUrl` (spec §2.1: "URL to a
 * tracking page"): public (the customer has no token), HTML, the order's state and, once a driver is
 * assigned, where he is and when the order arrives. Unknown orders get a 404 page.
 */
export function registerTrackingPage(app: FastifyInstance, ctx: SandboxContext): void {
  const { world } = ctx;
  app.get<{ Params: { orderId: string } }>('/tracking/:orderId', async (request, reply) => {
    const send = (status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').send(htmlPage('Acompanhe seu pedido', body));
    const { orderId } = request.params;
    try {
      checkUuid(orderId, 'orderId');
    } catch {
      return send(400, '<p class="error">Este link de acompanhamento não é válido.</p>');
    }
    const order = world.orders.get(orderId);
    if (!order) return send(404, '<p class="error">Nenhum pedido corresponde a este link de acompanhamento.</p>');
    const store = world.stores.get(order.detail.merchant.id);
    const tracking = store ? trackingOf(order, store.address, world.clock.now()) : undefined;
    const rows: [string, string][] = [
      ['Pedido', `#${order.detail.displayId} de ${order.detail.merchant.name}`],
      ['Situação', STATUS_WORDS[order.detail.status]],
      ['Entregar em', order.detail.delivery?.deliveryAddress.formattedAddress ?? '—'],
      ...(tracking
        ? ([
            ['Entregador', order.driver ? `${order.driver.name} (${VEHICLE_WORDS[order.driver.vehicleType]})` : '—'],
            ['Posição do entregador', `${tracking.latitude}, ${tracking.longitude}`],
            ['Previsão de entrega', tracking.expectedDelivery],
          ] as [string, string][])
        : ([['Entregador', 'Ainda não designado']] as [string, string][])),
    ];
    const list = rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('\n');
    return send(200, `<dl>\n${list}\n</dl>\n<p><small>Atualizado em ${escapeHtml(world.clock.nowIso())}.</small></p>`);
  });
}
