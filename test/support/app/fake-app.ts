import type { App } from '../../../src-main/app/app';
import { IpcDispatcher, type Handlers } from '../../../src-main/ipc/dispatcher';
import { PushFanout } from '../../../src-main/ipc/push-fanout';
import { silentLogger } from '../../../src-main/base/log';

/** An App with given handlers (others throw), for shell tests that need no API. */
export function fakeApp(handlers: Partial<Handlers> = {}): App & { stopped: boolean } {
  const push = new PushFanout(silentLogger);
  const unused = () => {
    throw new Error('not used in this test');
  };
  const all = new Proxy(handlers, { get: (target, key) => (target as Record<string | symbol, unknown>)[key] ?? unused }) as Handlers;
  const ipc = new IpcDispatcher(all, silentLogger);
  const app = {
    ipc,
    push,
    status: unused,
    stopped: false,
    stop: async () => {
      app.stopped = true;
    },
  };
  return app;
}
