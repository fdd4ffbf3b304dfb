import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ApiError } from '../../../src-main/api/errors';
import { silentLogger } from '../../../src-main/base/log';
import { LastKnownStores } from '../../../src-main/merchant/last-known-stores';

const store = { id: '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61', name: 'Cantina da Vila', corporateName: 'Cantina Ltda' };
const down = () => Promise.reject(new ApiError('connection', 'down', { route: 'GET /merchants', retryable: true }));
const refused = () => Promise.reject(new ApiError('forbidden', 'no', { route: 'GET /merchants', status: 403 }));

describe('last known stores (offline start)', () => {
  it('answers the last list the API gave when the API cannot be reached, also after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stores-'));
    const first = new LastKnownStores(dir, silentLogger);
    await assert.rejects(first.list(down), /down/, 'nothing known yet: the outage shows');
    assert.deepEqual(await first.list(async () => [store]), [store]);
    assert.deepEqual(await first.list(down), [store]);
    const restarted = new LastKnownStores(dir, silentLogger);
    assert.deepEqual(await restarted.list(down), [store]);
  });

  it('never hides a refusal behind the copy, and fresh answers always win', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stores-'));
    const known = new LastKnownStores(dir, silentLogger);
    await known.list(async () => [store]);
    await assert.rejects(known.list(refused), /no/);
    assert.deepEqual(await known.list(async () => []), []);
    assert.deepEqual(await known.list(down), []);
  });

  it('keeps store details per store and starts empty from an unreadable file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stores-'));
    writeFileSync(join(dir, 'stores.json'), '{not json');
    const known = new LastKnownStores(dir, silentLogger);
    const detail = {
      ...store,
      description: '',
      averageTicket: 1,
      exclusive: false,
      type: 'RESTAURANT',
      status: 'AVAILABLE',
      createdAt: '2021-01-01T00:00:00',
      address: { street: 'R', number: '1', city: 'SP', state: 'SP', postalCode: '0', country: 'BR', district: 'D', latitude: 0, longitude: 0 },
      operations: [],
    };
    await known.detail(store.id, async () => detail);
    assert.deepEqual(await known.detail(store.id, () => Promise.reject(new ApiError('server', '503', { route: 'x', status: 503 }))), detail);
    await assert.rejects(known.detail('other', down));
  });
});
