import { Settings } from '../../../src-shared/settings';
import { chainFeature } from '../../feature-kit/feature';

/**
 * The settings a chain's server gives its terminals: the stores granted. The terminal keeps its own
 * language, sounds, density and printers on top (screenSettings): these are the server's defaults.
 */
export const settingsChainFeature = chainFeature({
  name: 'settings',
  channels: ['settings:get'],
  start: ({ access }) => ({
    handlers: {
      'settings:get': async (_input, origin) => {
        const { stores } = await access.granted(origin);
        const chosen = Settings.safeParse({ stores: stores.length > 0 ? [...stores] : 'all', currentStoreId: stores[0] ?? null });
        return chosen.success ? chosen.data : Settings.parse({});
      },
    },
  }),
});
