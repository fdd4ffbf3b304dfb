import { Browser } from 'bonjour-service';
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import type { Clock } from '../../base/clock';
import { Listeners } from '../../base/listeners';
import type { Logger } from '../../base/log';
import { guardedTransport, openMdnsSocket, type MdnsResponse, type MdnsTransport } from './mdns-socket';
import { multicastInterfaces } from './multicast-check';
import type { DiscoveryProblem } from './problems';
import { HubSightings, readSighting, type FoundHub } from './sightings';
import { HUB_SERVICE_TYPE } from './txt';
import { within } from './within';

/**
 * A screen looks for hubs on the store's network. bonjour-service's Browser assembles each
 * announcement (PTR, SRV, TXT and addresses); this file decides what is listed: every field read as
 * hostile (sightings.ts), a hub gone when it says goodbye or is no longer heard, the list pushed on
 * every change. The Browser is renewed every round of queries: each round hears every live hub afresh
 * (so an unplugged one goes stale) and a flood of fake services never outlives its round.
 */

export interface HubsView {
  hubs: FoundHub[];
  /** Why nothing can be heard here (the screen offers the typed address); null while listening. */
  problem: DiscoveryProblem | null;
}

export interface BrowseOptions {
  clock: Clock;
  log: Logger;
  /** Listen and query on this interface's address only (`127.0.0.1` in a test); every interface when absent. */
  interfaceAddress?: string;
  /** The UDP port: 5353 (mDNS). A test takes another to hear only what it sends. */
  port?: number;
  /** Queries go out at 1 s, 2 s, 4 s… apart (RFC 6762 §5.2), up to this. */
  maxQueryIntervalMs?: number;
  /** A hub not heard for this long is taken off the list (unplugged without a goodbye). */
  staleAfterMs?: number;
  /** The most hubs kept; a store has a few. */
  capacity?: number;
  /** The mDNS transport; by default a socket of the screen's own (mdns-socket.ts). */
  transport?: MdnsTransport;
  readInterfaces?: () => NodeJS.Dict<NetworkInterfaceInfo[]>;
}

export interface HubBrowser {
  view(): HubsView;
  /** Called on every change of the list or the problem; returns the unsubscribe. */
  onChange(listener: (view: HubsView) => void): () => void;
  /** Stops querying and lets go of the socket; safe to call twice. */
  close(): Promise<void>;
}

const FIRST_QUERY_INTERVAL_MS = 1_000;
/** `_storeterminal._tcp.local`, as a goodbye names it (lowercase: DNS names are compared without case). */
const SERVICE_PTR_NAME = `_${HUB_SERVICE_TYPE}._tcp.local`;

/** The services a response says goodbye to (a PTR to them with TTL 0, RFC 6762 §10.1). */
function goodbyesIn(packet: MdnsResponse): string[] {
  const records = [packet.answers, packet.additionals].flatMap((list) => (Array.isArray(list) ? (list as unknown[]) : []));
  return records.flatMap((record) => {
    const { type, name, ttl, data } = (record ?? {}) as Record<string, unknown>;
    const ours = type === 'PTR' && ttl === 0 && typeof name === 'string' && name.toLowerCase() === SERVICE_PTR_NAME;
    return ours && typeof data === 'string' ? [data] : [];
  });
}

export function browseHubs(options: BrowseOptions): HubBrowser {
  const { clock } = options;
  const log = options.log.child({ room: 'hub-discovery' });
  const sightings = new HubSightings({ staleAfterMs: options.staleAfterMs ?? 40_000, capacity: options.capacity ?? 32 });
  const listeners = new Listeners<[HubsView]>('hub browser', log);
  const maxInterval = options.maxQueryIntervalMs ?? 15_000;
  const stop = new AbortController();
  /** The socket's failure: for good, the socket is gone. */
  let socketProblem: DiscoveryProblem | null = null;
  /** No interface to listen on: looked at again every round, and gone when the cable or the Wi-Fi is back. */
  let interfaceProblem: DiscoveryProblem | null = null;
  const readInterfaces = options.readInterfaces ?? networkInterfaces;
  const only = options.interfaceAddress ? [options.interfaceAddress] : undefined;
  const lookAtInterfaces = (): void => {
    const none = multicastInterfaces(readInterfaces(), only).length === 0;
    if (none && !interfaceProblem) log.warn('no network interface to look for hubs on yet');
    interfaceProblem = none ? { kind: 'no-interface', message: 'no network interface to look for hubs on yet' } : null;
  };

  const view = (): HubsView => ({ hubs: sightings.current(clock.now()), problem: socketProblem ?? interfaceProblem });
  /** What a screen shows of a view: the time a hub was last heard is not shown. */
  const signatureOf = (shownView: HubsView): string =>
    JSON.stringify({ hubs: shownView.hubs.map(({ lastHeardAt: _, ...shownPart }) => shownPart), problem: shownView.problem });
  lookAtInterfaces();
  let shown = signatureOf(view());
  /** Tells the listeners when what a screen would show changed. */
  const publish = (): void => {
    const next = view();
    const signature = signatureOf(next);
    if (signature === shown) return;
    shown = signature;
    listeners.emit(next);
  };
  const socketFailed = (found: DiscoveryProblem): void => {
    log.warn("cannot look for hubs on this network: staff can type the hub's address", { problem: found });
    socketProblem = found;
    publish();
  };

  const socket = options.transport
    ? null
    : openMdnsSocket({
        log,
        onProblem: socketFailed,
        ...(options.interfaceAddress ? { interfaceAddress: options.interfaceAddress } : {}),
        ...(options.port ? { port: options.port } : {}),
      });
  const transport = guardedTransport(socket?.transport ?? (options.transport as MdnsTransport), log);

  const seen = (service: unknown): void => {
    const sighting = readSighting(service, clock.now());
    if (sighting.ok) sightings.saw(sighting.key, sighting.hub);
    else log.debug('announcement ignored', { why: sighting.why });
    publish();
  };
  const onResponse = (packet: MdnsResponse): void => {
    const goodbyes = goodbyesIn(packet);
    if (goodbyes.length === 0) return;
    for (const key of goodbyes) sightings.gone(key);
    publish();
  };
  transport.on('response', onResponse);

  const rounds = (async () => {
    for (let interval = FIRST_QUERY_INTERVAL_MS; !stop.signal.aborted; interval = Math.min(interval * 2, maxInterval)) {
      // A new Browser queries at once and hears every live hub afresh.
      const browser = new Browser(transport, { type: HUB_SERVICE_TYPE, protocol: 'tcp' });
      for (const event of ['up', 'srv-update', 'txt-update'] as const) browser.on(event, seen);
      try {
        await clock.sleep(interval, stop.signal);
      } catch {
        // closing
      } finally {
        browser.stop();
        browser.removeAllListeners();
      }
      lookAtInterfaces();
      publish(); // hubs not heard lately drop out
    }
  })();

  let closing: Promise<void> | null = null;
  const close = async (): Promise<void> => {
    stop.abort();
    await rounds;
    transport.removeListener('response', onResponse);
    if (socket && (await within(socket.close(), 1_000, clock)) === 'late') log.warn('mDNS socket did not close in time');
  };
  return {
    view,
    onChange: (listener) => listeners.add(listener),
    close: () => (closing ??= close()),
  };
}
