import { request } from 'node:http';
import { isIP } from 'node:net';
import { connect, type TLSSocket } from 'node:tls';
import { AppError } from '../../../src-shared/errors';
import { certificateFingerprint } from './fingerprint';
import { PAIRING_ANSWER_LIMIT_BYTES, PairingError } from './pairing-wire';

export interface PinnedAnswer {
  status: number;
  body: unknown;
  /** The certificate this connection was made with (what the PAKE's transcript must hold). */
  fingerprint: string;
}

/**
 * A TLS connection to a hub whose certificate no CA vouches for, its handshake finished and its
 * certificate checked, before anything is written on it: with a pin, a different certificate ends
 * the connection there, so nothing is sent to a host that is not the pinned hub. Without a pin (the
 * first hello of a typed code) the certificate is only recorded; the PAKE proves it afterwards.
 * The caller owns the socket (an HTTP request or a WebSocket can run on it: `createConnection`).
 */
export function connectPinned(
  target: { host: string; port: number },
  pin: string | null,
  timeoutMs: number,
): Promise<{ socket: TLSSocket; fingerprint: string }> {
  const socket = connect({
    host: target.host,
    port: target.port,
    // SNI takes names, not addresses.
    ...(isIP(target.host) ? {} : { servername: target.host }),
    // The certificate is self-signed by design: it is checked by its fingerprint below, never by a CA (nor by dates a screen's clock may get wrong).
    rejectUnauthorized: false,
  });
  // Failures are read from the handshake here and the request after it; a late one must not crash the screen.
  socket.on('error', () => {});
  const timer = setTimeout(() => socket.destroy(new AppError('timeout', `The hub at ${target.host}:${target.port} did not answer in time.`)), timeoutMs);
  return new Promise<{ socket: TLSSocket; fingerprint: string }>((resolve, reject) => {
    socket.once('error', (error) => reject(asAppError(error, target)));
    socket.once('secureConnect', () => {
      const raw = socket.getPeerCertificate().raw as Buffer | undefined;
      const fingerprint = raw ? certificateFingerprint(raw) : null;
      if (!fingerprint) reject(new AppError('connection', 'The hub presented no certificate.'));
      else if (pin !== null && fingerprint !== pin) {
        reject(
          new PairingError({
            code: 'forbidden',
            reason: 'not-the-hub',
            message: 'The device that answered is not the hub this screen expects (its certificate differs).',
          }),
        );
      } else resolve({ socket, fingerprint });
    });
  }).then(
    (connected) => {
      clearTimeout(timer);
      return connected;
    },
    (error: unknown) => {
      clearTimeout(timer);
      socket.destroy();
      throw error;
    },
  );
}

/** One JSON POST on a pinned connection (see connectPinned), answered within `timeoutMs` in all. */
export function pinnedPost(target: { host: string; port: number }, pin: string | null, path: string, body: unknown, timeoutMs: number): Promise<PinnedAnswer> {
  return pinnedRequest(target, pin, path, JSON.stringify(body), timeoutMs);
}

/** One GET on a connection pinned to `pin` (the hub's card), answered within `timeoutMs` in all. */
export function pinnedGet(target: { host: string; port: number }, pin: string, path: string, timeoutMs: number): Promise<PinnedAnswer> {
  return pinnedRequest(target, pin, path, null, timeoutMs);
}

async function pinnedRequest(
  target: { host: string; port: number },
  pin: string | null,
  path: string,
  json: string | null,
  timeoutMs: number,
): Promise<PinnedAnswer> {
  const started = performance.now();
  const { socket, fingerprint } = await connectPinned(target, pin, timeoutMs);
  const left = Math.max(1, timeoutMs - (performance.now() - started));
  const timer = setTimeout(() => socket.destroy(new AppError('timeout', `The hub at ${target.host}:${target.port} did not answer in time.`)), left);
  try {
    return { ...(await ask(socket, target, path, json)), fingerprint };
  } finally {
    clearTimeout(timer);
    socket.destroy();
  }
}

/** A POST of `json`, or a GET when it is null. */
function ask(socket: TLSSocket, target: { host: string; port: number }, path: string, json: string | null): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        createConnection: () => socket,
        host: target.host,
        port: target.port,
        method: json === null ? 'GET' : 'POST',
        path,
        headers:
          json === null ? { connection: 'close' } : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json), connection: 'close' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > PAIRING_ANSWER_LIMIT_BYTES) res.destroy(new AppError('validation', 'The hub’s answer is too large.'));
          else chunks.push(chunk);
        });
        res.on('error', (error) => reject(asAppError(error, target)));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
          } catch {
            reject(new AppError('validation', 'The hub’s answer is not JSON.'));
          }
        });
      },
    );
    req.on('error', (error) => reject(asAppError(error, target)));
    req.end(json ?? undefined);
  });
}

function asAppError(error: unknown, target: { host: string; port: number }): AppError {
  if (error instanceof AppError) return error;
  return new AppError('connection', `The hub at ${target.host}:${target.port} cannot be reached: ${(error as Error).message}`, { cause: error });
}
