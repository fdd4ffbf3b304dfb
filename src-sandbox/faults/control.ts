import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { fail } from '../http/errors';
import { FaultConfig } from './state';

/** PUT /_sandbox/faults replaces the fault configuration; GET reads it; reset clears it. */
export function registerFaultControlRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const faults = ctx.world.faults;

  app.put('/_sandbox/faults', async (request) => {
    const parsed = FaultConfig.safeParse(request.body ?? {});
    if (!parsed.success) {
      const detail = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
      throw fail.badRequest(`invalid fault configuration (${detail})`);
    }
    faults.set(parsed.data);
    return { faults: faults.config };
  });

  app.get('/_sandbox/faults', async () => ({ faults: faults.config }));
}
