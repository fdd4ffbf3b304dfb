// The one place the main process reaches into the sandbox: demo mode runs it in-process so the app
// works out of the box. Lint allows this file, and only this file, to import src-sandbox.
import { startSandbox, type RunningSandbox } from '../../src-sandbox/index';
import { startScenario } from '../../src-sandbox/scenario/index';

export const DEMO_CREDENTIALS = { clientId: 'demo', clientSecret: 'demo-secret' } as const;

/**
 * Demo mode: the sandbox with the `busy` scenario, so orders and reviews arrive by themselves. Its
 * clock follows the app's (`now`), so deadlines and opening hours agree on both sides.
 */
export async function startEmbeddedSandbox(now?: () => number): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ port: 0, ...(now ? { now } : {}) });
  const scenario = startScenario(sandbox.world, 'busy');
  return {
    ...sandbox,
    close: async () => {
      scenario?.stop();
      await sandbox.close();
    },
  };
}
