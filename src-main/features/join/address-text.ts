import { isIP } from 'node:net';
import { formatHubAddress } from '../../hub/discovery/address';

/** host:port as staff read and type it (an IPv6 address in brackets). */
export function hubAddressText(host: string, port: number): string {
  const family = isIP(host) === 6 ? 'ipv6' : isIP(host) === 4 ? 'ipv4' : 'name';
  return formatHubAddress({ host, port, family });
}
