import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { genericCode, SandboxError } from '../http/errors';
import { isControlRoute, routedPath } from '../http/route-path';
import { registerFaultControlRoutes } from './control';

/**
 * Installs fault injection on the server; call it before any other hook so an injected error or an
 * early drop happens "before doing anything" (before authentication, rate limits and the handler).
 */
function isApiRoute(request: FastifyRequest): boolean {
  return !isControlRoute(routedPath(request));
}

export function installFaults(app: FastifyInstance, ctx: SandboxContext): void {
  const faults = ctx.world.faults;

  app.addHook('onRequest', async (request, reply) => {
    if (!faults.active || !isApiRoute(request)) return;
    if (faults.shouldDrop('beforeAction')) {
      faults.notifyDrop(request);
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    if (faults.shouldFail()) {
      const status = faults.config.errorStatus;
      if (status === 429) reply.header('Retry-After', 1);
      throw new SandboxError(status, genericCode(status), `falha simulada: ${status}`);
    }
  });

  app.addHook('onSend', async (request, _reply, payload) => {
    if (!faults.active || !isApiRoute(request)) return payload;
    if (faults.config.latencyMs > 0) await sleep(faults.config.latencyMs);
    if (faults.shouldDrop('afterAction')) {
      faults.notifyDrop(request);
      request.raw.socket.destroy();
    }
    return payload;
  });

  registerFaultControlRoutes(app, ctx);
}
