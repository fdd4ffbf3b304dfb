import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { fail } from '../http/errors';
import { bodyOf, orderFor } from '../orders/access';
import type { OrderRecord } from '../orders/model';
import { answerChange, deliveryOf, merchantRequestsChange, safeDeliveryScore } from './address-change';
import { AddressChangeBody } from './bodies';
import { freshRules, type ShippingRecord } from './model';
import { confirmation } from './reply';

/** Address confirmation and changes, and the safe-delivery score (spec §4.1), for DELIVERY orders. */
const O = '/shipping/v1.0/orders/:orderId';
type Params = { Params: { orderId: string } };

export function registerShippingAddressRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { world } = ctx;
  /** The order and its shipping record; the record is only created (`recordOf`) by a change that is accepted. */
  const existing = (order: OrderRecord): ShippingRecord =>
    world.shipping.records.get(order.detail.id) ?? { orderId: order.detail.id, style: 'A', rules: freshRules() };

  app.post<Params>(`${O}/userConfirmAddress`, { config: { route: 'POST /orders/{orderId}/userConfirmAddress' } }, async (request, reply) => {
    const order = orderFor(ctx, request, request.params.orderId, 'orderId');
    deliveryOf(order);
    world.shipping.recordOf(order.detail.id).rules.customer_address_confirmed = true;
    return confirmation(reply, 202, 'Endereço confirmado.');
  });

  app.post<Params>(
    `${O}/deliveryAddressChangeRequest`,
    { config: { route: 'POST /orders/{orderId}/deliveryAddressChangeRequest' } },
    async (request, reply) => {
      const order = orderFor(ctx, request, request.params.orderId, 'orderId');
      const address = bodyOf(AddressChangeBody, request.body, 'endereço inválido');
      deliveryOf(order);
      if (existing(order).addressChange?.status === 'PENDING')
        throw fail.conflict('AddressChangePending', 'já há uma mudança de endereço pendente para este pedido');
      merchantRequestsChange(world.orders, order, world.shipping.recordOf(order.detail.id), address);
      return confirmation(reply, 202, 'Mudança de endereço solicitada; o cliente vai responder.');
    },
  );

  // Answering needs a pending change, so it always has a stored record when it writes.
  app.post<Params>(`${O}/acceptDeliveryAddressChange`, { config: { route: 'POST /orders/{orderId}/acceptDeliveryAddressChange' } }, async (request, reply) => {
    const order = orderFor(ctx, request, request.params.orderId, 'orderId');
    answerChange(world.orders, order, existing(order), true);
    return confirmation(reply, 200, 'Mudança de endereço aceita.');
  });

  app.post<Params>(`${O}/denyDeliveryAddressChange`, { config: { route: 'POST /orders/{orderId}/denyDeliveryAddressChange' } }, async (request, reply) => {
    const order = orderFor(ctx, request, request.params.orderId, 'orderId');
    answerChange(world.orders, order, existing(order), false);
    return confirmation(reply, 202, 'Mudança de endereço recusada.');
  });

  app.get<Params>(`${O}/safeDelivery`, { config: { route: 'GET /orders/{orderId}/safeDelivery' } }, async (request) => {
    const order = orderFor(ctx, request, request.params.orderId, 'orderId');
    if (!order.detail.delivery) throw fail.conflict('NotDelivery', `um pedido ${order.detail.orderType} não tem entrega`);
    const rules = world.shipping.records.get(order.detail.id)?.rules ?? freshRules();
    return { rules, score: safeDeliveryScore(rules) };
  });
}
