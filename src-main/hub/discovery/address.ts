import { isIPv4, isIPv6 } from 'node:net';
import type { NetworkInterfaceInfo } from 'node:os';
import { HUB_PORT } from '../../../src-shared/hub-port';

/**
 * A hub's address typed by hand: the fallback where mDNS does not reach (a guest Wi-Fi that blocks
 * multicast, a VLAN between the kitchen and the counter). Staff type what the hub's Settings › Screens
 * shows: `192.168.0.10`, `hub.local:47110`, `[fe80::1%eth0]:47110`.
 */

/** The port a hub listens on unless its settings say otherwise, and what an address without one means. */
export const DEFAULT_HUB_PORT = HUB_PORT;

export type HubAddressFamily = 'ipv4' | 'ipv6' | 'name';

export interface HubAddress {
  /** An IPv4 or IPv6 address (without brackets, with its zone if any), or a host name. */
  host: string;
  port: number;
  family: HubAddressFamily;
}

export type HubAddressErrorKind =
  | 'empty'
  | 'too-long'
  | 'not-an-address' // a URL, a path, spaces, user@host: anything but host[:port]
  | 'bad-port'
  | 'bad-ipv4'
  | 'bad-ipv6'
  | 'bad-name';

export interface HubAddressError {
  kind: HubAddressErrorKind;
  message: string;
}

export type HubAddressResult = { ok: true; address: HubAddress } | { ok: false; error: HubAddressError };

/** Longer than any host name (253) with a port and an IPv6 zone: a paste gone wrong. */
const MAX_LENGTH = 300;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const ZONE = /^[A-Za-z0-9_.-]{1,32}$/;
const DOTTED_NUMBERS = /^[0-9.]+$/;

const fail = (kind: HubAddressErrorKind, message: string): HubAddressResult => ({ ok: false, error: { kind, message } });

function parsePort(text: string): number | null {
  if (!/^[0-9]{1,5}$/.test(text)) return null;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? port : null;
}

function ipv6Host(inside: string, port: number): HubAddressResult {
  const [ip = '', zone, ...rest] = inside.split('%');
  if (rest.length > 0 || !isIPv6(ip) || (zone !== undefined && !ZONE.test(zone))) {
    return fail('bad-ipv6', `"${inside}" is not an IPv6 address`);
  }
  return { ok: true, address: { host: zone === undefined ? ip.toLowerCase() : `${ip.toLowerCase()}%${zone}`, port, family: 'ipv6' } };
}

function nameOrIpv4(host: string, port: number): HubAddressResult {
  // A trailing dot is the root of the DNS, not part of the name.
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (DOTTED_NUMBERS.test(name)) {
    return isIPv4(name) ? { ok: true, address: { host: name, port, family: 'ipv4' } } : fail('bad-ipv4', `"${host}" is not an IPv4 address`);
  }
  const labels = name.split('.');
  // The last label all digits is an IPv4 address gone wrong (RFC 3696 §2), not a name.
  if (name.length > 253 || !labels.every((label) => LABEL.test(label)) || /^[0-9]+$/.test(labels.at(-1) ?? '')) {
    return fail('bad-name', `"${host}" is not a host name`);
  }
  return { ok: true, address: { host: name.toLowerCase(), port, family: 'name' } };
}

/** Reads what staff typed; every mistake comes back as a kind the screen puts into words. */
export function parseHubAddress(typed: string, defaultPort: number = DEFAULT_HUB_PORT): HubAddressResult {
  const text = typed.trim();
  if (text.length === 0) return fail('empty', 'no address');
  if (text.length > MAX_LENGTH) return fail('too-long', `an address is at most ${MAX_LENGTH} characters`);
  if (/[\s/@?#]/.test(text)) return fail('not-an-address', `"${text}" is not host or host:port`);

  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close < 0) return fail('bad-ipv6', 'an IPv6 address in brackets needs its closing "]"');
    const after = text.slice(close + 1);
    if (after !== '' && !after.startsWith(':')) return fail('not-an-address', `"${text}" is not [IPv6]:port`);
    const port = after === '' ? defaultPort : parsePort(after.slice(1));
    if (port === null) return fail('bad-port', `"${after.slice(1)}" is not a port (1-65535)`);
    return ipv6Host(text.slice(1, close), port);
  }
  if (text.includes(']')) return fail('bad-ipv6', 'a "]" without its "["');

  const colons = text.split(':').length - 1;
  // More than one colon and no brackets: an IPv6 address with no port, or one that needs brackets to carry one.
  if (colons > 1) {
    return isIPv6(text.split('%')[0] ?? '') ? ipv6Host(text, defaultPort) : fail('bad-ipv6', `"${text}" is not an IPv6 address (write [address]:port)`);
  }
  const [host = '', portText] = text.split(':');
  if (host === '') return fail('empty', 'no host before the port');
  const port = portText === undefined ? defaultPort : parsePort(portText);
  if (port === null) return fail('bad-port', `"${portText}" is not a port (1-65535)`);
  return nameOrIpv4(host, port);
}

/** How an address is written back: IPv6 in brackets whenever a port follows. */
export function formatHubAddress(address: HubAddress): string {
  return address.family === 'ipv6' ? `[${address.host}]:${address.port}` : `${address.host}:${address.port}`;
}

/**
 * The addresses a hub shows in Settings › Screens for staff to type on a screen: IPv4 first (short,
 * and what a person reads best), then global IPv6; never loopback, and never link-local IPv6, which
 * needs the screen's own interface name.
 */
export function typedAddressesOf(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>, port: number): string[] {
  const all = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((info) => !info.internal);
  const v4 = all.filter((info) => info.family === 'IPv4').map((info) => formatHubAddress({ host: info.address, port, family: 'ipv4' }));
  const v6 = all
    .filter((info) => info.family === 'IPv6' && !/^fe[89ab]/i.test(info.address))
    .map((info) => formatHubAddress({ host: info.address, port, family: 'ipv6' }));
  return [...new Set([...v4, ...v6])];
}
