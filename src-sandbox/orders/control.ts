import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { fail } from '../http/errors';
import { bodyOf, checkUuid } from './access';
import { menuFor } from './menu';
import { DISPUTE_ACTIONS, publicDispute, TIMEOUT_ACTIONS } from './dispute-model';
import { DEFAULT_DISPUTE_SECONDS, openDispute } from './disputes';
import { DELIVERY_PARTIES, ORDER_TIMINGS, ORDER_TYPES, type OrderRecord } from './model';
import { PAYMENT_KINDS } from './order-factory';
import { advanceDriver, assignDriver, concludeOrder, customerCancel, placeOrder } from './platform';
import type { OrdersState } from './state';

/**
 * Control routes of the order side (loopback only, no token): create orders, move them the way the
 * platform or the customer would, open disputes, and read what happened (events, calls).
 */
const LineRef = z
  .object({ id: z.string().optional(), ean: z.string().optional(), externalCode: z.string().optional(), quantity: z.number().positive().max(99).default(1) })
  .strict()
  .refine(
    (l) => [l.id, l.ean, l.externalCode].filter((v) => v !== undefined).length === 1,
    'indique o item do cardápio por exatamente um entre id, ean e externalCode',
  );

const CreateBody = z
  .object({
    merchantId: z.string(),
    orderType: z.enum(ORDER_TYPES).default('DELIVERY'),
    deliveredBy: z.enum(DELIVERY_PARTIES).optional(),
    orderTiming: z.enum(ORDER_TIMINGS).default('IMMEDIATE'),
    items: z.array(LineRef).min(1).max(20).optional(),
    payment: z.enum(PAYMENT_KINDS).optional(),
  })
  .strict();

const DisputeBody = z
  .object({
    action: z.enum(DISPUTE_ACTIONS).default('CANCELLATION'),
    expiresInSeconds: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 3600)
      .default(DEFAULT_DISPUTE_SECONDS),
    timeoutAction: z.enum(TIMEOUT_ACTIONS).default('ACCEPT_CANCELLATION'),
  })
  .strict();

type Params = { Params: { id: string } };

function controlledOrder(orders: OrdersState, id: string): OrderRecord {
  checkUuid(id, 'id');
  const order = orders.get(id);
  if (!order) throw fail.notFound(`pedido ${id} não encontrado`);
  return order;
}

export function registerOrderControlRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { world } = ctx;
  const orders = world.orders;

  app.post('/_sandbox/orders', async (request, reply) => {
    const body = bodyOf(CreateBody, request.body, 'o corpo deve ser {merchantId, orderType?, deliveredBy?, orderTiming?, items?, payment?}');
    const store = world.stores.get(body.merchantId);
    if (!store) throw fail.notFound(`loja ${body.merchantId} não encontrada`);
    if (body.deliveredBy && body.orderType !== 'DELIVERY') throw fail.badRequest('deliveredBy vale só para pedidos DELIVERY');
    const menu = menuFor(world.catalog, store.id);
    if (menu.length === 0) throw fail.conflict('NothingToSell', `a loja ${store.id} não tem item à venda no cardápio`);
    const lines = body.items?.map((ref) => {
      const item = menu.find(
        (m) =>
          (ref.id !== undefined && m.id === ref.id) ||
          (ref.ean !== undefined && m.ean === ref.ean) ||
          (ref.externalCode !== undefined && m.externalCode === ref.externalCode),
      );
      if (!item) throw fail.badRequest(`nenhum item do cardápio ${ref.id ?? ref.ean ?? ref.externalCode} na loja ${store.id}`);
      return { item, quantity: ref.quantity };
    });
    const order = placeOrder(orders, store, {
      orderType: body.orderType,
      deliveredBy: body.deliveredBy ?? 'PLATFORM',
      orderTiming: body.orderTiming,
      menu,
      ...(lines ? { lines } : {}),
      ...(body.payment ? { payment: body.payment } : {}),
    });
    return reply.code(201).send(order.detail);
  });

  app.get<{ Querystring: { merchantId?: string } }>('/_sandbox/orders', async (request) => {
    const merchantId = request.query.merchantId;
    const list = [...orders.orders.values()].filter((o) => !merchantId || o.detail.merchant.id === merchantId);
    return { orders: list.map((o) => o.detail) };
  });

  app.get<Params>('/_sandbox/orders/:id', async (request) => {
    const order = controlledOrder(orders, request.params.id);
    const disputes = [...orders.disputes.values()].filter((d) => d.orderId === order.detail.id).map(publicDispute);
    return { order: order.detail, driver: order.driver ?? null, cancellation: order.cancellation ?? null, disputes };
  });

  const moves: [string, (state: OrdersState, order: OrderRecord) => unknown][] = [
    ['assignDriver', (s, o) => assignDriver(s, o)],
    ['advanceDriver', (s, o) => advanceDriver(s, o)],
    ['conclude', (s, o) => concludeOrder(s, o)],
    ['customerCancel', (s, o) => customerCancel(s, o)],
  ];
  for (const [name, move] of moves) {
    app.post<Params>(`/_sandbox/orders/:id/${name}`, async (request) => {
      const order = controlledOrder(orders, request.params.id);
      const before = orders.events.size;
      move(orders, order);
      const events = orders.events
        .list()
        .slice(before)
        .map((r) => r.event);
      return { order: order.detail, events };
    });
  }

  app.post<Params>('/_sandbox/orders/:id/dispute', async (request, reply) => {
    const order = controlledOrder(orders, request.params.id);
    const body = bodyOf(DisputeBody, request.body, 'o corpo deve ser {action?, expiresInSeconds?, timeoutAction?}');
    return reply.code(201).send(publicDispute(openDispute(orders, order, body)));
  });

  app.get<Params>('/_sandbox/orders/:id/calls', async (request) => {
    const order = controlledOrder(orders, request.params.id);
    return { orderId: order.detail.id, calls: orders.calls.of(order.detail.id) };
  });

  app.get<{ Querystring: { merchantId?: string } }>('/_sandbox/calls', async (request) => {
    const merchantId = request.query.merchantId;
    if (merchantId === undefined || !world.stores.has(merchantId)) throw fail.notFound(`loja ${merchantId ?? '(nenhuma)'} não encontrada`);
    return { merchantId, calls: orders.storeCalls.of(merchantId) };
  });

  app.get<{ Querystring: { merchantId?: string } }>('/_sandbox/events', async (request) => {
    const merchantId = request.query.merchantId;
    if (merchantId !== undefined && !world.stores.has(merchantId)) throw fail.notFound(`loja ${merchantId} não encontrada`);
    return {
      events: orders.events
        .list(merchantId)
        .map((r) => ({ ...r.event, acknowledged: r.acknowledged, acknowledgedBy: [...r.acknowledgedBy], audience: [...r.audience], deliveries: r.deliveries })),
    };
  });
}
