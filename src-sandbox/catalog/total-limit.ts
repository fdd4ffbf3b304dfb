import type { FastifyReply, FastifyRequest } from 'fastify';
import { catalogTotalLimit } from '../../src-shared/spec-limits';
import type { SandboxContext } from '../context';
import { SandboxError } from '../http/errors';

/**
 * Spec §8: besides each route's own limit (the server's hook), all catalog routes together allow
 * 15000 requests a minute per application. The headers show whichever budget is tighter.
 */
export function catalogTotalLimitHook(ctx: SandboxContext) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!request.routeOptions.config.route || !ctx.limiter.enabled) return;
    const who = request.principal?.clientId ?? request.ip;
    const verdict = ctx.limiter.take(`${who} catalog *`, catalogTotalLimit);
    const routeRemaining = Number(reply.getHeader('X-RateLimit-Remaining') ?? Infinity);
    if (!verdict.allowed || verdict.remaining < routeRemaining) {
      reply.header('X-RateLimit-Limit', verdict.limit);
      reply.header('X-RateLimit-Remaining', verdict.remaining);
      reply.header('X-RateLimit-Reset', verdict.resetSeconds);
    }
    if (!verdict.allowed) throw new SandboxError(429, 'TooManyRequests', `limite de ${verdict.limit} requisições excedido no conjunto das rotas de catálogo`);
  };
}
