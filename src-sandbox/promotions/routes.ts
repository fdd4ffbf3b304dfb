import type { FastifyInstance } from 'fastify';
import { storeFor, type SandboxContext } from '../context';
import { SandboxError } from '../http/errors';
import { describeIssues, parsePt } from '../http/zod-issues';
import { itemView } from './model';
import { ItemsQuery, pageOf } from './query';
import { businessProblem, itemCount, MAX_RESET_ITEMS, PromotionRequest, ResetQuery } from './request';

/**
 * Promotion module (spec §4.2, §7.3). Synchronous errors `{type, title, status, detail, instance}`:
 * 412 "Invalid Request Body" (type "Invalid Argument") for a body that is not valid JSON or breaks
 * the request's shape, 400 "Business Exception" for a rule broken by a well-formed request.
 */

const PREFIX = '/promotion/v1.0/merchants/:merchantId';
/** Room for 10,000 items per reset request (about 2 MB) with margin. */
const PROMOTION_BODY_LIMIT = 8 * 1024 * 1024;

const invalidBody = (detail: string) => new SandboxError(412, 'Invalid Request Body', detail);
const business = (detail: string) => new SandboxError(400, 'Business Exception', detail);

export function registerPromotionRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { world } = ctx;
  const lookup = (merchantId: string) => (ean: string) => world.catalog.lookupEan(merchantId, ean);

  app.register(async (scope) => {
    // Malformed or empty JSON is an invalid request body here (412), not a generic 400.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: PROMOTION_BODY_LIMIT }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(invalidBody('o corpo não é um JSON válido'), undefined);
      }
    });

    scope.post<{ Params: { merchantId: string } }>(
      `${PREFIX}/promotions`,
      { config: { route: 'POST /merchants/{merchantId}/promotions' }, bodyLimit: PROMOTION_BODY_LIMIT },
      async (request, reply) => {
        const store = storeFor(ctx, request, request.params.merchantId);
        const query = parsePt(ResetQuery, request.query);
        if (!query.success) throw business('reset deve ser true ou false');
        const reset = query.data.reset === 'true';
        const body = parsePt(PromotionRequest, request.body);
        if (!body.success) throw invalidBody(describeIssues(body.error));
        if (reset && itemCount(body.data) > MAX_RESET_ITEMS) throw invalidBody(`no máximo ${MAX_RESET_ITEMS} itens de promoção por requisição de reset`);
        const problem = businessProblem(body.data, reset, world.promotions.isTagTaken(store.id, body.data.aggregationTag));
        if (problem) throw business(problem);
        const aggregation = world.promotions.submit(store.id, body.data, reset, lookup(store.id));
        const count = aggregation.itemIds.length;
        return reply.code(202).send({
          aggregationId: aggregation.aggregationId,
          message: reset ? `reset na fila com ${count} itens de promoção` : `${count} itens de promoção na fila para processamento`,
        });
      },
    );

    // Not in the limits table (spec §8), so not rate limited.
    scope.get<{ Params: { merchantId: string; aggregationId: string } }>(`${PREFIX}/promotions/:aggregationId/items`, async (request) => {
      const store = storeFor(ctx, request, request.params.merchantId);
      const query = parsePt(ItemsQuery, request.query);
      if (!query.success) throw business(describeIssues(query.error));
      const aggregation = world.promotions.aggregation(store.id, request.params.aggregationId);
      if (!aggregation) throw new SandboxError(404, 'Not Found', `agregação ${request.params.aggregationId} não encontrada`);
      const { page, pagination } = pageOf(world.promotions.itemsOf(aggregation, lookup(store.id)), query.data);
      return { promotions: page.map(itemView), pagination };
    });
  });
}
