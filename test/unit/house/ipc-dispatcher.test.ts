import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import { IpcDispatcher, type Handlers } from '../../../src-main/ipc/dispatcher';
import { silentLogger } from '../../../src-main/base/log';

const store = { id: '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61', name: 'Cantina', corporateName: 'Cantina Ltda' };

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  return {
    'status:get': () => {
      throw new Error('not used');
    },
    'stores:list': () => [store],
    'stores:detail': () => {
      throw new AppError('not-found', 'no such store');
    },
    ...overrides,
  } as Handlers;
}

describe('IPC dispatcher: the main-process end of the contract', () => {
  it('answers a valid call with {ok: true, value}', async () => {
    const ipc = new IpcDispatcher(handlers(), silentLogger);
    assert.deepEqual(await ipc.invoke('stores:list', {}), { ok: true, value: [store] });
  });

  it('refuses unknown channels and malformed input with bad-input, naming the field', async () => {
    const ipc = new IpcDispatcher(handlers(), silentLogger);
    const unknown = await ipc.invoke('fs:readFile', { path: '/etc/passwd' });
    assert.equal(unknown.ok, false);
    assert.equal(!unknown.ok && unknown.error.code, 'bad-input');
    const badId = await ipc.invoke('stores:detail', { merchantId: '../../etc' });
    assert.equal(!badId.ok && badId.error.code, 'bad-input');
    assert.equal(!badId.ok && badId.error.field, 'merchantId');
    const extra = await ipc.invoke('stores:list', { sql: 'DROP TABLE orders' });
    assert.equal(!extra.ok && extra.error.code, 'bad-input', 'unknown keys are refused (strict input)');
    const notObject = await ipc.invoke('stores:detail', 'x');
    assert.equal(!notObject.ok && notObject.error.code, 'bad-input');
  });

  it('turns a handler error into a typed error value, never a throw', async () => {
    const ipc = new IpcDispatcher(handlers(), silentLogger);
    const result = await ipc.invoke('stores:detail', { merchantId: store.id });
    assert.deepEqual(result, { ok: false, error: { code: 'not-found', message: 'no such store' } });
    const crashing = new IpcDispatcher(
      handlers({
        'stores:list': () => {
          throw new TypeError('boom');
        },
      }),
      silentLogger,
    );
    const crash = await crashing.invoke('stores:list', {});
    assert.equal(!crash.ok && crash.error.code, 'internal');
  });

  it('refuses to pass on an answer that breaks the contract', async () => {
    const ipc = new IpcDispatcher(handlers({ 'stores:list': () => [{ id: 1 }] as never }), silentLogger);
    const result = await ipc.invoke('stores:list', {});
    assert.equal(!result.ok && result.error.code, 'internal');
  });

  it('drain() waits for calls in flight', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const ipc = new IpcDispatcher(
      handlers({
        'stores:list': async () => {
          await gate;
          return [store];
        },
      }),
      silentLogger,
    );
    const call = ipc.invoke('stores:list', {});
    let drained = false;
    const draining = ipc.drain().then(() => (drained = true));
    await new Promise((r) => setImmediate(r));
    assert.equal(drained, false);
    release();
    await draining;
    assert.equal((await call).ok, true);
  });
});
