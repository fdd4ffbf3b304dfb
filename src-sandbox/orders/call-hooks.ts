import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';

/**
 * Records every merchant-side call about an order (order and shipping routes naming an order, and
 * dispute answers), with the status answered, or as dropped when the fault injector lost it; and
 * every call of the merchant, review, catalog and promotion modules naming a store, by store (a pause or an answer made
 * offline can be proved to arrive once).
 */
/** Modules whose calls name a store (`merchantId`) and are logged by store. */
const STORE_MODULES = ['/merchant/', '/review/', '/catalog/', '/promotion/'];

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

  const storeIdOf = (request: FastifyRequest): string | undefined => {
    if (!STORE_MODULES.some((prefix) => request.url.startsWith(prefix))) return undefined;
    const merchantId = ((request.params ?? {}) as Record<string, unknown>).merchantId;
    return typeof merchantId === 'string' ? merchantId : undefined;
  };

  const record = (request: FastifyRequest, reply: FastifyReply | undefined): void => {
    const storeId = storeIdOf(request);
    const orderId = storeId === undefined ? orderIdOf(request) : undefined;
    const log = storeId === undefined ? orders().calls : orders().storeCalls;
    const key = storeId ?? orderId;
    if (!key) return;
    log.record(key, {
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
