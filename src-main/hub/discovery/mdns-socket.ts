import makeMdns from 'multicast-dns';
import type { RemoteInfo } from 'node:dgram';
import type { Logger } from '../../base/log';
import { MDNS_PORT } from './multicast-check';
import { problemOfSocketError, type DiscoveryProblem } from './problems';

/** A response as multicast-dns decodes it; its records are read as hostile where they are used. */
export interface MdnsResponse {
  answers?: unknown;
  additionals?: unknown;
}
export type ResponseListener = (packet: MdnsResponse, from: RemoteInfo) => void;

/**
 * What a browser needs of mDNS: hear responses, send queries. bonjour-service's Browser takes any
 * object with these three methods, so the screen owns the socket and tests hand in their own.
 */
export interface MdnsTransport {
  on(event: 'response', listener: ResponseListener): void;
  removeListener(event: 'response', listener: ResponseListener): void;
  query(name: string, type: 'PTR'): void;
}

/**
 * A transport whose listeners cannot throw into the socket: a listener's throw from a 'message'
 * event would be an uncaught exception, and a crafted packet must never end the app.
 */
export function guardedTransport(inner: MdnsTransport, log: Pick<Logger, 'warn'>): MdnsTransport {
  const wrapped = new Map<ResponseListener, ResponseListener>();
  return {
    on(event, listener) {
      const guard: ResponseListener = (packet, from) => {
        try {
          listener(packet, from);
        } catch (error) {
          log.warn('mDNS response could not be read', { error, from: from?.address });
        }
      };
      wrapped.set(listener, guard);
      inner.on(event, guard);
    },
    removeListener(event, listener) {
      const guard = wrapped.get(listener);
      if (!guard) return;
      wrapped.delete(listener);
      inner.removeListener(event, guard);
    },
    query: (name, type) => inner.query(name, type),
  };
}

export interface MdnsSocket {
  transport: MdnsTransport;
  close(): Promise<void>;
}

/**
 * The screen's mDNS socket (multicast-dns, the transport bonjour-service itself uses), opened here so
 * its errors are ours to hear: bonjour-service's own socket lets a bind error (EADDRINUSE, EACCES)
 * go unheard, and an unheard 'error' event ends the process.
 */
export function openMdnsSocket(options: {
  log: Logger;
  onProblem: (problem: DiscoveryProblem) => void;
  /** Listen and query on this interface's address only; every interface when absent. */
  interfaceAddress?: string;
  port?: number;
}): MdnsSocket {
  const mdns = makeMdns({
    port: options.port ?? MDNS_PORT,
    // Bound to the wildcard address: a socket bound to an interface's address never receives the group's datagrams.
    bind: '0.0.0.0',
    reuseAddr: true,
    loopback: true,
    ...(options.interfaceAddress ? { interface: options.interfaceAddress } : {}),
  });
  mdns.on('error', (error: unknown) => options.onProblem(problemOfSocketError(error)));
  // Undecodable packets and interfaces that refuse the group: expected on a busy network, worth a debug line only.
  mdns.on('warning', (error: unknown) => options.log.debug('mDNS warning', { error }));
  const transport: MdnsTransport = {
    on: (event, listener) => void mdns.on(event, listener),
    removeListener: (event, listener) => void mdns.removeListener(event, listener),
    query: (name, type) => mdns.query(name, type),
  };
  return {
    transport,
    close: () =>
      new Promise<void>((resolve) => {
        try {
          mdns.destroy(() => resolve());
        } catch {
          // A socket whose bind failed has nothing left to close.
          resolve();
        }
      }),
  };
}
