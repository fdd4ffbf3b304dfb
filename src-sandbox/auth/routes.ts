import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { SandboxError } from '../http/errors';

/** Authentication module: token (client credentials, refresh, authorization code). */

const oauthError = (status: number, error: string, description: string) => new SandboxError(status, error, description);

const TokenForm = z.object({
  grant_type: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  refresh_token: z.string().optional(),
  authorization_code: z.string().optional(),
  authorization_code_verifier: z.string().optional(),
});

export function registerAuthRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { world } = ctx;

  app.post('/authentication/v1.0/oauth/token', { config: { route: 'POST /oauth/token' } }, async (request, reply) => {
    const parsed = TokenForm.safeParse(request.body ?? {});
    if (!parsed.success) throw oauthError(400, 'invalid_request', 'the token request fields must be strings');
    const form = parsed.data;
    switch (form.grant_type) {
      case 'client_credentials': {
        const application = form.client_id ? world.applications.get(form.client_id) : undefined;
        if (!application || application.clientSecret !== form.client_secret) {
          throw oauthError(401, 'invalid_client', 'unknown client or wrong secret');
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
      case undefined:
        throw oauthError(400, 'invalid_request', 'grant_type is required');
      default:
        throw oauthError(400, 'unsupported_grant_type', `grant_type ${form.grant_type} is not supported`);
    }
  });
}
