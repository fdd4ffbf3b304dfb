import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { fail } from '../http/errors';
import { MAX_BRANCHES } from '../seed/chain-branches';

/** Control surface (`/_sandbox/`, loopback only, no token): drive scenarios deterministically. */

const ClockBody = z.object({ advanceSeconds: z.number().nonnegative().finite() }).strict();
const StoresBody = z.object({ count: z.number().int().min(1).max(MAX_BRANCHES) }).strict();

export function registerControlRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { world } = ctx;

  app.post('/_sandbox/clock', async (request) => {
    const body = ClockBody.safeParse(request.body);
    if (!body.success) throw fail.badRequest('o corpo deve ser {advanceSeconds: número >= 0}');
    world.clock.advance(body.data.advanceSeconds);
    return { now: world.clock.nowIso() };
  });

  app.get('/_sandbox/clock', async () => ({ now: world.clock.nowIso() }));

  // A chain on the demo credential: branches 1..count of Cantina da Vila (seed/chain-branches.ts).
  app.post('/_sandbox/stores', async (request, reply) => {
    const body = StoresBody.safeParse(request.body);
    if (!body.success) throw fail.badRequest(`o corpo deve ser {count: inteiro de 1 a ${MAX_BRANCHES}}`);
    const branches = world.addBranches(body.data.count);
    return reply.code(201).send({ stores: branches.map((s) => ({ id: s.id, name: s.name })) });
  });

  app.post('/_sandbox/reset', async () => {
    world.reset();
    ctx.limiter.reset();
    return { reset: true, now: world.clock.nowIso() };
  });
}
