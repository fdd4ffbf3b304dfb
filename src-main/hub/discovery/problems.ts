import { z } from 'zod';

/**
 * Why the hub cannot be found by name on this network, or a screen cannot look: never fatal. The
 * hub keeps serving its screens, and a screen can still type the hub's address (address.ts).
 */
export const DiscoveryProblemKind = z.enum([
  'no-interface', // no network interface to speak mDNS on (cable out, Wi-Fi off): found again when one comes up
  'port-in-use', // another program holds UDP 5353 without sharing it
  'no-permission', // the system refuses the socket (a sandbox, a firewall policy)
  'socket-failed', // any other failure of the multicast socket
  'announce-failed', // the responder could not announce the hub
]);
export type DiscoveryProblemKind = z.infer<typeof DiscoveryProblemKind>;

export interface DiscoveryProblem {
  kind: DiscoveryProblemKind;
  message: string;
}

/** A socket's failure as a problem with a kind the hub's screen can put into words. */
export function problemOfSocketError(error: unknown): DiscoveryProblem {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'EADDRINUSE') return { kind: 'port-in-use', message };
  if (code === 'EACCES' || code === 'EPERM') return { kind: 'no-permission', message };
  if (code === 'ENODEV' || code === 'EADDRNOTAVAIL' || code === 'ENETUNREACH') return { kind: 'no-interface', message };
  return { kind: 'socket-failed', message };
}

/** The responder's own failure (ciao throws or rejects): the hub is not announced. */
export function announceFailed(error: unknown): DiscoveryProblem {
  return { kind: 'announce-failed', message: error instanceof Error ? error.message : String(error) };
}
