import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf, type SandboxContext } from '../context';
import { fail } from '../http/errors';
import { describeIssues, parsePt } from '../http/zod-issues';
import type { Dispute } from './dispute-model';
import type { OrderRecord } from './model';

/** Finding the order or dispute a route names: 400 for a malformed id, 404 unknown, 403 not yours. */
const Uuid = z.guid();

export function checkUuid(value: string, name: string): void {
  if (!Uuid.safeParse(value).success) throw fail.badRequest(`${name} deve ser um uuid`);
}

export function orderFor(ctx: SandboxContext, request: FastifyRequest, orderId: string, name = 'id'): OrderRecord {
  checkUuid(orderId, name);
  const order = ctx.world.orders.get(orderId);
  if (!order) throw fail.notFound(`pedido ${orderId} não encontrado`);
  if (!ctx.world.canAccess(principalOf(request), order.detail.merchant.id)) throw fail.forbidden(`sem acesso ao pedido ${orderId}`);
  return order;
}

export function disputeFor(ctx: SandboxContext, request: FastifyRequest, disputeId: string): Dispute {
  checkUuid(disputeId, 'disputeId');
  const dispute = ctx.world.orders.disputes.get(disputeId);
  if (!dispute) throw fail.notFound(`disputa ${disputeId} não encontrada`);
  if (!ctx.world.canAccess(principalOf(request), dispute.merchantId)) throw fail.forbidden(`sem acesso à disputa ${disputeId}`);
  return dispute;
}

/** A request body checked against a schema: 400 naming the first problems. */
export function bodyOf<T extends z.ZodType>(schema: T, body: unknown, hint: string): z.infer<T> {
  const parsed = parsePt(schema, body ?? {});
  if (!parsed.success) throw fail.badRequest(`${hint} (${describeIssues(parsed.error)})`);
  return parsed.data;
}

export const ACCEPTED = { status: 'ACCEPTED' } as const;
