import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { fail } from '../http/errors';
import { CATALOG_PREFIX, catalogOf, parseBody, type MerchantParams } from './http';
import { InventoryBatchDelete, InventorySet } from './schemas';

/**
 * Inventory (spec §4.6): the maximum sellable quantity of a product. POST sets it (200), GET reads
 * it (404 when the product has no limit), batchDelete removes limits (200 with the ids removed).
 */
export function registerInventoryRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<MerchantParams>(`${CATALOG_PREFIX}/inventory`, { config: { route: 'POST /inventory' } }, async (request) => {
    const catalog = catalogOf(ctx, request);
    const body = parseBody(InventorySet, request.body);
    if (!catalog.products.has(body.productId)) throw fail.notFound(`produto ${body.productId} não encontrado`);
    catalog.inventory.set(body.productId, body.quantity);
    return { productId: body.productId, quantity: body.quantity };
  });

  app.get<{ Params: { merchantId: string; productId: string } }>(
    `${CATALOG_PREFIX}/inventory/:productId`,
    { config: { route: 'GET /inventory/{productId}' } },
    async (request) => {
      const catalog = catalogOf(ctx, request);
      const { productId } = request.params;
      if (!catalog.products.has(productId)) throw fail.notFound(`produto ${productId} não encontrado`);
      const quantity = catalog.inventory.get(productId);
      if (quantity === undefined) throw fail.notFound(`o produto ${productId} não tem limite de estoque`);
      return { productId, quantity };
    },
  );

  app.post<MerchantParams>(`${CATALOG_PREFIX}/inventory/batchDelete`, { config: { route: 'POST /inventory/batchDelete' } }, async (request) => {
    const catalog = catalogOf(ctx, request);
    const body = parseBody(InventoryBatchDelete, request.body);
    const removed = [...new Set(body.productIds)].filter((id) => catalog.inventory.delete(id));
    return { productIds: removed };
  });
}
