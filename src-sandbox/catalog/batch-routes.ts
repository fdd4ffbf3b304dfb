import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { fail } from '../http/errors';
import type { PriceEntry, StatusEntry } from './batches';
import { CATALOG_PREFIX, catalogOf, parseBody, type MerchantParams } from './http';
import { ProductPriceBatch, ProductStatusBatch } from './schemas';

/** PATCH products/price and products/status → 200 {batchId, url}; GET batch/{batchId}. */
export function registerBatchRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const accepted = (merchantId: string, batchId: string) => ({ batchId, url: `/catalog/v2.0/merchants/${merchantId}/batch/${batchId}` });

  app.patch<MerchantParams>(`${CATALOG_PREFIX}/products/price`, { config: { route: 'PATCH /products/price' } }, async (request) => {
    const merchantId = request.params.merchantId;
    catalogOf(ctx, request);
    const entries = parseBody(ProductPriceBatch, request.body) as PriceEntry[];
    return accepted(merchantId, ctx.world.catalog.startBatch(merchantId, 'price', entries).batchId);
  });

  app.patch<MerchantParams>(`${CATALOG_PREFIX}/products/status`, { config: { route: 'PATCH /products/status' } }, async (request) => {
    const merchantId = request.params.merchantId;
    catalogOf(ctx, request);
    const entries = parseBody(ProductStatusBatch, request.body) as StatusEntry[];
    return accepted(merchantId, ctx.world.catalog.startBatch(merchantId, 'status', entries).batchId);
  });

  app.get<{ Params: { merchantId: string; batchId: string } }>(
    `${CATALOG_PREFIX}/batch/:batchId`,
    { config: { route: 'GET /batch/{batchId}' } },
    async (request) => {
      const batch = catalogOf(ctx, request).batches.get(request.params.batchId);
      if (!batch) throw fail.notFound(`lote ${request.params.batchId} não encontrado`);
      return {
        batchId: batch.batchId,
        batchStatus: batch.batchStatus,
        createdAt: new Date(batch.createdAt).toISOString(),
        ...(batch.completedAt !== undefined ? { completedAt: new Date(batch.completedAt).toISOString() } : {}),
        results: batch.results,
      };
    },
  );
}
