import type { RushView } from '../../../src-shared/ipc/channels/rush';
import { chainFeature } from '../../feature-kit/feature';

/** A view of every store, cut to a terminal's own. */
const only = (view: RushView, stores: readonly string[]): RushView => ({ at: view.at, stores: view.stores.filter((s) => stores.includes(s.merchantId)) });

/**
 * The rush guard on a chain's server (docs/rush-guard.md): each store's gauge read from the chain's
 * PostgreSQL with the terminal's own input builder and gauge (chain/chain-rush.ts), answered and
 * pushed to a store terminal for its own stores only — a terminal of store B never hears A's word.
 * Its top bar's badge and warnings are the terminal's (src-renderer/rush/).
 */
export const rushChainFeature = chainFeature({
  name: 'rush',
  channels: ['rush:gauge'],
  start: ({ rush, access, pushToEachDevice }) => {
    const unsubscribe = rush.onChange((view, changed) =>
      pushToEachDevice('rush:changed', (stores) => (stores.some((s) => changed.has(s)) ? only(view, stores) : undefined)),
    );
    return {
      handlers: { 'rush:gauge': async (_input, origin) => rush.read((await access.granted(origin)).stores) },
      stop: unsubscribe,
    };
  },
});
