import type { RushView } from '../../../src-shared/ipc/channels/rush';
import { chainFeature } from '../../feature-kit/feature';
import { BusyMode } from './busy-mode';

/** A view of every store, cut to a terminal's own. */
const only = (view: RushView, stores: readonly string[]): RushView => ({ at: view.at, stores: view.stores.filter((s) => stores.includes(s.merchantId)) });

/**
 * The rush guard on a chain's server (docs/rush-guard.md): each store's gauge read from the chain's
 * PostgreSQL with the terminal's own input builder and gauge (chain/chain-rush.ts), answered and
 * pushed to a store terminal for its own stores only — a terminal of store B never hears A's word.
 * Its top bar's badge and warnings are the terminal's (src-renderer/rush/). Busy mode is the
 * terminal's own (BusyMode), fed by every round of the chain's gauge and what the replica reads of
 * each store's status, with each store's minutes from the chain's table, pausing through the chain's
 * store outbox: two replicas deciding at once write one key, so one pause.
 */
export const rushChainFeature = chainFeature({
  name: 'rush',
  channels: ['rush:gauge'],
  start: ({ rush, access, pushToEachDevice, busyMode, storeOutbox, storeStatus, clock, logger }) => {
    const busy = new BusyMode({
      busyMinutes: (stores) => busyMode.minutes(stores),
      // Written for the outbox's rounds, as the console's bulk pause: the gauge's round does not wait for the platform.
      outbox: { submit: (action) => storeOutbox.enqueue(action) },
      logger: logger.child({ room: 'busy-mode' }),
    });
    const unsubscribers = [
      rush.onChange((view, changed) => pushToEachDevice('rush:changed', (stores) => (stores.some((s) => changed.has(s)) ? only(view, stores) : undefined))),
      rush.onRound((view) => busy.look(view, clock.now())),
      storeStatus.onChange(({ merchantId, summary }) => busy.statusRead(merchantId, summary)),
    ];
    return {
      handlers: { 'rush:gauge': async (_input, origin) => rush.read((await access.granted(origin)).stores) },
      stop: () => {
        for (const unsubscribe of unsubscribers) unsubscribe();
      },
    };
  },
});
