import { readdirSync } from 'node:fs';
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import type { HubIdentity } from '../contract';
import { checkMulticast } from './multicast-check';
import type { DiscoveryProblem } from './problems';
import { HUB_SERVICE_TYPE, hubTxtFor } from './txt';
import { within } from './within';

/**
 * The hub announces itself on the store's network (DNS-SD over mDNS, `_storeterminal._tcp`) with
 * @homebridge/ciao: an RFC 6762 responder that probes its name, renames itself on a conflict (two
 * hubs called "Loja Centro"), answers on each interface with that interface's own addresses, follows
 * interfaces as they come and go, and says goodbye when it stops. Discovery is a convenience: when
 * multicast is not to be had, the hub logs why, keeps serving, and screens type its address.
 */

export interface AdvertiseOptions {
  identity: Pick<HubIdentity, 'hubId' | 'name' | 'fingerprint'>;
  /** The port the hub's LAN server listens on. */
  port: number;
  clock: Clock;
  log: Logger;
  /** Only these interfaces (names or addresses), e.g. `['lo']` in a test; every one when absent. */
  interfaces?: string[];
  /** How long the first announcement may take before the hub goes on without waiting (it goes on announcing). */
  announceWithinMs?: number;
  /** How long close() waits for the goodbye (with no interface left, ciao's would never come). */
  goodbyeWithinMs?: number;
  /** The host's interfaces, read when advertising starts (a test hands its own). */
  readInterfaces?: () => NodeJS.Dict<NetworkInterfaceInfo[]>;
  /** The names of the host's interfaces, for ciao to follow (see `interfacesToFollow`). */
  interfaceNames?: () => string[] | undefined;
}

export interface HubAdvertisement {
  /** Why screens may not find the hub by name (they can type its address); null when it is announced. */
  readonly problem: DiscoveryProblem | null;
  /** Sends the goodbye and lets go of the network; never throws, safe to call twice. */
  close(): Promise<void>;
}

/** A DNS label is 63 bytes; ciao may add " (2)" on a conflict. */
const INSTANCE_NAME_MAX_BYTES = 56;

/** The service's instance name: the hub's name, without dots (they split DNS names) and short enough for one label. */
function instanceNameOf(name: string): string {
  let instance = '';
  for (const char of name.replace(/\./g, ' ')) {
    if (Buffer.byteLength(instance + char) > INSTANCE_NAME_MAX_BYTES) break;
    instance += char;
  }
  return instance.trim() || 'Store Terminal';
}

/** An ASCII host name of this hub's own, so two hubs named alike never claim the same `.local` name. */
function hostnameOf(hubId: string): string {
  return `storeterminal-${hubId.toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 16)}`;
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

export async function advertiseHub(options: AdvertiseOptions): Promise<HubAdvertisement> {
  const { clock } = options;
  const log = options.log.child({ room: 'hub-discovery' });
  const txt = hubTxtFor(options.identity);
  const readInterfaces = options.readInterfaces ?? networkInterfaces;
  let problem = await checkMulticast({ interfaces: readInterfaces(), ...(options.interfaces ? { only: options.interfaces } : {}) });
  if (problem && problem.kind !== 'no-interface') {
    log.warn('hub not announced on the network: screens must type its address', { problem });
    return { problem, close: async () => {} };
  }
  // With no interface yet, ciao still starts: it finds the interface when the cable or the Wi-Fi comes back.
  if (problem) log.warn('no network interface to announce the hub on yet', { problem });

  // Loaded here, not at the top: a screen never advertises, and ciao installs source-map-support process-wide when loaded.
  const { getResponder } = await import('@homebridge/ciao');
  const follow = options.interfaces ?? (options.interfaceNames ?? linuxInterfaceNames)();
  const responder = getResponder(follow && follow.length > 0 ? { interface: follow } : undefined);
  const service = responder.createService({
    name: instanceNameOf(txt.name),
    type: HUB_SERVICE_TYPE,
    port: options.port,
    hostname: hostnameOf(options.identity.hubId),
    txt,
  });
  service.on('name-change', (name) => log.info('another device on the network has the hub\'s name: announced as', { name }));

  // Never rejects: a failed announcement is a problem to report, whenever it comes.
  const announcing = service.advertise().then(
    () => null,
    (error: unknown): DiscoveryProblem => ({ kind: 'announce-failed', message: error instanceof Error ? error.message : String(error) }),
  );
  const reportFailure = (failure: DiscoveryProblem | null): void => {
    if (!failure) return;
    problem = failure;
    log.warn('hub not announced on the network: screens must type its address', { problem });
  };
  if ((await within(announcing, options.announceWithinMs ?? 5_000, clock)) === 'late') {
    log.info('hub still announcing; going on');
    void announcing.then(reportFailure);
  } else {
    const failure = await announcing;
    if (failure) reportFailure(failure);
    else log.info('hub announced on the network', { port: options.port, hubId: txt.id });
  }

  let closing: Promise<void> | null = null;
  const goodbyeWithinMs = options.goodbyeWithinMs ?? 2_000;
  const close = async (): Promise<void> => {
    try {
      // destroy() sends the goodbye (TTL 0) before it lets go of the service.
      if ((await within(service.destroy(), goodbyeWithinMs, clock)) === 'late') log.warn('hub goodbye not sent in time');
      await within(responder.shutdown(), goodbyeWithinMs, clock);
    } catch (error) {
      log.warn('hub announcement did not close cleanly', { error });
    }
  };
  return {
    get problem() {
      return problem;
    },
    close: () => (closing ??= close()),
  };
}
