import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How the terminal's servers (the web shell's loopback host, the hub on the store's network) answer
 * a request without ever throwing: every malformed input ends in a 4xx answer, and the connection of
 * a request cut short is closed rather than left half-read.
 */

export function reply(response: ServerResponse, headers: Record<string, string>, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.writeHead(status, { ...headers, 'content-type': type, connection: 'close' });
  response.end(body);
}

export function refuseUpgrade(socket: Socket, status: number, reason: string): void {
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  else socket.destroy();
}

/**
 * Requests Node cannot parse (bad request line, huge or repeated headers, timeouts): a status, then
 * the connection goes. An HTTPS server hands its TLS failures here too (a handshake broken or
 * overdue): a connection that never got through TLS has nobody to read a status, and a reply would
 * wait on a handshake that is not coming, so it is cut at once.
 */
export function answerUnparsable(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!/^(HPE_|ERR_HTTP_)/.test(error.code ?? '')) return void socket.destroy();
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? '431 Request Header Fields Too Large'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? '408 Request Timeout'
        : '400 Bad Request';
  if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  else socket.destroy();
}

/** The request's body, at most `limit` bytes: `too-large` beyond that, undefined when the request breaks off. */
export function readBody(request: IncomingMessage, limit: number): Promise<string | 'too-large' | undefined> {
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

/** The body refused for its size: answered, then the connection goes (the rest of the body is not read). */
export function replyTooLarge(request: IncomingMessage, response: ServerResponse, headers: Record<string, string>): void {
  response.on('finish', () => request.destroy());
  reply(response, headers, 413, 'too large');
}

/** JSON text as a value, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The path of a request target, or undefined for anything but an origin-form path (`/x?y`). */
export function requestPath(target: string | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return undefined;
  try {
    return new URL(target, 'http://127.0.0.1').pathname;
  } catch {
    return undefined;
  }
}
