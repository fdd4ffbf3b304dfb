import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import type { BrowseOptions, HubBrowser } from '../discovery/browse';
import type { HubAddress, RemoteEndpoint } from './remote-endpoint';

/**
 * Where to knock: the address the hub last answered at, and the one discovery last heard it at, in
 * turn. An announcement is anyone's to send on the store's network: it is tried, but only the pinned
 * certificate makes it the hub's (and only then is it saved).
 */
export class HubAddresses {
  saved: HubAddress;
  heard: HubAddress | null = null;
  private turn = 0;
  private last: HubAddress;

  constructor(saved: HubAddress) {
    this.saved = saved;
    this.last = this.saved;
  }

  next(): HubAddress {
    const heard = this.heard && !sameAddress(this.heard, this.saved) ? this.heard : null;
    this.last = heard && this.turn++ % 2 === 0 ? heard : this.saved;
    return this.last;
  }

  /** The address of the attempt that got through. */
  reached(): HubAddress {
    return this.last;
  }
}

function sameAddress(a: HubAddress, b: HubAddress): boolean {
  return a.host === b.host && a.port === b.port;
}

/** Listens for the hub on the network while the link is down: heard again, at the same address or another, it is tried at once. */
export class HubFollower {
  private browser: HubBrowser | null = null;

  constructor(
    private readonly hubId: string,
    private readonly addresses: HubAddresses,
    private readonly endpoint: RemoteEndpoint,
    private readonly options: { browse: ((options: BrowseOptions) => HubBrowser) | null; clock: Clock; logger: Logger },
  ) {}

  follow(down: boolean): void {
    if (!down) return void this.close();
    if (this.browser || !this.options.browse) return;
    const browser = this.options.browse({ clock: this.options.clock, log: this.options.logger });
    this.browser = browser;
    browser.onChange((view) => {
      const hub = view.hubs.find((h) => h.hubId === this.hubId);
      const host = hub?.addresses[0];
      if (!hub || !host) return;
      this.addresses.heard = { host, port: hub.port };
      this.endpoint.reconnectNow();
    });
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    await browser?.close();
  }
}
