import type { FastifyRequest } from 'fastify';
import type { Principal } from './auth/tokens';
import { fail } from './http/errors';
import type { RateLimiter } from './http/rate-limit';
import type { SeedStore } from './seed/stores';
import type { World } from './world';

/** What every route module receives. */
export interface SandboxContext {
  world: World;
  limiter: RateLimiter;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | undefined;
  }
  interface FastifyContextConfig {
    /** The spec's name for the route, the rate-limit key (e.g. `GET /merchants/{merchantId}`). */
    route?: string;
  }
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw fail.unauthorized();
  return request.principal;
}

/** The store named in the path: 404 when it does not exist, 403 when the token may not touch it. */
export function storeFor(ctx: SandboxContext, request: FastifyRequest, merchantId: string): SeedStore {
  const store = ctx.world.stores.get(merchantId);
  if (!store) throw fail.notFound(`loja ${merchantId} não encontrada`);
  if (!ctx.world.canAccess(principalOf(request), merchantId)) throw fail.forbidden(`sem acesso à loja ${merchantId}`);
  return store;
}
