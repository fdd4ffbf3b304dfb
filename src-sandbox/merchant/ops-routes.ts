import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Operation } from '../../src-shared/wire/merchant';
import { storeFor, type SandboxContext } from '../context';
import { fail, SandboxError } from '../http/errors';
import { describeIssues, parsePt } from '../http/zod-issues';
import type { SeedStore } from '../seed/stores';
import type { World } from '../world';
import { registerAutoClosureRoutes } from './auto-closure-routes';
import { registerCheckinRoute } from './checkin-routes';
import { checkInterruption, InterruptionInput } from './interruptions';
import { findOverlap, OpeningHoursReplace } from './opening-hours';
import { operationStatus, storeStatus, type StatusInputs } from './status';

/** Merchant module (spec §4.4): status, interruptions, opening hours; check-in; the ops and automatic-closure control routes. */

const PREFIX = '/merchant/v1.0/merchants/:merchantId';
type MerchantParams = { Params: { merchantId: string } };

const Features = z.object({ pickupCode: z.boolean().optional(), smartPreparation: z.boolean().optional() }).strict();

const Switches = z
  .object({
    operation: z.enum(['DELIVERY', 'TAKEOUT']),
    catalogEnabled: z.boolean().optional(),
    deliveryArea: z.boolean().optional(),
  })
  .strict();

/** What a store's status is derived from, as the world has it now. */
export function statusInputsFor(world: World, store: SeedStore): StatusInputs {
  const ops = world.merchantOps;
  const nowMs = world.clock.now();
  return {
    store,
    nowMs,
    lastPollAt: world.lastPollByStore.get(store.id),
    shifts: ops.shifts(store.id),
    interruptions: ops.interruptions(store.id),
    catalogEnabled: (operation) => ops.catalogEnabled(store.id, operation),
    deliveryArea: ops.switches(store.id).deliveryArea,
    autoClosure: world.autoClosure.status(store.id, nowMs),
  };
}

export function registerMerchantOpsRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { world } = ctx;
  const ops = world.merchantOps;

  app.get<MerchantParams>(`${PREFIX}/status`, { config: { route: 'GET /merchants/{merchantId}/status' } }, async (request) =>
    storeStatus(statusInputsFor(world, storeFor(ctx, request, request.params.merchantId))),
  );

  app.get<{ Params: { merchantId: string; operation: string } }>(
    `${PREFIX}/status/:operation`,
    { config: { route: 'GET /merchants/{merchantId}/status/{operation}' } },
    async (request) => {
      const store = storeFor(ctx, request, request.params.merchantId);
      const operation = Operation.safeParse(request.params.operation);
      if (!operation.success) throw fail.badRequest('operation deve ser DELIVERY, TAKEOUT ou INDOOR');
      return operationStatus(operation.data, statusInputsFor(world, store));
    },
  );

  app.get<MerchantParams>(`${PREFIX}/interruptions`, { config: { route: 'GET /merchants/{merchantId}/interruptions' } }, async (request) =>
    ops.interruptions(storeFor(ctx, request, request.params.merchantId).id),
  );

  app.post<MerchantParams>(`${PREFIX}/interruptions`, { config: { route: 'POST /merchants/{merchantId}/interruptions' } }, async (request, reply) => {
    const store = storeFor(ctx, request, request.params.merchantId);
    const body = parsePt(InterruptionInput, request.body);
    if (!body.success) throw fail.badRequest(describeIssues(body.error));
    const verdict = checkInterruption(body.data, ops.interruptions(store.id), world.clock.now());
    if (!verdict.ok) {
      throw verdict.kind === 'overlap' ? fail.conflict('InterruptionOverlap', verdict.message) : fail.badRequest(verdict.message);
    }
    return reply.code(201).send(ops.addInterruption(store.id, body.data.description, verdict.startMs, verdict.endMs));
  });

  app.delete<{ Params: { merchantId: string; interruptionId: string } }>(
    `${PREFIX}/interruptions/:interruptionId`,
    { config: { route: 'DELETE /merchants/{merchantId}/interruptions/{interruptionId}' } },
    async (request, reply) => {
      const store = storeFor(ctx, request, request.params.merchantId);
      const outcome = ops.removeInterruption(store.id, request.params.interruptionId);
      if (outcome === 'not-found') throw fail.notFound(`interrupção ${request.params.interruptionId} não encontrada`);
      if (outcome === 'platform') throw fail.forbidden('esta pausa foi aplicada pela plataforma (excesso de cancelamentos); ela termina sozinha');
      return reply.code(204).send();
    },
  );

  app.get<MerchantParams>(`${PREFIX}/opening-hours`, { config: { route: 'GET /merchants/{merchantId}/opening-hours' } }, async (request) => {
    const store = storeFor(ctx, request, request.params.merchantId);
    return [{ storeId: store.id, shifts: ops.shifts(store.id) }];
  });

  app.put<MerchantParams>(`${PREFIX}/opening-hours`, { config: { route: 'PUT /merchants/{merchantId}/opening-hours' } }, async (request, reply) => {
    const store = storeFor(ctx, request, request.params.merchantId);
    const body = parsePt(OpeningHoursReplace, request.body);
    if (!body.success) throw fail.badRequest(describeIssues(body.error));
    if (body.data.storeId !== store.id) throw fail.badRequest('storeId deve ser o merchantId do caminho');
    const overlap = findOverlap(body.data.shifts);
    if (overlap) throw fail.badRequest(`os turnos ${overlap[0]} e ${overlap[1]} se sobrepõem`);
    return reply.code(201).send({ storeId: store.id, shifts: ops.replaceShifts(store.id, body.data.shifts) });
  });

  registerCheckinRoute(app, ctx);
  registerAutoClosureRoutes(app, ctx);

  // Control: flip the switches behind `catalog-enabled` and `delivery-area` (no token, loopback).
  app.put<MerchantParams>('/_sandbox/merchants/:merchantId/operations', async (request) => {
    const store = world.stores.get(request.params.merchantId);
    if (!store) throw fail.notFound(`loja ${request.params.merchantId} não encontrada`);
    const body = parsePt(Switches, request.body);
    if (!body.success) throw fail.badRequest(describeIssues(body.error));
    const switches = ops.switches(store.id);
    if (body.data.deliveryArea !== undefined) {
      if (body.data.operation !== 'DELIVERY') throw new SandboxError(400, 'BadRequest', 'deliveryArea vale só para DELIVERY');
      switches.deliveryArea = body.data.deliveryArea;
    }
    if (body.data.catalogEnabled !== undefined) switches.catalogEnabled[body.data.operation] = body.data.catalogEnabled;
    return {
      merchantId: store.id,
      deliveryArea: switches.deliveryArea,
      catalogEnabled: { DELIVERY: ops.catalogEnabled(store.id, 'DELIVERY'), TAKEOUT: ops.catalogEnabled(store.id, 'TAKEOUT') },
    };
  });

  // Control: store features the spec makes conditional (pickup-code validation, smart preparation).
  app.put<MerchantParams>('/_sandbox/merchants/:merchantId/features', async (request) => {
    const store = world.stores.get(request.params.merchantId);
    if (!store) throw fail.notFound(`loja ${request.params.merchantId} não encontrada`);
    const body = parsePt(Features, request.body);
    if (!body.success) throw fail.badRequest(describeIssues(body.error));
    const features = ops.features(store.id);
    if (body.data.pickupCode !== undefined) features.pickupCode = body.data.pickupCode;
    if (body.data.smartPreparation !== undefined) features.smartPreparation = body.data.smartPreparation;
    return { merchantId: store.id, ...features };
  });
}
