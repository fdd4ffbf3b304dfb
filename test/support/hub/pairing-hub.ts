import { once } from 'node:events';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { connect, createServer as createTlsServer, type TLSSocket } from 'node:tls';
import { generate } from 'selfsigned';
import type { HubIdentity, PairingDesk } from '../../../src-main/hub/contract';
import { certificateFingerprint } from '../../../src-main/hub/trust/fingerprint';
import { PAIRING_BODY_LIMIT_BYTES } from '../../../src-main/hub/trust/pairing-wire';

/**
 * The pairing desk on a real HTTPS server with the hub's certificate, on loopback: what the link's
 * route does (`POST /pair/<step>`, a body limit, JSON), so pairing is tested over real TLS.
 */
export async function startPairingServer(identity: HubIdentity, desk: PairingDesk): Promise<{ port: number; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = createHttpsServer({ cert: identity.certPem, key: identity.keyPem }, (req, res) => {
    const step = /^\/pair\/([a-z]+)$/.exec(req.url ?? '')?.[1];
    requests.push(req.url ?? '');
    const reply = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || !step) return reply(404, {});
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > PAIRING_BODY_LIMIT_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return reply(400, {});
      }
      desk.answer(step, body, { address: req.socket.remoteAddress ?? '' }).then(
        (answer) => reply(answer.status, answer.body),
        () => reply(500, {}),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/**
 * A man in the middle on the store's network: it ends the screen's TLS with a certificate of its
 * own, opens its own TLS connection to the hub, and relays every byte both ways unchanged.
 */
export async function startTlsRelay(hubPort: number): Promise<{ port: number; fingerprint: string; close(): Promise<void> }> {
  const own = await generate([{ name: 'commonName', value: 'Store Terminal hub' }], { keyType: 'ec', curve: 'P-256', algorithm: 'sha256' });
  const sockets = new Set<TLSSocket>();
  const server = createTlsServer({ cert: own.cert, key: own.private }, (screen) => {
    const hub = connect({ host: '127.0.0.1', port: hubPort, rejectUnauthorized: false });
    for (const socket of [screen, hub]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    screen.pipe(hub).pipe(screen);
    screen.on('close', () => hub.destroy());
    hub.on('close', () => screen.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    fingerprint: certificateFingerprint(own.cert),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}

/** A TLS server with the hub's certificate that accepts connections and never answers (a hung hub). */
export async function startSilentTls(identity: HubIdentity): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<TLSSocket>();
  const server = createTlsServer({ cert: identity.certPem, key: identity.keyPem }, (socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
