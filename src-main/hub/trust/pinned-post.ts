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
 * One JSON POST over TLS to a hub whose certificate no CA vouches for. The handshake finishes
 * before a byte of the request is written, and when a pin is given a different certificate ends
 * the connection there: nothing is sent to a host that is not the pinned hub. Without a pin (the
 * first hello of a typed code) the certificate is only recorded; the PAKE proves it afterwards.
 */
export async function pinnedPost(target: { host: string; port: number }, pin: string | null, path: string, body: unknown, timeoutMs: number): Promise<PinnedAnswer> {
  const socket = connect({
    host: target.host,
    port: target.port,
    // SNI takes names, not addresses.
    ...(isIP(target.host) ? {} : { servername: target.host }),
    // The certificate is self-signed by design: it is checked by its fingerprint below, never by a CA.
    rejectUnauthorized: false,
  });
  // Failures are read from the handshake and the request below; a late one after them must not crash the screen.
  socket.on('error', () => {});
  const timer = setTimeout(() => socket.destroy(new AppError('timeout', `The hub at ${target.host}:${target.port} did not answer in time.`)), timeoutMs);
  try {
    const fingerprint = await handshake(socket, target);
    if (pin !== null && fingerprint !== pin) {
      throw new PairingError({ code: 'forbidden', reason: 'not-the-hub', message: 'The device that answered is not the hub this screen expects (its certificate differs).' });
    }
    const answer = await post(socket, target, path, JSON.stringify(body));
    return { ...answer, fingerprint };
  } finally {
    clearTimeout(timer);
    socket.destroy();
  }
}

function handshake(socket: TLSSocket, target: { host: string; port: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('error', (error) => reject(asAppError(error, target)));
    socket.once('secureConnect', () => {
      const raw = socket.getPeerCertificate().raw as Buffer | undefined;
      if (raw) resolve(certificateFingerprint(raw));
      else reject(new AppError('connection', 'The hub presented no certificate.'));
    });
  });
}

function post(socket: TLSSocket, target: { host: string; port: number }, path: string, json: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        createConnection: () => socket,
        host: target.host,
        port: target.port,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json), connection: 'close' },
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
    req.end(json);
  });
}

function asAppError(error: unknown, target: { host: string; port: number }): AppError {
  if (error instanceof AppError) return error;
  return new AppError('connection', `The hub at ${target.host}:${target.port} cannot be reached: ${(error as Error).message}`, { cause: error });
}
