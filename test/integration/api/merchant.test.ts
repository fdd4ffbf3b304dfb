import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { ApiError } from '../../../src-main/api/errors';
import type { Operation } from '../../../src-shared/wire/merchant';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { connectApi, type ConnectedApi } from '../../support/app/api-client';
import { withSandbox } from '../../support/sandbox/sandbox';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const failsWith = (code: string, status: number, body?: { code?: string }) => (error: unknown) => {
  assert.ok(error instanceof ApiError, String(error));
  assert.equal(error.code, code);
  assert.equal(error.status, status);
  if (body?.code) assert.equal(error.body?.code, body.code);
  assert.equal(error.retryable, false);
  return true;
};

describe('client ↔ sandbox: merchant module (spec §4.4)', () => {
  let sandbox: Sandbox;
  let api: ConnectedApi;
  before(async () => {
    sandbox = await withSandbox();
    api = await connectApi(sandbox.url);
  });
  after(async () => {
    await api.close();
    await sandbox.close();
  });

  it("lists the stores with page and size, reads a detail; 403 for another app's store, 404 for none", async () => {
    const all = await api.merchant.listStores();
    assert.deepEqual(all.map((s) => s.id).sort(), [DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID].sort());
    assert.equal((await api.merchant.listStores({ page: 2, size: 2 })).length, 1);
    const detail = await api.merchant.getStore(DEMO_GROCERY_ID);
    assert.equal(detail.type, 'GROCERY');
    assert.ok(detail.operations.length > 0);
    await assert.rejects(api.merchant.getStore(OTHER_BAKERY_ID), failsWith('forbidden', 403, { code: 'Forbidden' }));
    await assert.rejects(api.merchant.getStore(UNKNOWN), failsWith('not-found', 404, { code: 'NotFound' }));
    await assert.rejects(api.merchant.listStores({ page: 0 }), failsWith('validation', 400, { code: 'BadRequest' }));
  });

  it('reads the status per operation and channel with its validations; 400 for an unknown operation', async () => {
    const status = await api.merchant.getStatus(DEMO_RESTAURANT_ID);
    assert.ok(status.length > 0);
    for (const entry of status) {
      assert.ok(['OK', 'WARNING', 'CLOSED', 'ERROR', 'UNAVAILABLE'].includes(entry.state), entry.state);
      assert.equal(typeof entry.available, 'boolean');
    }
    const delivery = status.find((e) => e.operation === 'DELIVERY' && e.validations.length > 0);
    assert.deepEqual(delivery?.validations.map((v) => v.code).sort(), [
      'catalog-enabled',
      'delivery-area',
      'is-connected',
      'opening-hours',
      'unavailabilities',
    ]);
    const takeout = await api.merchant.getOperationStatus(DEMO_RESTAURANT_ID, 'TAKEOUT');
    assert.ok(takeout.every((e) => e.operation === 'TAKEOUT'));
    assert.ok(
      takeout.every((e) => !e.validations.some((v) => v.code === 'delivery-area')),
      'TAKEOUT checks all but delivery-area',
    );
    await assert.rejects(api.merchant.getOperationStatus(DEMO_RESTAURANT_ID, 'DRIVE_IN' as Operation), failsWith('validation', 400));
    await assert.rejects(api.merchant.getStatus(OTHER_BAKERY_ID), failsWith('forbidden', 403));
  });

  it('pauses the store with an interruption, refuses an overlap (409 InterruptionOverlap), and reopens it', async () => {
    const now = Date.parse(((await sandbox.http.send('GET', '/_sandbox/clock')).body as { now: string }).now);
    const start = new Date(now + 60_000).toISOString();
    const end = new Date(now + 3_600_000).toISOString();
    const pause = await api.merchant.createInterruption(DEMO_RESTAURANT_ID, { description: 'Cozinha cheia', start, end });
    assert.equal(pause.description, 'Cozinha cheia');
    assert.ok((await api.merchant.listInterruptions(DEMO_RESTAURANT_ID)).some((i) => i.id === pause.id));
    await assert.rejects(
      api.merchant.createInterruption(DEMO_RESTAURANT_ID, { description: 'again', start, end: new Date(now + 7_200_000).toISOString() }),
      failsWith('conflict', 409, { code: 'InterruptionOverlap' }),
    );
    await assert.rejects(
      api.merchant.createInterruption(DEMO_RESTAURANT_ID, {
        description: 'too long',
        start: new Date(now + 8 * 86_400_000).toISOString(),
        end: new Date(now + 16 * 86_400_000).toISOString(),
      }),
      failsWith('validation', 400, { code: 'BadRequest' }),
    );
    await api.merchant.deleteInterruption(DEMO_RESTAURANT_ID, pause.id);
    assert.ok(!(await api.merchant.listInterruptions(DEMO_RESTAURANT_ID)).some((i) => i.id === pause.id));
    await assert.rejects(api.merchant.deleteInterruption(DEMO_RESTAURANT_ID, pause.id), failsWith('not-found', 404));
  });

  it('reads and replaces the opening hours; overlapping shifts are a 400', async () => {
    const hours = await api.merchant.getOpeningHours(DEMO_PIZZERIA_ID);
    assert.ok((hours[0]?.shifts.length ?? 0) > 0);
    const replaced = await api.merchant.replaceOpeningHours(DEMO_PIZZERIA_ID, {
      storeId: DEMO_PIZZERIA_ID,
      shifts: [
        { dayOfWeek: 'MONDAY', start: '10:00:00', duration: 600 },
        { dayOfWeek: 'TUESDAY', start: '10:00:00', duration: 600 },
      ],
    });
    assert.equal(replaced.storeId, DEMO_PIZZERIA_ID);
    assert.deepEqual(
      replaced.shifts.map((s) => [s.dayOfWeek, s.enabled]),
      [
        ['MONDAY', true],
        ['TUESDAY', true],
      ],
    );
    assert.equal((await api.merchant.getOpeningHours(DEMO_PIZZERIA_ID))[0]?.shifts.length, 2);
    await assert.rejects(
      api.merchant.replaceOpeningHours(DEMO_PIZZERIA_ID, {
        storeId: DEMO_PIZZERIA_ID,
        shifts: [
          { dayOfWeek: 'MONDAY', start: '10:00:00', duration: 600 },
          { dayOfWeek: 'MONDAY', start: '12:00:00', duration: 60 },
        ],
      }),
      failsWith('validation', 400),
    );
    await assert.rejects(api.merchant.replaceOpeningHours(DEMO_PIZZERIA_ID, { storeId: DEMO_PIZZERIA_ID, shifts: [] }), failsWith('validation', 400));
  });

  it('gets the check-in QR sheet of grocery stores as PDF bytes; the documented errors otherwise', async () => {
    const pdf = await api.merchant.checkinQrCodes([DEMO_GROCERY_ID]);
    assert.ok(Buffer.isBuffer(pdf));
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.ok(pdf.length > 500);
    // The screen's language reaches the platform (Accept-Language), which draws the sheet in it.
    const text = (bytes: Buffer) => spawnSync('pdftotext', ['-', '-'], { input: bytes }).stdout.toString();
    if (spawnSync('sh', ['-c', 'command -v pdftotext']).status === 0) {
      assert.match(text(await api.merchant.checkinQrCodes([DEMO_GROCERY_ID], { language: 'en' })), /Driver check-in/);
      assert.match(text(await api.merchant.checkinQrCodes([DEMO_GROCERY_ID], { language: 'pt-BR' })), /Check-in do entregador/);
    }
    await assert.rejects(api.merchant.checkinQrCodes([]), failsWith('validation', 400));
    await assert.rejects(api.merchant.checkinQrCodes(Array.from({ length: 21 }, () => DEMO_GROCERY_ID)), failsWith('validation', 400));
    await assert.rejects(api.merchant.checkinQrCodes([DEMO_GROCERY_ID, UNKNOWN]), failsWith('not-found', 404));
    await assert.rejects(api.merchant.checkinQrCodes([OTHER_BAKERY_ID]), failsWith('forbidden', 403));
    await assert.rejects(api.merchant.checkinQrCodes([DEMO_RESTAURANT_ID]), failsWith('validation', 400), 'only grocery stores');
  });
});
