import { appFeature } from '../../feature-kit/feature';
import { NOT_HEARD_FROM } from '../../sync/connectivity';
import { exportDiagnostics, terminalReaders } from '../../diagnostics/export';
import { terminalVariables } from '../../diagnostics/readers';
import { screensFacts } from './screens-facts';

/** Settings › Support: one file for support (recent logs, versions, settings, sync and queue states), never a secret. */
export const diagnosticsFeature = appFeature({
  name: 'diagnostics',
  channels: ['diagnostics:export'],
  start: ({ clock, version, shell, terminal, hub }) => ({
    handlers: {
      'diagnostics:export': ({ userAgent }) => {
        const session = terminal.session();
        const account = session?.account;
        const { config, secrets } = terminal;
        return exportDiagnostics(
          {
            generatedAt: new Date(clock.now()).toISOString(),
            appVersion: version,
            window: userAgent ?? null,
            terminal: {
              shell,
              mode: account?.mode ?? 'setup',
              account: account ? { kind: account.kind, apiBaseUrl: account.apiBaseUrl, clientId: account.clientId } : null,
              vault: secrets.kind,
              dataDir: config.dataDir,
              environment: terminalVariables(process.env),
            },
            connectivity: session?.connectivity.current ?? NOT_HEARD_FROM,
            pollIntervalSeconds: session?.pollSeconds ?? 0,
            screens: screensFacts(hub.view(), terminal.screen()),
          },
          terminalReaders({
            dataDir: config.dataDir,
            // Demo mode keeps its databases in its own folder.
            accountDir: account?.dataDir ?? config.dataDir,
            settings: () => terminal.file().settings,
            stores: [secrets, ...(account ? [account.secrets] : [])],
            givenSecrets: [config.clientSecret, account?.clientSecret],
          }),
        );
      },
    },
  }),
});
