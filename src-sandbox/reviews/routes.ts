import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { storeFor, type SandboxContext } from '../context';
import { fail, SandboxError } from '../http/errors';
import { describeIssues, parsePt } from '../http/zod-issues';
import { registerReviewControlRoute } from './control';
import { detailView, listView, type ReviewRecord } from './model';
import { contentProblem, PROBLEM_WORDS } from './moderation';
import { pageOf, ReviewListQuery } from './query';

/** Review module (spec §4.3, §7.2). Error body `{error, status}`, 422 adds `details.reason`. */

const PREFIX = '/review/v2.0/merchants/:merchantId';
type MerchantParams = { Params: { merchantId: string } };
type ReviewParams = { Params: { merchantId: string; reviewId: string } };

export const AnswerBody = z.object({
  text: z.string('text é obrigatório').min(10, 'text deve ter no mínimo 10 caracteres').max(300, 'text deve ter no máximo 300 caracteres'),
});

export function registerReviewRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const reviews = ctx.world.reviews;

  /** The review of the path: 404 when unknown, 403 when it belongs to another merchant. */
  const reviewOf = (merchantId: string, reviewId: string): ReviewRecord => {
    const review = reviews.get(reviewId);
    if (!review) throw fail.notFound(`avaliação ${reviewId} não encontrada`);
    if (review.merchantId !== merchantId) throw fail.forbidden(`a avaliação ${reviewId} não pertence à loja ${merchantId}`);
    return review;
  };

  app.get<MerchantParams>(`${PREFIX}/reviews`, { config: { route: 'GET /merchants/{merchantId}/reviews' } }, async (request) => {
    const store = storeFor(ctx, request, request.params.merchantId);
    const query = parsePt(ReviewListQuery, request.query);
    if (!query.success) throw fail.badRequest(describeIssues(query.error));
    const page = pageOf(reviews.of(store.id), query.data);
    return {
      page: query.data.page,
      size: query.data.pageSize,
      reviews: page.reviews.map(listView),
      ...(query.data.addCount ? { total: page.total, pageCount: page.pageCount } : {}),
    };
  });

  app.get<ReviewParams>(`${PREFIX}/reviews/:reviewId`, { config: { route: 'GET /merchants/{merchantId}/reviews/{reviewId}' } }, async (request) => {
    const store = storeFor(ctx, request, request.params.merchantId);
    return detailView(reviewOf(store.id, request.params.reviewId));
  });

  app.post<ReviewParams>(
    `${PREFIX}/reviews/:reviewId/answers`,
    { config: { route: 'POST /merchants/{merchantId}/reviews/{reviewId}/answers' } },
    async (request, reply) => {
      const store = storeFor(ctx, request, request.params.merchantId);
      const body = parsePt(AnswerBody, request.body);
      if (!body.success) throw fail.badRequest(describeIssues(body.error));
      const review = reviewOf(store.id, request.params.reviewId);
      const verdict = reviews.answer(review, body.data.text, () => contentProblem(body.data.text));
      if (verdict.kind === 'conflict') throw fail.conflict('Conflict', verdict.message);
      if (verdict.kind === 'rejected') {
        throw new SandboxError(422, 'UnprocessableEntity', `resposta recusada: ${PROBLEM_WORDS[verdict.problem]}`, { reason: 'INAPPROPRIATE_CONTENT' });
      }
      return reply.code(201).send({ createdAt: new Date(verdict.reply.createdAt).toISOString(), reviewId: review.id, text: verdict.reply.text });
    },
  );

  app.get<MerchantParams>(`${PREFIX}/summary`, { config: { route: 'GET /merchants/{merchantId}/summary' } }, async (request) =>
    reviews.summary(storeFor(ctx, request, request.params.merchantId).id),
  );

  registerReviewControlRoute(app, ctx);
}
