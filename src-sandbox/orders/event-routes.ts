import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf, type SandboxContext } from '../context';
import { fail } from '../http/errors';
import { ACCEPTED, bodyOf } from './access';

/**
 * Polling and acknowledgment (spec §4.5, §6): a poll hands out the application's unacknowledged
 * events of the token's stores, oldest first, at most `limit`; acknowledged events never come back
 * to that application. A poll also marks the token's stores connected (`is-connected` reads
 * `world.lastPollByStore`). The limits table also names the events module's routes
 * `GET /events:polling` and `POST /events/acknowledgment` "with the same limits": they are served
 * under `/events/v1.0` by the same handlers, each with a rate-limit budget of its own.
 */
export const DEFAULT_POLL_LIMIT = 100;
export const MAX_POLL_LIMIT = 1000;
export const MAX_ACK_IDS = 2000;

const PollQuery = z.object({ limit: z.string().regex(/^\d+$/, 'um inteiro').optional() });
const AckBody = z.object({ acknowledgedEventIds: z.array(z.string()).max(MAX_ACK_IDS) });

export function registerEventRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { world } = ctx;
  const faults = world.faults;

  const poll = async (request: FastifyRequest) => {
    const query = PollQuery.safeParse(request.query);
    const limit = query.success ? Number(query.data.limit ?? DEFAULT_POLL_LIMIT) : NaN;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_POLL_LIMIT) {
      throw fail.badRequest(`limit deve ser um inteiro de 1 a ${MAX_POLL_LIMIT} (padrão ${DEFAULT_POLL_LIMIT})`);
    }
    const principal = principalOf(request);
    world.recordPoll(principal);
    const merchantIds = new Set(world.storesOf(principal).map((s) => s.id));
    const batch = faults.duplicate(world.orders.events.pending(principal.clientId, merchantIds, limit), limit);
    for (const record of batch) record.deliveries += 1;
    return { events: batch.map((r) => r.event) };
  };

  const acknowledge = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = bodyOf(AckBody, request.body, `o corpo deve ser {acknowledgedEventIds: string[]} com no máximo ${MAX_ACK_IDS} ids`);
    const principal = principalOf(request);
    const merchantIds = new Set(world.storesOf(principal).map((s) => s.id));
    world.orders.events.acknowledge(principal.clientId, body.acknowledgedEventIds, merchantIds);
    return reply.code(202).send(ACCEPTED);
  };

  app.get('/order/v1.0/orders::polling', { config: { route: 'GET /orders:polling' } }, poll);
  app.post('/order/v1.0/orders::acknowledgment', { config: { route: 'POST /orders:acknowledgment' } }, acknowledge);
  app.get('/events/v1.0/events::polling', { config: { route: 'GET /events:polling' } }, poll);
  app.post('/events/v1.0/events/acknowledgment', { config: { route: 'POST /events/acknowledgment' } }, acknowledge);
}
