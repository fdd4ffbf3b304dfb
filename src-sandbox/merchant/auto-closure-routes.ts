import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { fail } from '../http/errors';
import { describeIssues, parsePt } from '../http/zod-issues';
import type { SeedStore } from '../seed/stores';
import type { AutoClosureRecord } from './auto-closure';
import { AutoClosurePatch } from './auto-closure-rules';

/**
 * Control routes of the platform's automatic closure (loopback only, no token): read and set the
 * settings of one store or of every store, and read the closures. docs/sandbox-store.md.
 */
type MerchantParams = { Params: { merchantId: string } };

function closureView(record: AutoClosureRecord) {
  const { merchantId, rule, reason } = record;
  return { merchantId, rule, reason, at: new Date(record.atMs).toISOString(), until: new Date(record.untilMs).toISOString() };
}

function patchOf(body: unknown): AutoClosurePatch {
  const patch = parsePt(AutoClosurePatch, body);
  if (!patch.success) throw fail.badRequest(describeIssues(patch.error));
  return patch.data;
}

export function registerAutoClosureRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { world } = ctx;
  const autoClosure = world.autoClosure;

  const storeOf = (merchantId: string | undefined): SeedStore => {
    const store = merchantId === undefined ? undefined : world.stores.get(merchantId);
    if (!store) throw fail.notFound(`loja ${merchantId ?? '(nenhuma)'} não encontrada`);
    return store;
  };
  const storeView = (store: SeedStore) => {
    const closure = autoClosure.status(store.id, world.clock.now()).closure;
    return { merchantId: store.id, settings: autoClosure.settingsOf(store.id), closedUntil: closure ? new Date(closure.untilMs).toISOString() : null };
  };

  app.get('/_sandbox/auto-closure', async () => ({ settings: autoClosure.everyStoreSettings() }));

  app.put('/_sandbox/auto-closure', async (request) => ({ settings: autoClosure.setEveryStoreSettings(patchOf(request.body)) }));

  app.get<MerchantParams>('/_sandbox/merchants/:merchantId/auto-closure', async (request) => storeView(storeOf(request.params.merchantId)));

  app.put<MerchantParams>('/_sandbox/merchants/:merchantId/auto-closure', async (request) => {
    const store = storeOf(request.params.merchantId);
    autoClosure.setStoreSettings(store.id, patchOf(request.body));
    return storeView(store);
  });

  app.get<{ Querystring: { merchantId?: string } }>('/_sandbox/auto-closure/closures', async (request) => {
    const merchantId = request.query.merchantId;
    if (merchantId !== undefined) storeOf(merchantId);
    return { closures: autoClosure.closures(merchantId).map(closureView) };
  });
}
