import type { CiaoService, Responder } from '@homebridge/ciao';
import { readdirSync } from 'node:fs';
import { HUB_SERVICE_TYPE, type HubTxtEntries } from './txt';

/** A DNS label is 63 bytes; ciao may add " (2)" on a conflict. */
const INSTANCE_NAME_MAX_BYTES = 56;

/** The service's instance name: the hub's name, without dots (they split DNS names) and short enough for one label. */
export function instanceNameOf(name: string): string {
  let instance = '';
  for (const char of name.replace(/\./g, ' ')) {
    if (Buffer.byteLength(instance + char) > INSTANCE_NAME_MAX_BYTES) break;
    instance += char;
  }
  return instance.trim() || 'Store Terminal';
}

/** An ASCII host name of this hub's own, so two hubs named alike never claim the same `.local` name. */
export function hostnameOf(hubId: string): string {
  return `storeterminal-${hubId
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 16)}`;
}

/**
 * The interfaces ciao is told to follow when the hub is not restricted to some. On Linux ciao reads
 * the names from `ip -o link show`, which writes a veth, VLAN or container interface as
 * `eth0@if12`: ciao then finds no address under that name and never announces there (a hub in a
 * container, or on a VLAN, would be silent). Every name in /sys/class/net is handed over instead, up
 * or down, so ciao follows each as its address comes and goes; an adapter plugged in later is
 * announced on from the hub's next start. Elsewhere ciao's own detection is right.
 */
export function linuxInterfaceNames(): string[] | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    return readdirSync('/sys/class/net');
  } catch {
    return undefined;
  }
}

/** ciao's responder and the hub's service on it, not yet announced; throws what ciao throws. */
export async function createHubService(options: {
  txt: HubTxtEntries;
  port: number;
  hubId: string;
  /** Interface names (or addresses) to follow; ciao's own detection when undefined. */
  follow: string[] | undefined;
}): Promise<{ responder: Responder; service: CiaoService }> {
  // Loaded here, not at the top: a screen never advertises, and ciao installs source-map-support process-wide when loaded.
  const { getResponder } = await import('@homebridge/ciao');
  const responder = getResponder(options.follow && options.follow.length > 0 ? { interface: options.follow } : undefined);
  const service = responder.createService({
    name: instanceNameOf(options.txt.name),
    type: HUB_SERVICE_TYPE,
    port: options.port,
    hostname: hostnameOf(options.hubId),
    txt: options.txt,
  });
  return { responder, service };
}
