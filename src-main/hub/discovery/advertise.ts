import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import type { HubIdentity } from '../contract';
import { createHubService, linuxInterfaceNames } from './ciao-service';
import { checkMulticast } from './multicast-check';
import { announceFailed, type DiscoveryProblem } from './problems';
import { hubTxtFor } from './txt';
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
  /** The names of the host's interfaces, for ciao to follow (ciao-service.ts `linuxInterfaceNames`). */
  interfaceNames?: () => string[] | undefined;
}

export interface HubAdvertisement {
  /**
   * Why screens may not find the hub by name (they can type its address), as known when announcing
   * started or failed later; null when it is announced.
   */
  readonly problem: DiscoveryProblem | null;
  /** Sends the goodbye and lets go of the network; never throws, safe to call twice. */
  close(): Promise<void>;
}

/** Why the hub may not be found, known before ciao starts; `start` false when ciao must not start at all. */
async function problemBeforeStart(
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>,
  only: string[] | undefined,
): Promise<{ problem: DiscoveryProblem | null; start: boolean }> {
  // ciao told which interfaces to follow rejects a promise nobody catches when the host has no loopback: that would end the app.
  if (!Object.values(interfaces).some((infos) => infos?.some((info) => info.internal))) {
    return { problem: { kind: 'no-interface', message: 'no loopback interface: this host has no network at all' }, start: false };
  }
  const problem = await checkMulticast({ interfaces, ...(only ? { only } : {}) });
  // With no interface yet, ciao still starts: it finds the interface when the cable or the Wi-Fi comes back.
  return { problem, start: problem === null || problem.kind === 'no-interface' };
}

const NOT_ANNOUNCED = 'hub not announced on the network: screens must type its address';

export async function advertiseHub(options: AdvertiseOptions): Promise<HubAdvertisement> {
  const { clock } = options;
  const log = options.log.child({ room: 'hub-discovery' });
  const txt = hubTxtFor(options.identity);
  const before = await problemBeforeStart((options.readInterfaces ?? networkInterfaces)(), options.interfaces);
  let problem = before.problem;
  const notAnnounced = (why: DiscoveryProblem): HubAdvertisement => {
    problem = why;
    log.warn(NOT_ANNOUNCED, { problem });
    return { problem, close: async () => {} };
  };
  if (problem && !before.start) return notAnnounced(problem);
  if (problem) log.warn('no network interface to announce the hub on yet', { problem });

  let started: Awaited<ReturnType<typeof createHubService>>;
  try {
    const follow = options.interfaces ?? (options.interfaceNames ?? linuxInterfaceNames)();
    started = await createHubService({ txt, port: options.port, hubId: options.identity.hubId, follow });
  } catch (error) {
    return notAnnounced(announceFailed(error));
  }
  const { responder, service } = started;
  service.on('name-change', (name) => log.info("another device on the network has the hub's name: announced as", { name }));

  // Never rejects: a failed announcement is a problem to report, whenever it comes.
  const announcing = service.advertise().then(() => null, announceFailed);
  const settle = (failure: DiscoveryProblem | null): void => {
    if (failure) notAnnounced(failure);
    else log.info('hub announced on the network', { port: options.port, hubId: txt.id });
  };
  if ((await within(announcing, options.announceWithinMs ?? 5_000, clock)) === 'late') {
    log.info('hub still announcing; going on');
    void announcing.then(settle);
  } else {
    settle(await announcing);
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
