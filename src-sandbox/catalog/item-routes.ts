import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { fail } from '../http/errors';
import { CATALOG_PREFIX, catalogOf, parseBody, type MerchantParams } from './http';
import { ItemUpsert } from './schemas';
import { upsertItem } from './upsert';
import { flatView } from './views';

/** PUT /items (create or update a complete item) and GET /items/{itemId}/flat. */
export function registerItemRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.put<MerchantParams>(`${CATALOG_PREFIX}/items`, { config: { route: 'PUT /items' } }, async (request) => {
    const catalog = catalogOf(ctx, request);
    const item = upsertItem(catalog, parseBody(ItemUpsert, request.body));
    return flatView(catalog, item);
  });

  app.get<{ Params: { merchantId: string; itemId: string } }>(
    `${CATALOG_PREFIX}/items/:itemId/flat`,
    { config: { route: 'GET /items/{itemId}/flat' } },
    async (request) => {
      const catalog = catalogOf(ctx, request);
      const item = catalog.items.get(request.params.itemId);
      if (!item) throw fail.notFound(`item ${request.params.itemId} não encontrado`);
      return flatView(catalog, item);
    },
  );
}
