import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';

/**
 * Records every merchant-side call about an order (order and shipping routes naming an order, and
 * dispute answers), with the status answered, or as dropped when the fault injector lost it.
 */
export function installCallLog(app: FastifyInstance, ctx: SandboxContext): void {
  const orders = () => ctx.world.orders;

  const orderIdOf = (request: FastifyRequest): string | undefined => {
    if (!request.url.startsWith('/order/') && !request.url.startsWith('/shipping/')) return undefined;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const direct = params.id ?? params.orderId;
    if (typeof direct === 'string') return orders().get(direct) ? direct : undefined;
    if (typeof params.disputeId === 'string') return orders().disputes.get(params.disputeId)?.orderId;
    return undefined;
  };

  const record = (request: FastifyRequest, reply: FastifyReply | undefined): void => {
    const orderId = orderIdOf(request);
    if (!orderId) return;
    orders().calls.record(orderId, {
      method: request.method,
      route: request.routeOptions.config.route ?? `${request.method} ${request.routeOptions.url ?? request.url}`,
      path: request.url.split('?')[0] ?? request.url,
      at: ctx.world.clock.nowIso(),
      status: reply ? reply.statusCode : null,
      dropped: reply === undefined,
    });
  };

  app.addHook('onResponse', async (request, reply) => record(request, reply));
  ctx.world.faults.onDrop((request) => record(request as FastifyRequest, undefined));
}
