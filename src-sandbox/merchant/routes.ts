import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { principalOf, storeFor, type SandboxContext } from '../context';
import { fail } from '../http/errors';
import type { SeedStore } from '../seed/stores';

/** Merchant module (spec §4.4): stores. */

const PREFIX = '/merchant/v1.0';

/** Query integers are plain decimal digits (no `1e3`, `0x10`, spaces or signs), within range. */
const count = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const ListQuery = z.object({
  page: count(1, 1_000_000).default(1),
  size: count(1, 1000).default(100),
});

export function storeDetail(store: SeedStore) {
  const { owner: _owner, ...detail } = store;
  return { ...detail, status: 'AVAILABLE' };
}

export function registerMerchantRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get(`${PREFIX}/merchants`, { config: { route: 'GET /merchants' } }, async (request) => {
    const query = ListQuery.safeParse(request.query);
    if (!query.success) throw fail.badRequest('page deve ser um inteiro a partir de 1 e size de 1 a 1000');
    const { page, size } = query.data;
    return ctx.world
      .storesOf(principalOf(request))
      .slice((page - 1) * size, page * size)
      .map((s) => ({ id: s.id, name: s.name, corporateName: s.corporateName }));
  });

  app.get<{ Params: { merchantId: string } }>(`${PREFIX}/merchants/:merchantId`, { config: { route: 'GET /merchants/{merchantId}' } }, async (request) =>
    storeDetail(storeFor(ctx, request, request.params.merchantId)),
  );
}
