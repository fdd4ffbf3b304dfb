import { createSocket } from 'node:dgram';
import type { NetworkInterfaceInfo } from 'node:os';
import { problemOfSocketError, type DiscoveryProblem } from './problems';

/** mDNS's port (RFC 6762). */
export const MDNS_PORT = 5353;

/**
 * The interfaces mDNS could speak on: the named ones (a name or one of its addresses) when the hub
 * is told where to announce, otherwise every one that is up with an address and not loopback.
 */
export function multicastInterfaces(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>, only?: readonly string[]): string[] {
  return Object.entries(interfaces)
    .filter(([name, infos = []]) => (only ? only.includes(name) || infos.some((info) => only.includes(info.address)) : infos.some((info) => !info.internal)))
    .map(([name]) => name);
}

/**
 * Whether this process may hold the mDNS port as a responder does (shared, SO_REUSEADDR). ciao keeps
 * a failed bind to itself (a line on the console, no error to its caller), so the hub asks first, to
 * say why screens will not find it rather than be silently missing from their lists.
 */
export function checkMulticastPort(port: number = MDNS_PORT): Promise<DiscoveryProblem | null> {
  return new Promise((resolve) => {
    const socket = createSocket({ type: 'udp4', reuseAddr: true });
    const done = (problem: DiscoveryProblem | null): void => {
      socket.removeAllListeners();
      // The error of a close after a failed bind says nothing new.
      socket.on('error', () => {});
      try {
        socket.close();
      } catch {
        // never bound: nothing to close
      }
      resolve(problem);
    };
    socket.once('error', (error) => done(problemOfSocketError(error)));
    socket.bind(port, () => done(null));
  });
}

/** Why the hub will not be found by name here, if anything: no interface yet, or a port it may not hold. */
export async function checkMulticast(options: {
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>;
  only?: readonly string[];
  port?: number;
}): Promise<DiscoveryProblem | null> {
  const portProblem = await checkMulticastPort(options.port);
  if (portProblem) return portProblem;
  if (multicastInterfaces(options.interfaces, options.only).length === 0) {
    const where = options.only ? ` among ${options.only.join(', ')}` : '';
    return { kind: 'no-interface', message: `no network interface to announce the hub on${where}` };
  }
  return null;
}
