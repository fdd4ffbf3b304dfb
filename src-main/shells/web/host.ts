import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import type { App } from '../../app/app';
import type { Logger } from '../../base/log';
import {
  CONTENT_SECURITY_POLICY,
  SESSION_COOKIE,
  cookieValue,
  hostAllowed,
  originAllowed,
  secretMatches,
} from './security';

/**
 * The web shell: the same contract as the Electron preload, over loopback HTTP (the built renderer)
 * and a WebSocket (invoke and push). Kiosk terminals, development and the end-to-end tests use it.
 */
export interface WebHost {
  /** The launch URL, secret included: what a window opens. */
  launchUrl: string;
  origin: string;
  port: number;
  close(): Promise<void>;
}

export interface WebHostOptions {
  app: App;
  rendererDir: string;
  logger: Logger;
  port?: number;
  secret?: string;
}

const InvokeMessage = z.object({ id: z.number().int(), channel: z.string(), input: z.unknown() });
const MAX_MESSAGE_BYTES = 1024 * 1024;

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

function refuse(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
  response.end(message);
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const { app, logger } = options;
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  const serveStatic = sirv(options.rendererDir, { dev: false, etag: false, single: true, setHeaders: (res) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
  } });
  let port = 0;

  const authorized = (request: IncomingMessage): boolean => secretMatches(cookieValue(request, SESSION_COOKIE), secret);

  const server = createServer((request, response) => {
    if (!hostAllowed(request, port)) return refuse(response, 421, 'wrong host');
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    const offered = url.searchParams.get('secret');
    if (offered !== null) {
      if (!secretMatches(offered, secret)) {
        logger.warn('web host: wrong secret refused', { path: url.pathname });
        return refuse(response, 401, 'Store Terminal: this link is not valid. Open the link printed at launch.');
      }
      // Trade the secret in the URL for a cookie, and drop it from the address bar.
      response.writeHead(303, {
        ...SECURITY_HEADERS,
        location: '/',
        'set-cookie': `${SESSION_COOKIE}=${encodeURIComponent(secret)}; HttpOnly; SameSite=Strict; Path=/`,
      });
      return response.end();
    }
    if (!authorized(request)) return refuse(response, 401, 'Store Terminal: open the link printed at launch (it carries the secret).');
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(response, 405, 'method not allowed');
    serveStatic(request, response, () => refuse(response, 404, 'not found'));
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  server.on('upgrade', (request, socket, head) => {
    const ok =
      hostAllowed(request, port) &&
      originAllowed(request.headers.origin, port) &&
      authorized(request) &&
      new URL(request.url ?? '/', 'http://x').pathname === '/ipc';
    if (!ok) {
      logger.warn('web host: socket refused', { origin: request.headers.origin, host: request.headers.host });
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => serveSocket(ws));
  });

  const serveSocket = (ws: WebSocket): void => {
    const disconnect = app.push.connect((event, payload) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ push: event, payload }));
    });
    ws.on('close', disconnect);
    ws.on('error', (error) => logger.warn('web host: socket error', { error }));
    ws.on('message', (data) => {
      let message: z.infer<typeof InvokeMessage>;
      try {
        message = InvokeMessage.parse(JSON.parse(String(data)));
      } catch {
        ws.send(JSON.stringify({ id: -1, result: { ok: false, error: { code: 'bad-input', message: 'malformed message' } } }));
        return;
      }
      void app.ipc.invoke(message.channel, message.input).then((result) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id: message.id, result }));
      });
    });
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  return {
    launchUrl: `${origin}/?secret=${secret}`,
    origin,
    port,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
