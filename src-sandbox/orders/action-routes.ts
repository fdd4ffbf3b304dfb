import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { ACCEPTED, bodyOf, orderFor } from './access';
import { cancellationReasonsFor, confirmOrder, dispatchOrder, readyToPickup, requestCancellation, startPreparation } from './lifecycle';
import type { OrderRecord } from './model';
import type { OrdersState } from './state';

/** Order actions (spec §4.5): 202 {status: ACCEPTED}, the outcome as a later event; 409 when out of place. */
const PREFIX = '/order/v1.0/orders/:id';
type Params = { Params: { id: string } };

const DispatchBody = z.object({ deliveredBy: z.literal('MERCHANT') });
const CancellationBody = z.object({ reason: z.string().min(1) });

export function registerOrderActionRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const orders = ctx.world.orders;
  const simple: [string, (state: OrdersState, order: OrderRecord) => void][] = [
    ['confirm', confirmOrder],
    ['startPreparation', startPreparation],
    ['readyToPickup', readyToPickup],
  ];
  for (const [name, action] of simple) {
    app.post<Params>(`${PREFIX}/${name}`, { config: { route: `POST /orders/{id}/${name}` } }, async (request, reply) => {
      action(orders, orderFor(ctx, request, request.params.id));
      return reply.code(202).send(ACCEPTED);
    });
  }

  app.post<Params>(`${PREFIX}/dispatch`, { config: { route: 'POST /orders/{id}/dispatch' } }, async (request, reply) => {
    const order = orderFor(ctx, request, request.params.id);
    bodyOf(DispatchBody, request.body, 'o corpo deve ser {deliveredBy: "MERCHANT"}');
    dispatchOrder(orders, order);
    return reply.code(202).send(ACCEPTED);
  });

  app.get<Params>(`${PREFIX}/cancellationReasons`, { config: { route: 'GET /orders/{id}/cancellationReasons' } }, async (request) => ({
    reasons: cancellationReasonsFor(orderFor(ctx, request, request.params.id)),
  }));

  app.post<Params>(`${PREFIX}/requestCancellation`, { config: { route: 'POST /orders/{id}/requestCancellation' } }, async (request, reply) => {
    const order = orderFor(ctx, request, request.params.id);
    const body = bodyOf(CancellationBody, request.body, 'o corpo deve ser {reason: um código de cancellationReasons}');
    requestCancellation(orders, order, body.reason);
    return reply.code(202).send(ACCEPTED);
  });
}
