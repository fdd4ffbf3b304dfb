import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { SandboxError } from '../http/errors';
import { parsePt } from '../http/zod-issues';
import { registerPortalRoutes } from './portal';

/**
 * Authentication module (spec §5, docs/merchant-api.md): the token route (client
 * credentials, refresh token, authorization code) under `/authentication/v1.0/oauth/token` and, as
 * spec §5 item 4(b) shows it, under `{auth_url}/realms/merchant/protocol/openid-connect/token` (the
 * sandbox is its own auth_url); and the user code of the authorization-code flow. Bodies are
 * form-encoded or JSON. Errors are OAuth-shaped `{error, error_description}` (RFC 6749 §5.2).
 */

const oauthError = (status: number, error: string, description: string) => new SandboxError(status, error, description);

const TokenForm = z.object({
  grant_type: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  refresh_token: z.string().optional(),
  authorization_code: z.string().optional(),
  authorization_code_verifier: z.string().optional(),
});
type TokenForm = z.infer<typeof TokenForm>;

const UserCodeForm = z.object({ client_id: z.string().optional() });

export function registerAuthRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { world } = ctx;

  /** The application named by client_id and client_secret, or 401 invalid_client. */
  const authenticatedClient = (form: TokenForm) => {
    const application = form.client_id ? world.applications.get(form.client_id) : undefined;
    if (!application || application.clientSecret !== form.client_secret) throw oauthError(401, 'invalid_client', 'cliente desconhecido ou segredo incorreto');
    return application;
  };

  const token = async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = parsePt(TokenForm, request.body ?? {});
    if (!parsed.success) throw oauthError(400, 'invalid_request', 'os campos do pedido de token devem ser textos');
    const form = parsed.data;
    switch (form.grant_type) {
      case 'client_credentials': {
        const application = authenticatedClient(form);
        if (application.type === 'DISTRIBUTED') {
          throw oauthError(400, 'unauthorized_client', 'um aplicativo distribuído entra pelo fluxo de código de autorização (POST /oauth/userCode)');
        }
        return reply.code(200).send(await world.tokens.issue({ clientId: application.clientId }));
      }
      case 'refresh_token': {
        if (!form.refresh_token) throw oauthError(400, 'invalid_request', 'refresh_token é obrigatório');
        const principal = world.tokens.redeem(form.refresh_token);
        if (!principal) throw oauthError(401, 'invalid_grant', 'refresh token desconhecido, já usado ou expirado');
        if (form.client_id && form.client_id !== principal.clientId) {
          throw oauthError(401, 'invalid_grant', 'o refresh token foi emitido para outro cliente');
        }
        return reply.code(200).send(await world.tokens.issue(principal));
      }
      case 'authorization_code': {
        const application = authenticatedClient(form);
        if (!form.authorization_code || !form.authorization_code_verifier) {
          throw oauthError(400, 'invalid_request', 'authorization_code e authorization_code_verifier são obrigatórios');
        }
        const outcome = world.authorizations.redeem(form.authorization_code, application.clientId, form.authorization_code_verifier);
        if (!outcome.ok) {
          const why = {
            unknown: 'código de autorização desconhecido ou já usado',
            expired: 'código de autorização expirado',
            client: 'o código de autorização foi emitido para outro cliente',
            verifier: 'authorization_code_verifier não confere; o código foi gasto, peça um novo código de usuário',
          }[outcome.reason];
          throw oauthError(400, 'invalid_grant', why);
        }
        return reply.code(200).send(await world.tokens.issue({ clientId: application.clientId, merchantIds: outcome.merchantIds }));
      }
      case undefined:
        throw oauthError(400, 'invalid_request', 'grant_type é obrigatório');
      default:
        throw oauthError(400, 'unsupported_grant_type', `grant_type ${form.grant_type} não é suportado`);
    }
  };

  app.post('/authentication/v1.0/oauth/token', { config: { route: 'POST /oauth/token' } }, token);
  // Spec §5 item 4(b); it shares the token route's budget.
  app.post('/realms/merchant/protocol/openid-connect/token', { config: { route: 'POST /oauth/token' } }, token);

  app.post('/authentication/v1.0/oauth/userCode', { config: { route: 'POST /oauth/userCode' } }, async (request) => {
    const parsed = parsePt(UserCodeForm, request.body ?? {});
    if (!parsed.success) throw oauthError(400, 'invalid_request', 'client_id deve ser um texto');
    const clientId = parsed.data.client_id;
    if (!clientId) throw oauthError(400, 'invalid_request', 'client_id é obrigatório');
    const application = world.applications.get(clientId);
    if (!application) throw oauthError(401, 'invalid_client', 'cliente desconhecido');
    if (application.type !== 'DISTRIBUTED') {
      throw oauthError(400, 'unauthorized_client', 'um aplicativo centralizado entra com client credentials');
    }
    const record = world.authorizations.startUserCode(application.clientId);
    const verificationUrl = `${request.protocol}://${request.host}/_sandbox/authorize`;
    return {
      userCode: record.userCode,
      authorizationCodeVerifier: record.verifier,
      verificationUrl,
      verificationUrlComplete: `${verificationUrl}?userCode=${encodeURIComponent(record.userCode)}`,
      expiresIn: world.authorizations.userCodeSeconds,
    };
  });

  registerPortalRoutes(app, ctx);
}
