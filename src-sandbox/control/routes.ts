import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { fail } from '../http/errors';

/** Control surface (`/_sandbox/`, loopback only, no token): drive scenarios deterministically. */

const ClockBody = z.object({ advanceSeconds: z.number().nonnegative().finite() }).strict();

export function registerControlRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { world } = ctx;

  app.post('/_sandbox/clock', async (request) => {
    const body = ClockBody.safeParse(request.body);
    if (!body.success) throw fail.badRequest('o corpo deve ser {advanceSeconds: número >= 0}');
    world.clock.advance(body.data.advanceSeconds);
    return { now: world.clock.nowIso() };
  });

  app.get('/_sandbox/clock', async () => ({ now: world.clock.nowIso() }));

  app.post('/_sandbox/reset', async () => {
    world.reset();
    ctx.limiter.reset();
    return { reset: true, now: world.clock.nowIso() };
  });
}
