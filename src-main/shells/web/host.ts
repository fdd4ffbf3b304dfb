import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import sirv from 'sirv';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { z } from 'zod';
import type { App } from '../../app/app';
import { systemClock, type Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
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

const InvokeMessage = z.object({ id: z.number().int(), channel: z.string().max(100), input: z.unknown() });
const AuthMessage = z.object({ session: z.string().max(200) });
const SessionRequest = z.object({ launch: z.string().max(200) }).strict();

const MAX_MESSAGE_BYTES = 1024 * 1024;
const MAX_SESSION_BODY_BYTES = 1024;
/** A socket that has not shown its session by then is closed. */
const AUTH_TIMEOUT_MS = 5_000;
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

function answer(response: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type, connection: 'close' });
  response.end(body);
}

function refuseUpgrade(socket: Socket, status: number, reason: string): void {
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  else socket.destroy();
}

/** The request's body, at most `limit` bytes: `too-large` beyond that, undefined when the request breaks off. */
function readBody(request: IncomingMessage, limit: number): Promise<string | 'too-large' | undefined> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve('too-large');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.removeAllListeners('data');
        resolve('too-large');
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', () => resolve(undefined));
    request.on('aborted', () => resolve(undefined));
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
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
    if (body === 'too-large') {
      // Answered, then the connection goes: the rest of the body is not read.
      response.on('finish', () => request.destroy());
      return answer(response, 413, 'too large');
    }
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
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    else socket.destroy();
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    try {
      socket.on('error', () => socket.destroy());
      const ok = hostAllowed(request, port) && originAllowed(request.headers.origin, port) && requestPath(request.url) === '/ipc';
      if (!ok) {
        logger.warn('web host: socket refused', { origin: String(request.headers.origin ?? '').slice(0, 100) });
        return refuseUpgrade(socket, 403, 'Forbidden');
      }
      sockets.handleUpgrade(request, socket, head, (ws) => serveSocket(ws));
    } catch (error) {
      logger.warn('web host: bad upgrade request', { error });
      refuseUpgrade(socket, 400, 'Bad Request');
    }
  });

  const serveSocket = (ws: WebSocket): void => {
    let disconnect: (() => void) | undefined;
    const timer = setTimeout(() => ws.close(CLOSE_NO_SESSION, 'no session'), AUTH_TIMEOUT_MS);
    ws.on('close', () => {
      clearTimeout(timer);
      disconnect?.();
    });
    ws.on('error', (error) => logger.warn('web host: socket error', { error }));
    const send = (message: unknown): void => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    ws.on('message', (data: RawData) => {
      const message = parseJson(String(data));
      if (!disconnect) {
        // The first message shows the session; nothing is answered before it.
        const auth = AuthMessage.safeParse(message);
        if (!auth.success || !sessions.isSession(auth.data.session)) {
          ws.close(CLOSE_NO_SESSION, 'no session');
          return;
        }
        clearTimeout(timer);
        disconnect = app.push.connect((event, payload) => send({ push: event, payload }));
        send({ ready: true });
        return;
      }
      const invoke = InvokeMessage.safeParse(message);
      if (!invoke.success) {
        send({ id: -1, result: { ok: false, error: { code: 'bad-input', message: 'malformed message' } } });
        return;
      }
      void app.ipc.invoke(invoke.data.channel, invoke.data.input).then((result) => send({ id: invoke.data.id, result }));
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
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
