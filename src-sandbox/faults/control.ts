import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { fail } from '../http/errors';
import { describeIssues, parsePt } from '../http/zod-issues';
import { FaultConfig } from './state';

/** PUT /_sandbox/faults replaces the fault configuration; GET reads it; reset clears it. */
export function registerFaultControlRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const faults = ctx.world.faults;

  app.put('/_sandbox/faults', async (request) => {
    const parsed = parsePt(FaultConfig, request.body ?? {});
    if (!parsed.success) throw fail.badRequest(`configuração de falhas inválida (${describeIssues(parsed.error)})`);
    faults.set(parsed.data);
    return { faults: faults.config };
  });

  app.get('/_sandbox/faults', async () => ({ faults: faults.config }));
}
