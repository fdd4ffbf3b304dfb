import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeNow, listenOn } from '../../base/listening';
import type { Logger } from '../../base/log';

/**
 * The admin port (loopback by default: `--admin-listen 127.0.0.1:9464`): `/healthz` (the process
 * answers), `/readyz` (the database answers and its migrations are done: a load balancer sends
 * screens only to a ready replica), `/metrics` (Prometheus). Nothing here is for store terminals.
 */
export interface AdminServer {
  port: number;
  close(): Promise<void>;
}

export async function startAdminServer(options: {
  host: string;
  port: number;
  logger: Logger;
  ready(): Promise<{ ok: true } | { ok: false; reason: string }>;
  metrics(): Promise<string>;
  contentType: string;
}): Promise<AdminServer> {
  const text = (response: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void => {
    response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    response.end(body);
  };
  const route = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET') return text(response, 405, 'method not allowed\n');
    if (path === '/healthz') return text(response, 200, 'ok\n');
    if (path === '/readyz') {
      const ready = await options.ready().catch((error: unknown) => ({ ok: false as const, reason: String((error as Error)?.message ?? error) }));
      return ready.ok ? text(response, 200, 'ready\n') : text(response, 503, `not ready: ${ready.reason}\n`);
    }
    if (path === '/metrics') return text(response, 200, await options.metrics(), options.contentType);
    return text(response, 404, 'not found\n');
  };
  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      options.logger.error('admin: a request failed', { error });
      if (!response.headersSent) text(response, 500, 'internal error\n');
    });
  });
  return { port: await listenOn(server, options.port, options.host), close: () => closeNow(server) };
}
