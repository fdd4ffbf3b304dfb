import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GROCERY_STORE_TYPE } from '../../src-shared/wire/merchant';
import { principalOf, type SandboxContext } from '../context';
import { fail } from '../http/errors';
import { describeIssues, parsePt } from '../http/zod-issues';
import { checkinLanguage, checkinPdf } from './checkin-pdf';

/**
 * POST /merchant/v1.0/merchants/checkin-qrcode (spec §4.4, §7.4). Checks run in this order: body
 * (1 to 20 uuids) → 400; any unknown store → 404; any store without permission → 403; any store
 * that is not a grocery → 400. Not in the limits table, so not rate limited.
 */
export const MAX_CHECKIN_STORES = 20;

const CheckinBody = z.object({
  merchantIds: z
    .array(z.guid('merchantIds devem ser uuids'))
    .min(1, 'merchantIds não pode ser vazio')
    .max(MAX_CHECKIN_STORES, `no máximo ${MAX_CHECKIN_STORES} lojas por requisição`),
});

export function registerCheckinRoute(app: FastifyInstance, ctx: SandboxContext): void {
  const { world } = ctx;
  app.post('/merchant/v1.0/merchants/checkin-qrcode', async (request, reply) => {
    const body = parsePt(CheckinBody, request.body);
    if (!body.success) throw fail.badRequest(describeIssues(body.error));
    const ids = [...new Set(body.data.merchantIds)];
    const missing = ids.filter((id) => !world.stores.has(id));
    if (missing.length > 0) throw fail.notFound(`lojas não encontradas: ${missing.join(', ')}`);
    const principal = principalOf(request);
    const forbidden = ids.filter((id) => !world.canAccess(principal, id));
    if (forbidden.length > 0) throw fail.forbidden(`sem permissão sobre as lojas: ${forbidden.join(', ')}`);
    const stores = ids.map((id) => world.stores.get(id)).filter((s) => s !== undefined);
    const notGrocery = stores.filter((s) => s.type !== GROCERY_STORE_TYPE);
    if (notGrocery.length > 0) throw fail.badRequest(`QR codes de check-in são só para mercados: ${notGrocery.map((s) => s.id).join(', ')}`);
    const pdf = await checkinPdf(stores, new Date(world.clock.now()), checkinLanguage(request.headers['accept-language']));
    return reply.type('application/pdf').header('content-disposition', 'inline; filename="checkin-qrcodes.pdf"').send(pdf);
  });
}
