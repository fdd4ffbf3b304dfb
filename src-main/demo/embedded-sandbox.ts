// The one place the main process reaches into the sandbox: demo mode runs it in-process so the app
// works out of the box. Lint allows this file, and only this file, to import src-sandbox.
import { startSandbox, type RunningSandbox } from '../../src-sandbox/index';

export const DEMO_CREDENTIALS = { clientId: 'demo', clientSecret: 'demo-secret' } as const;

export function startEmbeddedSandbox(): Promise<RunningSandbox> {
  return startSandbox({ port: 0 });
}
