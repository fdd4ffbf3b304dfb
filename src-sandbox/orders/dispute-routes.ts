import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { ACCEPTED, bodyOf, disputeFor } from './access';
import { answerDispute } from './disputes';

/** The merchant's answers to a dispute (spec §4.7, docs/merchant-api.md): 202, the settlement as HSS. */
const PREFIX = '/order/v1.0/disputes/:disputeId';

const RejectBody = z.object({ reason: z.string().trim().min(1).max(500) });

export function registerDisputeRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const orders = ctx.world.orders;

  app.post<{ Params: { disputeId: string } }>(`${PREFIX}/accept`, { config: { route: 'POST /disputes/{disputeId}/accept' } }, async (request, reply) => {
    answerDispute(orders, disputeFor(ctx, request, request.params.disputeId), { kind: 'accept' });
    return reply.code(202).send(ACCEPTED);
  });

  app.post<{ Params: { disputeId: string } }>(`${PREFIX}/reject`, { config: { route: 'POST /disputes/{disputeId}/reject' } }, async (request, reply) => {
    const dispute = disputeFor(ctx, request, request.params.disputeId);
    const { reason } = bodyOf(RejectBody, request.body, 'o corpo deve ser {reason: texto de 1 a 500 caracteres}');
    answerDispute(orders, dispute, { kind: 'reject', reason });
    return reply.code(202).send(ACCEPTED);
  });

  app.post<{ Params: { disputeId: string; alternativeId: string } }>(
    `${PREFIX}/alternatives/:alternativeId`,
    { config: { route: 'POST /disputes/{disputeId}/alternatives/{alternativeId}' } },
    async (request, reply) => {
      const dispute = disputeFor(ctx, request, request.params.disputeId);
      answerDispute(orders, dispute, { kind: 'alternative', alternativeId: request.params.alternativeId });
      return reply.code(202).send(ACCEPTED);
    },
  );
}
