import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Logger } from '../../base/log';
import { refuseUpgrade } from './http-replies';
import { MAX_MESSAGE_BYTES } from './protocol';

/**
 * Where a server's WebSocket upgrades come in (the web shell's page socket, the hub's screens): the
 * ones `allows` lets through become sockets for `serve`; any other, or one too malformed to read,
 * is answered with a status and closed, never thrown.
 */
type Server = HttpServer | HttpsServer;

export function openSocketDoor(
  server: Server,
  options: {
    logger: Logger;
    allows(request: IncomingMessage): boolean;
    refused?(request: IncomingMessage): void;
    serve(ws: WebSocket, request: IncomingMessage): void;
  },
): WebSocketServer {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    try {
      socket.on('error', () => socket.destroy());
      if (!options.allows(request)) {
        options.refused?.(request);
        return refuseUpgrade(socket, 403, 'Forbidden');
      }
      sockets.handleUpgrade(request, socket, head, options.serve);
    } catch (error) {
      options.logger.warn('socket door: bad upgrade request', { error });
      refuseUpgrade(socket, 400, 'Bad Request');
    }
  });
  return sockets;
}

/** Cuts every socket and connection at once, then stops listening (a restart is the peers' to notice). */
export async function closeServerNow(server: Server, sockets: WebSocketServer): Promise<void> {
  for (const client of sockets.clients) client.terminate();
  sockets.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
