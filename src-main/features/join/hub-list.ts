import type { FoundHubView, HubsView } from '../../../src-shared/ipc/channels/join';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import type { BrowseOptions, HubBrowser, HubsView as HeardHubs } from '../../hub/discovery/browse';
import type { FoundHub } from '../../hub/discovery/sightings';
import type { PushFanout } from '../../ipc/push-fanout';
import { hubAddressText } from './address-text';

/** The join step asks again at least this often while it is open; past it, the terminal stops listening by itself. */
export const BROWSE_IDLE_MS = 10 * 60_000;

export interface HubListOptions {
  clock: Clock;
  logger: Logger;
  push: Pick<PushFanout, 'push'>;
  browse: (options: BrowseOptions) => HubBrowser;
}

/**
 * The hubs the join step lists, heard by mDNS while the step is open (and no longer: a terminal
 * that is not joining keeps no socket open for it). Each change is pushed as `join:hubs`.
 */
export class HubList {
  private browser: HubBrowser | null = null;
  private lastAskedAt = 0;
  private idle: AbortController | null = null;

  constructor(private readonly options: HubListOptions) {}

  /** Starts (or keeps) listening, or stops; answers what is heard so far. */
  async browse(on: boolean): Promise<HubsView> {
    if (!on) {
      await this.close();
      return this.view();
    }
    this.lastAskedAt = this.options.clock.now();
    if (!this.browser) this.open();
    return this.view();
  }

  /** A hub heard now, by id (the join step names it by id: its addresses are the terminal's to know). */
  find(hubId: string): FoundHub | undefined {
    return this.browser?.view().hubs.find((hub) => hub.hubId === hubId);
  }

  view(): HubsView {
    const heard = this.browser?.view();
    return { hubs: (heard?.hubs ?? []).map(shown), problem: heard?.problem?.kind ?? null, browsing: this.browser !== null };
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    this.idle?.abort();
    this.idle = null;
    if (!browser) return;
    await browser.close();
    this.options.push.push('join:hubs', this.view());
  }

  private open(): void {
    const { clock, logger, push } = this.options;
    const browser = this.options.browse({ clock, log: logger });
    this.browser = browser;
    browser.onChange((heard: HeardHubs) => {
      if (this.browser === browser) push.push('join:hubs', { hubs: heard.hubs.map(shown), problem: heard.problem?.kind ?? null, browsing: true });
    });
    const idle = new AbortController();
    this.idle = idle;
    void (async () => {
      // Asked again within the wait: wait on from that ask.
      for (let due = this.lastAskedAt + BROWSE_IDLE_MS; !idle.signal.aborted; due = this.lastAskedAt + BROWSE_IDLE_MS) {
        const left = due - clock.now();
        if (left <= 0) return void this.close();
        await clock.sleep(left, idle.signal).catch(() => undefined);
      }
    })();
  }
}

function shown(hub: FoundHub): FoundHubView {
  return { hubId: hub.hubId, name: hub.name, fingerprintPrefix: hub.fingerprintPrefix, address: hubAddressText(hub.addresses[0] ?? hub.host, hub.port) };
}
