import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { SandboxError } from '../http/errors';
import { describeIssues, parsePt } from '../http/zod-issues';
import type { SeedStore } from '../seed/stores';
import { authorizedPage, authorizeFormPage } from './portal-page';

/**
 * The merchant portal of the authorization-code flow (control surface: loopback only, no token).
 * `verificationUrl` points here. A person opens it, enters the user code, picks the stores and
 * sees the authorization code; a test or script posts JSON instead:
 *   GET  /_sandbox/authorize[?userCode=]                → the form (HTML)
 *   POST /_sandbox/authorize form {userCode, merchantIds} → the code (HTML)
 *   POST /_sandbox/authorize JSON {userCode, merchantIds} → 201 {authorizationCode, clientId, merchantIds, expiresAt}
 * Refusals: 400 bad body or expired user code, 404 unknown user code or store, 409 user code
 * already authorized (the HTML flavour answers the same statuses with the form and the reason).
 */

const UserCode = z.string().trim().min(1, 'userCode é obrigatório').max(64);
const JsonBody = z
  .object({ userCode: UserCode, merchantIds: z.array(z.guid('merchantIds devem ser uuids')).min(1, 'escolha pelo menos uma loja').max(100) })
  .strict();
const FormBody = z.object({
  userCode: UserCode,
  merchantIds: z
    .union([z.string(), z.array(z.string())], 'escolha pelo menos uma loja')
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.guid('merchantIds devem ser uuids')).min(1).max(100)),
});
const REFUSAL_WORDS = { unknown: 'desconhecido', expired: 'expirado', used: 'já usado' } as const;
const PageQuery = z.object({ userCode: z.string().max(64).optional() });

const isForm = (request: FastifyRequest) => (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

export function registerPortalRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { world } = ctx;
  const allStores = () => [...world.stores.values()];

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

  /** The user code's state as a refusal (status, reason), or undefined when it can be authorized. */
  const refusalOf = (userCode: string): [number, string, string] | undefined => {
    const record = world.authorizations.userCode(userCode);
    if (!record) return [404, 'UserCodeNotFound', `código de usuário ${userCode} desconhecido`];
    if (record.authorizationCode) return [409, 'UserCodeAlreadyUsed', 'este código de usuário já foi autorizado; peça um novo ao aplicativo'];
    if (world.clock.now() >= record.expiresAtMs)
      return [400, 'UserCodeExpired', `o código de usuário expirou (vale ${world.authorizations.userCodeSeconds} segundos); peça um novo ao aplicativo`];
    return undefined;
  };

  app.get('/_sandbox/authorize', async (request, reply) => {
    const query = parsePt(PageQuery, request.query);
    if (!query.success) return html(reply, 400, authorizeFormPage({ userCode: '', stores: allStores(), error: 'userCode deve ser um texto curto' }));
    const userCode = query.data.userCode ?? '';
    if (!userCode) return html(reply, 200, authorizeFormPage({ userCode, stores: allStores() }));
    const refusal = refusalOf(userCode);
    const clientId = world.authorizations.userCode(userCode)?.clientId;
    return html(
      reply,
      refusal?.[0] ?? 200,
      authorizeFormPage({ userCode, stores: allStores(), ...(clientId ? { clientId } : {}), ...(refusal ? { error: refusal[2] } : {}) }),
    );
  });

  app.post('/_sandbox/authorize', async (request, reply) => {
    const form = isForm(request);
    const parsed = form ? parsePt(FormBody, request.body) : parsePt(JsonBody, request.body);
    const raw = (request.body ?? {}) as { userCode?: unknown };
    const typedCode = typeof raw.userCode === 'string' ? raw.userCode.slice(0, 64) : '';
    const refuse = (status: number, code: string, message: string, checked: readonly string[] = []) => {
      if (!form) throw new SandboxError(status, code, message);
      return html(reply, status, authorizeFormPage({ userCode: typedCode, stores: allStores(), checked, error: message }));
    };
    if (!parsed.success) return refuse(400, 'BadRequest', `o corpo deve ser {userCode, merchantIds: uuid[]} (${describeIssues(parsed.error)})`);
    const { userCode, merchantIds } = parsed.data;
    const missing = merchantIds.filter((id) => !world.stores.has(id));
    if (missing.length > 0) return refuse(404, 'NotFound', `lojas não encontradas: ${missing.join(', ')}`, merchantIds);
    const refusal = refusalOf(userCode);
    if (refusal) return refuse(refusal[0], refusal[1], refusal[2], merchantIds);
    const outcome = world.authorizations.authorize(userCode, merchantIds);
    if (!outcome.ok) return refuse(409, 'UserCodeAlreadyUsed', `código de usuário recusado (${REFUSAL_WORDS[outcome.reason]})`, merchantIds);
    const stores = merchantIds.map((id) => world.stores.get(id)).filter((s): s is SeedStore => s !== undefined);
    const expiresAt = new Date(outcome.expiresAtMs).toISOString();
    if (form) return html(reply, 201, authorizedPage({ authorizationCode: outcome.authorizationCode, clientId: outcome.clientId, stores, expiresAt }));
    return reply
      .code(201)
      .send({ authorizationCode: outcome.authorizationCode, clientId: outcome.clientId, merchantIds: [...new Set(merchantIds)], expiresAt });
  });
}
