import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import sirv from 'sirv';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { App } from '../../app/app';
import { systemClock, type Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import { serveContractSocket } from '../../hub/link/contract-socket';
import { answerUnparsable, parseJson, readBody, reply, replyTooLarge } from '../../hub/link/http-replies';
import { closeServerNow, openSocketDoor } from '../../hub/link/socket-door';
import { servedRendererPath } from '../renderer-files';
import { CONTENT_SECURITY_POLICY, hostAllowed, originAllowed, requestPath } from './security';
import { WebSessions } from './sessions';

/**
 * The web shell: the same contract as the Electron preload, over loopback HTTP (the built renderer,
 * nothing secret in it) and a WebSocket (invoke and push), which only a session opens. Kiosk
 * terminals, development and the end-to-end tests use it. No request, however malformed, throws out
 * of a handler: each parse fails into a 4xx answer, and a last guard answers 500 and keeps serving.
 */
export interface WebHost {
  origin: string;
  port: number;
  sessions: WebSessions;
  close(): Promise<void>;
}

export interface WebHostOptions {
  app: App;
  rendererDir: string;
  logger: Logger;
  port?: number;
  clock?: Clock;
}

const AuthMessage = z.object({ session: z.string().max(200) });
const SessionRequest = z.object({ launch: z.string().max(200) }).strict();

const MAX_SESSION_BODY_BYTES = 1024;
/** A socket that has not shown its session by then is closed. */
const AUTH_TIMEOUT_MS = 5_000;
/** A page that stops reading (a frozen tab) is cut past this backlog: it reloads its board when it reconnects. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
/** A page's reads at start come a few dozen at once (a menu's dishes, a few hundred): thousands unanswered is a runaway loop. */
const MAX_IN_FLIGHT = 1024;
/** Close codes the page understands: its session is unknown here (the host restarted, say). */
export const CLOSE_NO_SESSION = 4401;

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

function answer(response: ServerResponse, status: number, body: string, type?: string): void {
  reply(response, SECURITY_HEADERS, status, body, type);
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const { app, logger } = options;
  const sessions = new WebSessions(options.clock ?? systemClock, logger);
  const serveStatic = sirv(options.rendererDir, {
    dev: false,
    etag: false,
    single: true,
    setHeaders: (res) => {
      for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    },
  });
  let port = 0;

  /** POST /session {launch}: a launch token for a session, once. */
  const openSession = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (!originAllowed(request.headers.origin, port)) return answer(response, 403, 'foreign origin');
    if (!/^application\/json\b/.test(request.headers['content-type'] ?? '')) return answer(response, 415, 'JSON only');
    const body = await readBody(request, MAX_SESSION_BODY_BYTES);
    if (body === 'too-large') return replyTooLarge(request, response, SECURITY_HEADERS);
    const parsed = body === undefined ? undefined : SessionRequest.safeParse(parseJson(body));
    if (!parsed?.success) return answer(response, 400, 'bad request');
    const session = sessions.redeem(parsed.data.launch);
    if (!session) {
      logger.warn('web host: a launch link was refused (used, expired or wrong)');
      return answer(response, 401, JSON.stringify({ error: 'launch link used or expired' }), 'application/json');
    }
    answer(response, 200, JSON.stringify({ session }), 'application/json');
  };

  const route = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (!hostAllowed(request, port)) return answer(response, 421, 'wrong host');
    const path = requestPath(request.url);
    if (path === undefined) return answer(response, 400, 'bad request target');
    if (path === '/session') {
      if (request.method !== 'POST') return answer(response, 405, 'method not allowed');
      return openSession(request, response);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(response, 405, 'method not allowed');
    if (!servedRendererPath(path)) return answer(response, 404, 'not found');
    serveStatic(request, response, () => answer(response, 404, 'not found'));
  };

  const server = createServer({ headersTimeout: 10_000, requestTimeout: 30_000, maxHeaderSize: 16 * 1024 }, (request, response) => {
    route(request, response).catch((error: unknown) => {
      logger.error('web host: request failed', { error });
      answer(response, 500, 'internal error');
    });
  });
  // Requests Node cannot parse (bad request line, huge or repeated headers, timeouts) end here.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    logger.debug('web host: malformed request', { code: error.code });
    answerUnparsable(error, socket);
  });

  const sockets = openSocketDoor(server, {
    logger,
    allows: (request) => hostAllowed(request, port) && originAllowed(request.headers.origin, port) && requestPath(request.url) === '/ipc',
    refused: (request) => logger.warn('web host: socket refused', { origin: String(request.headers.origin ?? '').slice(0, 100) }),
    serve: (ws) => serveSocket(ws),
  });

  const endpoint = { invoke: (channel: unknown, input: unknown) => app.ipc.invoke(channel, input), connect: app.push.connect.bind(app.push) };
  const noSession = { code: CLOSE_NO_SESSION, reason: 'no session' };
  const serveSocket = (ws: WebSocket): void => {
    serveContractSocket(ws, {
      logger,
      // The first message shows the session; nothing is answered before it.
      admit: (first) => {
        const auth = AuthMessage.safeParse(first);
        return auth.success && sessions.isSession(auth.data.session) ? { endpoint } : noSession;
      },
      firstMessageWithinMs: AUTH_TIMEOUT_MS,
      late: noSession,
      maxBufferedBytes: MAX_BUFFERED_BYTES,
      maxInFlight: MAX_IN_FLIGHT,
    });
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    sessions,
    close: () => closeServerNow(server, sockets),
  };
}
