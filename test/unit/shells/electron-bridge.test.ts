import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { channelNames } from '../../../src-shared/ipc/contract';
import { buildBridge, PUSH_CHANNEL } from '../../../src-main/shells/electron/bridge';

function fakeIpcRenderer() {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const invoked: [string, unknown][] = [];
  return {
    invoked,
    emit: (channel: string, message: unknown) => listeners.get(channel)?.forEach((l) => l({}, message)),
    invoke: async (channel: string, input: unknown) => {
      invoked.push([channel, input]);
      return { ok: true, value: channel };
    },
    on(channel: string, listener: (...args: unknown[]) => void) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return this;
    },
    removeListener(channel: string, listener: (...args: unknown[]) => void) {
      listeners.get(channel)?.delete(listener);
      return this;
    },
  };
}

describe('preload bridge', () => {
  it('exposes one named function per contract channel and `on`, nothing else', () => {
    const bridge = buildBridge(fakeIpcRenderer() as never);
    assert.deepEqual(Object.keys(bridge).sort(), [...channelNames, 'on'].sort());
    assert.ok(Object.isFrozen(bridge));
  });

  it('forwards a call to its own channel only', async () => {
    const ipc = fakeIpcRenderer();
    const bridge = buildBridge(ipc as never);
    await bridge['stores:detail']({ merchantId: 'x' });
    assert.deepEqual(ipc.invoked, [['stores:detail', { merchantId: 'x' }]]);
  });

  it('delivers only the push events subscribed to, and unsubscribes', () => {
    const ipc = fakeIpcRenderer();
    const bridge = buildBridge(ipc as never);
    const seen: unknown[] = [];
    const off = bridge.on('status:changed', (p) => seen.push(p));
    ipc.emit(PUSH_CHANNEL, { event: 'status:changed', payload: { state: 'offline' } });
    ipc.emit(PUSH_CHANNEL, { event: 'something:else', payload: 1 });
    off();
    ipc.emit(PUSH_CHANNEL, { event: 'status:changed', payload: { state: 'online' } });
    assert.deepEqual(seen, [{ state: 'offline' }]);
    assert.throws(() => bridge.on('not:real' as never, () => {}));
  });
});
