import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { fail } from '../http/errors';
import { CATALOG_PREFIX, catalogOf, parseBody, type MerchantParams } from './http';
import { judgeItem } from './sellability';
import { CategoriesQuery, NewCategory } from './schemas';
import { categoryView, flatView, sellableView, unsellableView } from './views';

/** Categories, catalogs, and the sellable / unsellable item lists. */
export function registerCategoryRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<MerchantParams>(`${CATALOG_PREFIX}/categories`, { config: { route: 'GET /categories' } }, async (request) => {
    const catalog = catalogOf(ctx, request);
    const query = parseBody(CategoriesQuery, request.query);
    return [...catalog.categories.values()].sort((a, b) => a.index - b.index).map((c) => categoryView(catalog, c, query.include_items === 'true'));
  });

  app.post<MerchantParams>(`${CATALOG_PREFIX}/categories`, { config: { route: 'POST /categories' } }, async (request, reply) => {
    const catalog = catalogOf(ctx, request);
    const body = parseBody(NewCategory, request.body);
    if ([...catalog.categories.values()].some((c) => c.name.toLowerCase() === body.name.toLowerCase())) {
      throw fail.conflict('Conflict', `já existe uma categoria chamada ${body.name}`);
    }
    const category = { id: randomUUID(), ...body, index: body.index ?? catalog.nextCategoryIndex() };
    catalog.categories.set(category.id, category);
    return reply.code(201).send(categoryView(catalog, category, false));
  });

  app.get<{ Params: { merchantId: string; categoryId: string } }>(
    `${CATALOG_PREFIX}/categories/:categoryId/items`,
    { config: { route: 'GET /categories/{categoryId}/items' } },
    async (request) => {
      const catalog = catalogOf(ctx, request);
      if (!catalog.categories.has(request.params.categoryId)) throw fail.notFound(`categoria ${request.params.categoryId} não encontrada`);
      return catalog.itemsOfCategory(request.params.categoryId).map((item) => flatView(catalog, item));
    },
  );

  app.get<MerchantParams>(`${CATALOG_PREFIX}/catalogs`, { config: { route: 'GET /catalogs' } }, async (request) =>
    structuredClone(catalogOf(ctx, request).catalogs),
  );

  const contextOf = (catalogId: string, request: Parameters<typeof catalogOf>[1]) => {
    const catalog = catalogOf(ctx, request);
    const found = catalog.catalogs.find((c) => c.catalogId === catalogId);
    if (!found?.context[0]) throw fail.notFound(`catálogo ${catalogId} não encontrado`);
    return { catalog, context: found.context[0] };
  };

  app.get<{ Params: { merchantId: string; catalogId: string } }>(
    `${CATALOG_PREFIX}/catalogs/:catalogId/sellableItems`,
    { config: { route: 'GET /catalogs/{catalogId}/sellableItems' } },
    async (request) => {
      const { catalog, context } = contextOf(request.params.catalogId, request);
      return [...catalog.items.values()]
        .filter((item) => judgeItem(catalog, item, context).restrictions.length === 0)
        .map((item) => sellableView(catalog, item, context));
    },
  );

  app.get<{ Params: { merchantId: string; catalogId: string } }>(
    `${CATALOG_PREFIX}/catalogs/:catalogId/unsellableItems`,
    { config: { route: 'GET /catalogs/{catalogId}/unsellableItems' } },
    async (request) => {
      const { catalog, context } = contextOf(request.params.catalogId, request);
      return [...catalog.items.values()].flatMap((item) => {
        const verdict = judgeItem(catalog, item, context);
        return verdict.restrictions.length > 0 ? [unsellableView(catalog, item, verdict)] : [];
      });
    },
  );
}
