import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { storeFor, type SandboxContext } from '../context';
import { fail } from '../http/errors';
import { describeIssues, parsePt } from '../http/zod-issues';
import type { StoreCatalog } from './store-catalog';

/** Shared plumbing of the catalog routes. */

export const CATALOG_PREFIX = '/catalog/v2.0/merchants/:merchantId';
export type MerchantParams = { Params: { merchantId: string } };

/** The store's catalog after the 404/403 checks of the merchant in the path. */
export function catalogOf(ctx: SandboxContext, request: FastifyRequest<MerchantParams>): StoreCatalog {
  return ctx.world.catalog.of(storeFor(ctx, request, request.params.merchantId).id);
}

export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = parsePt(schema, body);
  if (!parsed.success) throw fail.badRequest(describeIssues(parsed.error));
  return parsed.data;
}
