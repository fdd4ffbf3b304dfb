import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { registerBatchRoutes } from './batch-routes';
import { registerCategoryRoutes } from './category-routes';
import { registerInventoryRoutes } from './inventory-routes';
import { registerItemRoutes } from './item-routes';
import { registerPatchRoutes } from './patch-routes';
import { catalogTotalLimitHook } from './total-limit';

/** Catalog module (spec §4.6). Error body `{code, message}` (docs/merchant-api.md). */
export function registerCatalogRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  // An encapsulated scope, so the 15000/min total applies to catalog routes only.
  app.register(async (scope) => {
    scope.addHook('preHandler', catalogTotalLimitHook(ctx));
    registerCategoryRoutes(scope, ctx);
    registerItemRoutes(scope, ctx);
    registerPatchRoutes(scope, ctx);
    registerBatchRoutes(scope, ctx);
    registerInventoryRoutes(scope, ctx);
  });
}
