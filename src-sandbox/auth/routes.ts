import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { SandboxError } from '../http/errors';
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
    if (!application || application.clientSecret !== form.client_secret) throw oauthError(401, 'invalid_client', 'unknown client or wrong secret');
    return application;
  };

  const token = async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = TokenForm.safeParse(request.body ?? {});
    if (!parsed.success) throw oauthError(400, 'invalid_request', 'the token request fields must be strings');
    const form = parsed.data;
    switch (form.grant_type) {
      case 'client_credentials': {
        const application = authenticatedClient(form);
        if (application.type === 'DISTRIBUTED') {
          throw oauthError(400, 'unauthorized_client', 'a distributed application signs in with the authorization-code flow (POST /oauth/userCode)');
        }
        return reply.code(200).send(await world.tokens.issue({ clientId: application.clientId }));
      }
      case 'refresh_token': {
        if (!form.refresh_token) throw oauthError(400, 'invalid_request', 'refresh_token is required');
        const principal = world.tokens.redeem(form.refresh_token);
        if (!principal) throw oauthError(401, 'invalid_grant', 'refresh token unknown, used or expired');
        if (form.client_id && form.client_id !== principal.clientId) {
          throw oauthError(401, 'invalid_grant', 'refresh token was issued to another client');
        }
        return reply.code(200).send(await world.tokens.issue(principal));
      }
      case 'authorization_code': {
        const application = authenticatedClient(form);
        if (!form.authorization_code || !form.authorization_code_verifier) {
          throw oauthError(400, 'invalid_request', 'authorization_code and authorization_code_verifier are required');
        }
        const outcome = world.authorizations.redeem(form.authorization_code, application.clientId, form.authorization_code_verifier);
        if (!outcome.ok) {
          const why = {
            unknown: 'authorization code unknown or already used',
            expired: 'authorization code expired',
            client: 'authorization code was issued to another client',
            verifier: 'authorization_code_verifier does not match; the code is spent, ask for a new user code',
          }[outcome.reason];
          throw oauthError(400, 'invalid_grant', why);
        }
        return reply.code(200).send(await world.tokens.issue({ clientId: application.clientId, merchantIds: outcome.merchantIds }));
      }
      case undefined:
        throw oauthError(400, 'invalid_request', 'grant_type is required');
      default:
        throw oauthError(400, 'unsupported_grant_type', `grant_type ${form.grant_type} is not supported`);
    }
  };

  app.post('/authentication/v1.0/oauth/token', { config: { route: 'POST /oauth/token' } }, token);
  // Spec §5 item 4(b); it shares the token route's budget.
  app.post('/realms/merchant/protocol/openid-connect/token', { config: { route: 'POST /oauth/token' } }, token);

  app.post('/authentication/v1.0/oauth/userCode', { config: { route: 'POST /oauth/userCode' } }, async (request) => {
    const parsed = UserCodeForm.safeParse(request.body ?? {});
    if (!parsed.success) throw oauthError(400, 'invalid_request', 'client_id must be a string');
    const clientId = parsed.data.client_id;
    if (!clientId) throw oauthError(400, 'invalid_request', 'client_id is required');
    const application = world.applications.get(clientId);
    if (!application) throw oauthError(401, 'invalid_client', 'unknown client');
    if (application.type !== 'DISTRIBUTED') {
      throw oauthError(400, 'unauthorized_client', 'a centralized application signs in with client credentials');
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
