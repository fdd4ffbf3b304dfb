import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { fail, SandboxError } from '../http/errors';
import { bodyOf, orderFor } from '../orders/access';
import { isMerchantDelivery, type OrderRecord } from '../orders/model';
import { trackingOf } from '../orders/tracking';
import { RequestDriverBody } from './bodies';
import { cancelPlatformDriver, requestPlatformDriver } from './driver-request';
import { makeQuote, MAX_DELIVERY_METERS } from './quotes';
import { confirmation } from './reply';
import { spendQuote } from './spend-quote';

/** Shipping style A (spec §4.1): a platform driver for an order the merchant would deliver itself. */
const PREFIX = '/shipping/v1.0/orders/:orderId';
type Params = { Params: { orderId: string } };
const ASSIGNABLE = ['CONFIRMED', 'PREPARATION_STARTED', 'READY_TO_PICKUP'];

export function registerShippingStyleARoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { world } = ctx;

  const eligible = (order: OrderRecord): void => {
    const request = world.shipping.records.get(order.detail.id)?.driverRequest;
    if (request && (request.status === 'REQUESTED' || request.status === 'ASSIGNED'))
      throw fail.conflict('DriverAlreadyRequested', 'um entregador já foi solicitado');
    if (!isMerchantDelivery(order))
      throw fail.conflict('NotMerchantDelivery', 'só se solicita entregador para um pedido DELIVERY entregue pela loja (MERCHANT)');
    if (!ASSIGNABLE.includes(order.detail.status))
      throw fail.conflict('InvalidOrderStatus', `não é possível solicitar entregador para um pedido com status ${order.detail.status}`);
  };

  app.get<Params>(`${PREFIX}/deliveryAvailabilities`, { config: { route: 'GET /orders/{orderId}/deliveryAvailabilities' } }, async (request) => {
    const order = orderFor(ctx, request, request.params.orderId, 'orderId');
    eligible(order);
    const store = world.stores.get(order.detail.merchant.id);
    const destination = order.detail.delivery?.deliveryAddress.coordinates;
    if (!store || !destination) throw fail.notFound('loja ou endereço não encontrado');
    const quote = makeQuote({ kind: 'ORDER', merchantId: store.id, orderId: order.detail.id, store: store.address, destination, nowMs: world.clock.now() });
    if ((quote.wire.distance as number) > MAX_DELIVERY_METERS) {
      throw new SandboxError(
        422,
        'OutOfDeliveryArea',
        `o cliente está a ${quote.wire.distance as number} m; os entregadores da plataforma vão até ${MAX_DELIVERY_METERS} m`,
      );
    }
    world.shipping.quotes.set(quote.id, quote);
    return quote.wire;
  });

  app.post<Params>(`${PREFIX}/requestDriver`, { config: { route: 'POST /orders/{orderId}/requestDriver' } }, async (request, reply) => {
    const order = orderFor(ctx, request, request.params.orderId, 'orderId');
    const { quoteId } = bodyOf(RequestDriverBody, request.body, 'o corpo deve ser {quoteId: uuid}');
    const quote = world.shipping.quotes.get(quoteId);
    if (quote?.kind !== 'ORDER' || quote.orderId !== order.detail.id)
      throw fail.badRequest(`a cotação ${quoteId} não é do pedido ${order.detail.id}`, 'InvalidQuote');
    eligible(order);
    spendQuote(quote, order.detail.id, world.clock.now());
    requestPlatformDriver(world.orders, order, world.shipping.recordOf(order.detail.id), quoteId, () => world.shipping.driversAvailable);
    return confirmation(reply, 202, 'Entregador solicitado; o resultado chega como evento.');
  });

  app.post<Params>(`${PREFIX}/cancelRequestDriver`, { config: { route: 'POST /orders/{orderId}/cancelRequestDriver' } }, async (request, reply) => {
    const order = orderFor(ctx, request, request.params.orderId, 'orderId');
    cancelPlatformDriver(world.orders, order, world.shipping.recordOf(order.detail.id));
    return confirmation(reply, 202, 'Solicitação de entregador cancelada; a confirmação chega como evento.');
  });

  app.get<Params>(`${PREFIX}/tracking`, { config: { route: 'GET /orders/{orderId}/tracking' } }, async (request) => {
    const order = orderFor(ctx, request, request.params.orderId, 'orderId');
    const store = world.stores.get(order.detail.merchant.id)?.address;
    const tracking = store ? trackingOf(order, store, world.clock.now()) : undefined;
    if (!tracking) throw fail.notFound('nenhum entregador designado para este pedido ainda');
    return tracking;
  });
}
