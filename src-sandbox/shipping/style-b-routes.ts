import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { storeFor, type SandboxContext } from '../context';
import { fail, SandboxError } from '../http/errors';
import { bodyOf, orderFor } from '../orders/access';
import { setStatus } from '../orders/platform';
import { RegisterOrderBody, CancelBody } from './bodies';
import { cancelDeliveryOnly, requireDeliveryOnly, shippingReasonsFor } from './cancellation';
import { requestPlatformDriver } from './driver-request';
import { freshRules } from './model';
import { makeQuote, MAX_DELIVERY_METERS } from './quotes';
import { registeredOrder } from './registration';
import { confirmation } from './reply';
import { spendQuote } from './spend-quote';

/** Shipping style B (spec §4.1): delivery-only orders the merchant registers. */
const M = '/shipping/v1.0/merchants/:merchantId';
const O = '/shipping/v1.0/orders/:orderId';

const decimal = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/, 'um número')
  .transform(Number);
const PointQuery = z.object({ latitude: decimal.pipe(z.number().min(-90).max(90)), longitude: decimal.pipe(z.number().min(-180).max(180)) });

export function registerShippingStyleBRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { world } = ctx;

  app.get<{ Params: { merchantId: string } }>(
    `${M}/deliveryAvailabilities`,
    { config: { route: 'GET /merchants/{merchantId}/deliveryAvailabilities' } },
    async (request) => {
      const store = storeFor(ctx, request, request.params.merchantId);
      const query = PointQuery.safeParse(request.query);
      if (!query.success) throw fail.badRequest('latitude (-90..90) e longitude (-180..180) são números obrigatórios');
      const quote = makeQuote({ kind: 'MERCHANT', merchantId: store.id, store: store.address, destination: query.data, nowMs: world.clock.now() });
      if ((quote.wire.distance as number) > MAX_DELIVERY_METERS) {
        throw new SandboxError(422, 'OutOfDeliveryArea', `o ponto está a ${quote.wire.distance as number} m; a loja entrega até ${MAX_DELIVERY_METERS} m`);
      }
      world.shipping.quotes.set(quote.id, quote);
      return quote.wire;
    },
  );

  app.post<{ Params: { merchantId: string } }>(`${M}/orders`, { config: { route: 'POST /merchants/{merchantId}/orders' } }, async (request, reply) => {
    const store = storeFor(ctx, request, request.params.merchantId);
    const body = bodyOf(RegisterOrderBody, request.body, 'pedido de entrega inválido');
    const quote = world.shipping.quotes.get(body.delivery.quoteId);
    if (quote?.kind !== 'MERCHANT' || quote.merchantId !== store.id) {
      throw fail.badRequest(`a cotação ${body.delivery.quoteId} não é uma cotação de entrega da loja ${store.id}`, 'InvalidQuote');
    }
    const orders = world.orders;
    const nowMs = world.clock.now();
    const fee = body.delivery.merchantFee ?? (quote.wire.quote as { netValue: number }).netValue;
    const order = registeredOrder(orders.rng, store, body, fee, nowMs);
    spendQuote(quote, order.detail.id, nowMs);
    orders.orders.set(order.detail.id, order);
    orders.emit(order, 'PLC', { origin: 'SHIPPING_REGISTRATION' });
    setStatus(order, 'CONFIRMED');
    orders.emit(order, 'CFM');
    const record = { orderId: order.detail.id, style: 'B' as const, rules: freshRules(body.customer.phone) };
    world.shipping.records.set(order.detail.id, record);
    requestPlatformDriver(orders, order, record, quote.id);
    const base = `${request.protocol}://${request.host}`;
    return reply.code(202).send({ id: order.detail.id, trackingUrl: `${base}/tracking/${order.detail.id}` });
  });

  app.get<{ Params: { orderId: string } }>(`${O}/cancellationReasons`, { config: { route: 'GET /orders/{orderId}/cancellationReasons' } }, async (request) => {
    const order = orderFor(ctx, request, request.params.orderId, 'orderId');
    requireDeliveryOnly(world.shipping.records.get(order.detail.id));
    return shippingReasonsFor(order);
  });

  app.post<{ Params: { orderId: string } }>(`${O}/cancel`, { config: { route: 'POST /orders/{orderId}/cancel' } }, async (request, reply) => {
    const order = orderFor(ctx, request, request.params.orderId, 'orderId');
    const body = bodyOf(CancelBody, request.body, 'o corpo deve ser {reason: texto, cancellationCode: inteiro}');
    const record = requireDeliveryOnly(world.shipping.records.get(order.detail.id));
    cancelDeliveryOnly(world.orders, order, record, body.cancellationCode, body.reason);
    return confirmation(reply, 202, 'Cancelamento aceito.');
  });
}
