import { appFeature } from '../../feature-kit/feature';
import { NOT_HEARD_FROM } from '../../sync/connectivity';

/** The frame's status: version, mode, shell, the link to the platform, and the main process's clock. */
export const statusFeature = appFeature({
  name: 'status',
  channels: ['status:get'],
  start: ({ clock, version, shell, terminal }) => ({
    handlers: {
      'status:get': () => {
        const session = terminal.session();
        return {
          version,
          mode: session ? session.account.mode : 'setup',
          shell,
          apiBaseUrl: session ? session.account.apiBaseUrl : null,
          dataDir: terminal.config.dataDir,
          pollIntervalSeconds: session?.pollSeconds ?? 0,
          connectivity: session?.connectivity.current ?? NOT_HEARD_FROM,
          now: new Date(clock.now()).toISOString(),
          ...(clock.rate ? { clockRate: clock.rate } : {}),
        };
      },
    },
  }),
});
