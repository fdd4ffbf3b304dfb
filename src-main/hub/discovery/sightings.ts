import { isIP } from 'node:net';
import { z } from 'zod';
import { readHubTxt } from './txt';

/** A hub a screen has heard on the network, as the pairing screen lists it. */
export interface FoundHub {
  hubId: string;
  name: string;
  /** The first hex digits of the hub's certificate fingerprint: what staff compare with the hub's screen. */
  fingerprintPrefix: string;
  protocolVersion: number;
  /** The hub's `.local` host name. */
  host: string;
  /** Where to reach it: IPv4 first. */
  addresses: string[];
  port: number;
  lastHeardAt: number;
}

/** A host name: printable, no spaces. */
const HostName = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e\u00a0-\uffff]+$/u);
/** A service's full name: its instance part is free text ("Padaria São João"), but on one line. */
const ServiceName = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x20-\x7e\u00a0-\uffff]+$/u);

/**
 * A service as bonjour-service assembled it from packets anyone on the network may send: read as
 * hostile, field by field. Addresses are checked one by one below (a bad one is left out, not fatal).
 */
const Announced = z.object({
  fqdn: ServiceName,
  host: HostName,
  port: z.number().int().min(1).max(65535),
  addresses: z.array(z.unknown()).max(64).optional(),
  referer: z.object({ address: z.unknown() }).optional(),
  txt: z.unknown(),
});

const MAX_ADDRESSES = 8;

/**
 * The addresses a screen can dial: valid IPs, IPv4 first. A link-local IPv6 address is left out: it
 * arrives without the interface it belongs to, and cannot be dialled without one. With none in the
 * announcement, the address the packet came from.
 */
function dialable(addresses: unknown[], from: unknown): string[] {
  const reachable = (a: unknown): a is string => typeof a === 'string' && isIP(a) !== 0 && !/^fe[89ab]/i.test(a);
  const ips = addresses.filter(reachable);
  const sorted = [...new Set([...ips.filter((a) => isIP(a) === 4), ...ips.filter((a) => isIP(a) === 6)])].slice(0, MAX_ADDRESSES);
  if (sorted.length > 0) return sorted;
  return reachable(from) ? [from] : [];
}

export type Sighting = { ok: true; key: string; hub: FoundHub } | { ok: false; why: string };

/** An announcement heard at `heardAt`, as a hub to list, or why it is ignored. */
export function readSighting(service: unknown, heardAt: number): Sighting {
  const announced = Announced.safeParse(service);
  if (!announced.success) return { ok: false, why: `announcement: ${announced.error.issues[0]?.message ?? 'malformed'}` };
  const { fqdn, host, port, addresses = [], referer, txt } = announced.data;
  const read = readHubTxt(txt);
  if (!read.ok) return { ok: false, why: read.why };
  const reachable = dialable(addresses, referer?.address);
  if (reachable.length === 0) return { ok: false, why: 'no address to reach the hub at' };
  return {
    ok: true,
    // DNS names are case-insensitive (RFC 1035 §2.3.3): one hub, one key, however it is spelled.
    key: fqdn.toLowerCase(),
    hub: {
      hubId: read.txt.id,
      name: read.txt.name,
      fingerprintPrefix: read.txt.fp,
      protocolVersion: read.txt.v,
      host,
      addresses: reachable,
      port,
      lastHeardAt: heardAt,
    },
  };
}

/**
 * The hubs heard lately, by service name. A hub not heard for `staleAfterMs` drops out of the list (it
 * was unplugged without a goodbye) and comes back when heard again. At most `capacity` are kept, the
 * least recently heard making room: a flood of announcements costs the list, never the memory.
 */
export class HubSightings {
  private readonly byKey = new Map<string, FoundHub>();

  constructor(private readonly limits: { staleAfterMs: number; capacity: number }) {}

  saw(key: string, hub: FoundHub): void {
    this.byKey.delete(key);
    this.byKey.set(key, hub);
    // A Map keeps insertion order: the first key is the one heard least recently.
    while (this.byKey.size > this.limits.capacity) this.byKey.delete(this.byKey.keys().next().value as string);
  }

  /** The hub said goodbye (or was heard saying so). */
  gone(key: string): void {
    this.byKey.delete(key.toLowerCase());
  }

  /** The hubs heard within `staleAfterMs` of `now`, by name, then by id (two hubs may share a name). */
  current(now: number): FoundHub[] {
    return [...this.byKey.values()]
      .filter((hub) => now - hub.lastHeardAt <= this.limits.staleAfterMs)
      .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.hubId.localeCompare(b.hubId));
  }
}
