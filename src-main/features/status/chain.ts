import { chainFeature } from '../../feature-kit/feature';

/** The status a chain's terminal shows in its top bar: the chain's link to the platform and the server's clock. */
export const statusChainFeature = chainFeature({
  name: 'status',
  channels: ['status:get'],
  start: ({ clock, platformLink, pollIntervalMs, access }) => ({
    handlers: {
      'status:get': async (_input, origin) => {
        await access.granted(origin);
        return {
          version: '',
          mode: 'live' as const,
          shell: 'web' as const,
          dataDir: '',
          apiBaseUrl: null,
          pollIntervalSeconds: Math.round(pollIntervalMs / 1000),
          connectivity: platformLink.current,
          now: new Date(clock.now()).toISOString(),
        };
      },
    },
  }),
});
