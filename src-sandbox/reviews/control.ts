import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { fail } from '../http/errors';
import { describeIssues, parsePt } from '../http/zod-issues';
import { detailView } from './model';
import { NewReview } from './new-review';

/** `POST /_sandbox/reviews` → 201 with the review (loopback only, no token). */
export function registerReviewControlRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/_sandbox/reviews', async (request, reply) => {
    const body = parsePt(NewReview, request.body);
    if (!body.success) throw fail.badRequest(describeIssues(body.error));
    if (!ctx.world.stores.has(body.data.merchantId)) throw fail.notFound(`loja ${body.data.merchantId} não encontrada`);
    if (body.data.createdAt && Date.parse(body.data.createdAt) > ctx.world.clock.now()) throw fail.badRequest('createdAt não pode estar no futuro');
    return reply.code(201).send(detailView(ctx.world.reviews.create(body.data)));
  });
}
