import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf, type SandboxContext } from '../context';
import { fail, SandboxError } from '../http/errors';
import { bodyOf, orderFor } from './access';
import { FINAL_STATUSES, isMerchantDelivery, isPlatformDelivery, type OrderRecord } from './model';
import { concludeOrder } from './platform';
import { trackingOf } from './tracking';
import { virtualBag } from './virtual-bag';

/** Reading an order (detail, virtual bag, tracking) and checking its codes (spec §4.5). */
const PREFIX = '/order/v1.0/orders/:id';
type Params = { Params: { id: string } };
export const TRACKING_INTERVAL_MS = 30_000;

/** Pickup codes have 4 digits and localizers 8; anything past 100 characters is not a code. */
const CodeBody = z.object({ code: z.string().max(100) });

export function registerOrderDetailRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { world } = ctx;

  app.get<Params>(PREFIX, { config: { route: 'GET /orders/{id}' } }, async (request) => orderFor(ctx, request, request.params.id).detail);

  app.get<Params>(`${PREFIX}/virtual-bag`, { config: { route: 'GET /orders/{id}/virtual-bag' } }, async (request) =>
    virtualBag(orderFor(ctx, request, request.params.id)),
  );

  app.get<Params>(`${PREFIX}/tracking`, { config: { route: 'GET /orders/{id}/tracking' } }, async (request, reply) => {
    const order = orderFor(ctx, request, request.params.id);
    if (!isPlatformDelivery(order))
      throw fail.conflict('NotPlatformDelivery', 'o rastreamento é só para um pedido DELIVERY entregue pela plataforma (PLATFORM)');
    paceTracking(ctx, request, reply.header.bind(reply), order);
    const store = world.stores.get(order.detail.merchant.id)?.address;
    const tracking = store ? trackingOf(order, store, world.clock.now()) : undefined;
    if (!tracking) throw fail.notFound('nenhum entregador designado ainda: o rastreamento fica disponível depois de ASSIGN_DRIVER');
    return tracking;
  });

  app.post<Params>(`${PREFIX}/validatePickupCode`, { config: { route: 'POST /orders/{id}/validatePickupCode' } }, async (request) => {
    const order = orderFor(ctx, request, request.params.id);
    const { code } = bodyOf(CodeBody, request.body, 'o corpo deve ser {code: texto}');
    if (!isPlatformDelivery(order))
      throw fail.conflict('NotPlatformDelivery', 'códigos de coleta existem só para um pedido DELIVERY entregue pela plataforma (PLATFORM)');
    if (!world.merchantOps.features(order.detail.merchant.id).pickupCode) {
      throw fail.conflict('PickupCodeNotEnabled', 'a validação do código de coleta não está habilitada para esta loja');
    }
    if (FINAL_STATUSES.includes(order.detail.status)) throw fail.conflict('InvalidOrderStatus', `o pedido está ${order.detail.status}`);
    return { valid: code === order.detail.delivery?.pickupCode };
  });

  app.post<Params>(`${PREFIX}/verifyDeliveryCode`, { config: { route: 'POST /orders/{id}/verifyDeliveryCode' } }, async (request) => {
    const order = orderFor(ctx, request, request.params.id);
    const { code } = bodyOf(CodeBody, request.body, 'o corpo deve ser {code: texto}');
    if (!isMerchantDelivery(order)) {
      throw fail.conflict('NotMerchantDelivery', 'a loja confere o código de entrega só em um pedido DELIVERY entregue pela loja (MERCHANT)');
    }
    if (FINAL_STATUSES.includes(order.detail.status)) throw fail.conflict('InvalidOrderStatus', `o pedido está ${order.detail.status}`);
    const valid = code === order.detail.customer.phone.localizer;
    // The customer's code at the door ends an own delivery on its way (docs/sandbox-orders.md).
    if (valid && order.detail.status === 'DISPATCHED') concludeOrder(world.orders, order);
    return { valid };
  });
}

/** Spec §8: order tracking at most once every 30 seconds per order (off with the rate limits). */
function paceTracking(ctx: SandboxContext, request: FastifyRequest, header: (name: string, value: number) => unknown, order: OrderRecord): void {
  if (!ctx.limiter.enabled) return;
  const key = `${principalOf(request).clientId} ${order.detail.id}`;
  const now = ctx.world.clock.now();
  const last = ctx.world.orders.trackingCalls.get(key);
  if (last !== undefined && now - last < TRACKING_INTERVAL_MS) {
    const waitSeconds = Math.ceil((last + TRACKING_INTERVAL_MS - now) / 1000);
    header('Retry-After', waitSeconds);
    throw new SandboxError(429, 'TooManyRequests', `o rastreamento do pedido responde uma vez a cada 30 segundos; tente de novo em ${waitSeconds} s`);
  }
  ctx.world.orders.trackingCalls.set(key, now);
}
