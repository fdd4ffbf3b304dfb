import formbody from '@fastify/formbody';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { limitFor } from '../src-shared/spec-limits';
import { registerAuthRoutes } from './auth/routes';
import type { SandboxContext } from './context';
import { registerControlRoutes } from './control/routes';
import { installFaults } from './faults/hooks';
import { errorBody, genericCode, moduleOf, SandboxError } from './http/errors';
import { isControlRoute, routedPath } from './http/route-path';
import { RateLimiter } from './http/rate-limit';
import { registerCatalogRoutes } from './catalog/routes';
import { registerMerchantOpsRoutes } from './merchant/ops-routes';
import { registerMerchantRoutes } from './merchant/routes';
import { registerOrderRoutes } from './orders/routes';
import { registerPromotionRoutes } from './promotions/routes';
import { registerReviewRoutes } from './reviews/routes';
import { registerShippingRoutes } from './shipping/routes';
import { SandboxClock } from './clock';
import { World } from './world';

export interface SandboxServerOptions {
  world?: World;
  /**
   * The time the simulated clock runs from (default: the system clock). Tests and demo mode give the
   * app's clock, so both sides agree on the instant (the sandbox's control route moves it further).
   */
  now?: () => number;
  /** How long a user code of the authorization-code flow lives (default 600 s). */
  userCodeSeconds?: number;
  /** Every store starts under the platform's automatic closure rules (defaults on); off otherwise. */
  autoClosure?: boolean;
  /** Multiplies every rate limit; 0 turns limiting off. */
  rateLimitFactor?: number;
  /** Largest accepted request body. */
  bodyLimitBytes?: number;
  logger?: boolean;
}

export interface SandboxServer {
  app: FastifyInstance;
  ctx: SandboxContext;
  /** Every route the server answers (method and fastify path), for tests that sweep them all. */
  routes: readonly SandboxRoute[];
}

export interface SandboxRoute {
  method: string;
  /** Fastify's path, e.g. `/order/v1.0/orders/:id/confirm` (a literal colon is written `::`). */
  url: string;
  /** The spec's name of the route (the rate-limit key), when it has one. */
  route?: string;
}

const BEARER = /^Bearer\s+(\S+)$/i;

function isLoopback(address: string | undefined): boolean {
  return address === '::1' || address?.startsWith('127.') === true || address?.startsWith('::ffff:127.') === true;
}

/** Routes that need no bearer token: the token routes, the control surface, the customer's tracking page. */
function isOpenRoute(url: string): boolean {
  return (
    url.startsWith('/authentication/') || url.startsWith('/realms/') || url.startsWith('/_sandbox/') || url === '/_sandbox' || url.startsWith('/tracking/')
  );
}

export function createSandboxServer(options: SandboxServerOptions = {}): SandboxServer {
  const world =
    options.world ??
    new World(new SandboxClock(options.now), {
      ...(options.userCodeSeconds === undefined ? {} : { userCodeSeconds: options.userCodeSeconds }),
      ...(options.autoClosure === undefined ? {} : { autoClosure: options.autoClosure }),
    });
  const limiter = new RateLimiter(() => world.clock.now(), options.rateLimitFactor ?? 1);
  const ctx: SandboxContext = { world, limiter };
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimitBytes ?? 1024 * 1024,
    // Route params like `orders:polling` need the colon kept; ids are never this long.
    routerOptions: { maxParamLength: 200 },
    // A path that is not valid percent-encoding, or a parameter past maxParamLength, is refused
    // before any route is found: answer it in the module's error shape like every other error.
    frameworkErrors: (error, request, reply) => {
      const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'um parâmetro do caminho é longo demais' : 'o caminho não é uma URL válida';
      const status = error.statusCode ?? 400;
      sendError(new SandboxError(status, genericCode(status), message), request, reply);
    },
  });
  const routes: SandboxRoute[] = [];
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: options.url, ...(options.config?.route ? { route: options.config.route } : {}) });
    }
  });
  app.register(formbody);
  app.decorateRequest('principal', undefined);
  // Fault injection first: an injected error or early drop happens before anything else.
  installFaults(app, ctx);

  app.addHook('onRequest', async (request) => {
    const path = routedPath(request);
    if ((isControlRoute(path) || request.url.startsWith('/_sandbox')) && !isLoopback(request.socket.remoteAddress)) {
      throw new SandboxError(403, 'Forbidden', 'as rotas de controle só atendem chamadas locais (loopback)');
    }
    if (isOpenRoute(path)) return;
    const match = BEARER.exec(request.headers.authorization ?? '');
    const principal = match?.[1] ? await world.tokens.verify(match[1]) : undefined;
    if (!principal || !world.applications.has(principal.clientId)) {
      throw new SandboxError(401, genericCode(401), 'token ausente, expirado ou inválido');
    }
    request.principal = principal;
  });

  // Rate limits run before the body is parsed, per application (token subject, or client_id).
  app.addHook('preHandler', async (request, reply) => {
    const route = request.routeOptions.config.route;
    if (!route || !limiter.enabled) return;
    const module = moduleOf(request.url);
    const rule = limitFor(module, route);
    if (!rule) return;
    const who = request.principal?.clientId ?? clientIdOf(request) ?? request.ip;
    const verdict = limiter.take(`${who} ${module} ${route}`, rule);
    reply.header('X-RateLimit-Limit', verdict.limit);
    reply.header('X-RateLimit-Remaining', verdict.remaining);
    reply.header('X-RateLimit-Reset', verdict.resetSeconds);
    if (!verdict.allowed) throw new SandboxError(429, genericCode(429), `limite de ${verdict.limit} requisições excedido em ${route}`);
  });

  app.setErrorHandler((error: FastifyError | SandboxError, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler((request, reply) =>
    sendError(new SandboxError(404, genericCode(404), `rota inexistente: ${request.method} ${request.url.split('?')[0]}`), request, reply),
  );

  registerAuthRoutes(app, ctx);
  registerMerchantRoutes(app, ctx);
  registerMerchantOpsRoutes(app, ctx);
  registerOrderRoutes(app, ctx);
  registerShippingRoutes(app, ctx);
  registerReviewRoutes(app, ctx);
  registerPromotionRoutes(app, ctx);
  registerCatalogRoutes(app, ctx);
  registerControlRoutes(app, ctx);
  return { app, ctx, routes };
}

function clientIdOf(request: FastifyRequest): string | undefined {
  const body = request.body as { client_id?: unknown } | undefined;
  return typeof body?.client_id === 'string' ? body.client_id : undefined;
}

function sendError(error: FastifyError | SandboxError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const module = moduleOf(request.url);
  let sandboxError: SandboxError;
  if (error instanceof SandboxError) {
    sandboxError = error;
  } else {
    // Framework errors: malformed JSON, body too large, wrong content type. Never a crash.
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    const message = frameworkMessage(status, error.code);
    if (status === 500) request.log.error(error);
    sandboxError = new SandboxError(status, genericCode(status), message);
  }
  return reply
    .code(sandboxError.status)
    .type('application/json')
    .send(errorBody(module, sandboxError, request.url.split('?')[0] ?? request.url));
}

/**
 * The framework's own refusals, in the platform's words (Portuguese): fastify writes them in English,
 * and a Brazilian platform would not pass that through.
 */
function frameworkMessage(status: number, code: string | undefined): string {
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'o corpo JSON está vazio';
  if (code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') return 'o Content-Length não confere com o corpo';
  const byStatus: Record<number, string> = {
    400: 'o corpo da requisição é inválido (JSON ou formulário malformado)',
    413: 'o corpo da requisição é grande demais',
    415: 'tipo de conteúdo não suportado',
    500: 'erro interno',
  };
  return byStatus[status] ?? 'requisição recusada';
}
