import type { AppStatus } from '../../src-shared/ipc/contract';
import type { StartFeature } from './feature';

export interface AppFacts {
  version: string;
  shell: AppStatus['shell'];
}

/** The frame's facts (`app:status`) and the link's state, pushed as it changes. */
export function appStatusFeature(facts: AppFacts): StartFeature {
  return ({ account, clock, connectivity, push, pollSeconds }) => {
    const unsubscribe = connectivity.onChange((value) => push.push('connectivity:changed', value));
    return {
      handlers: {
        'app:status': () => ({
          version: facts.version,
          mode: account.mode,
          shell: facts.shell,
          apiBaseUrl: account.apiBaseUrl,
          dataDir: account.dataDir,
          pollIntervalSeconds: pollSeconds,
          connectivity: connectivity.current,
          credentialStore: { kind: account.secrets.kind, description: account.secrets.description },
          now: new Date(clock.now()).toISOString(),
        }),
      },
      stop: unsubscribe,
    };
  };
}
