import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { withSandbox } from '../../support/sandbox/sandbox';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;
const path = (id: string) => `/merchant/v1.0/merchants/${id}/opening-hours`;

interface Shift {
  id: string;
  dayOfWeek: string;
  start: string;
  duration: number;
  enabled: boolean;
  createdAt: string;
}

describe('sandbox merchant opening hours (spec §2.4, §4.4, §7.4)', () => {
  let sandbox: Sandbox;
  let demo: string;
  const send = (method: string, p: string, json?: unknown) => sandbox.http.send(method, p, { token: demo, json });
  const replace = (shifts: unknown, storeId: unknown = DEMO_GROCERY_ID) => send('PUT', path(DEMO_GROCERY_ID), { storeId, shifts });
  const expect400 = (response: { status: number; body: unknown }) => {
    assert.equal(response.status, 400);
    assert.equal((response.body as { error: string }).error, 'BadRequest');
  };

  before(async () => (sandbox = await withSandbox()));
  beforeEach(async () => {
    await sandbox.http.send('POST', '/_sandbox/reset');
    demo = await sandbox.http.token();
  });
  after(() => sandbox.close());

  it('seeds hours for every demo store: the restaurant is open around the clock', async () => {
    for (const id of [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID, DEMO_PIZZERIA_ID]) {
      const response = await send('GET', path(id));
      assert.equal(response.status, 200);
      const [first] = response.body as { storeId: string; shifts: Shift[] }[];
      assert.equal(first?.storeId, id);
      assert.ok((first?.shifts.length ?? 0) >= 7);
      for (const shift of first?.shifts ?? []) {
        assert.match(shift.start, /^\d\d:\d\d:\d\d$/);
        assert.ok(shift.duration > 0);
        assert.equal(shift.enabled, true);
      }
    }
    const [restaurant] = (await send('GET', path(DEMO_RESTAURANT_ID))).body as { shifts: Shift[] }[];
    assert.ok(restaurant?.shifts.every((s) => s.start === '00:00:00' && s.duration === 1440));
  });

  it('replaces the whole list (201 {storeId, shifts[] with id, enabled, createdAt}) and GET returns the new list', async () => {
    const response = await replace([
      { dayOfWeek: 'MONDAY', start: '08:00:00', duration: 240 },
      { dayOfWeek: 'MONDAY', start: '14:00:00', duration: 300 },
      { dayOfWeek: 'SUNDAY', start: '23:00:00', duration: 120 },
    ]);
    assert.equal(response.status, 201);
    const body = response.body as { storeId: string; shifts: Shift[] };
    assert.equal(body.storeId, DEMO_GROCERY_ID);
    assert.equal(body.shifts.length, 3);
    for (const shift of body.shifts) {
      assert.ok(shift.id.length > 0);
      assert.equal(shift.enabled, true);
      assert.ok(Math.abs(Date.parse(shift.createdAt) - sandbox.world.clock.now()) < 5000, 'createdAt is the sandbox time of the replace');
    }
    const [listed] = (await send('GET', path(DEMO_GROCERY_ID))).body as { shifts: Shift[] }[];
    assert.deepEqual(listed?.shifts, body.shifts);
  });

  it('allows touching shifts and a shift crossing midnight that ends when the next day opens', async () => {
    const touching = await replace([
      { dayOfWeek: 'TUESDAY', start: '08:00:00', duration: 240 },
      { dayOfWeek: 'TUESDAY', start: '12:00:00', duration: 60 },
      { dayOfWeek: 'TUESDAY', start: '20:00:00', duration: 720 },
      { dayOfWeek: 'WEDNESDAY', start: '08:00:00', duration: 60 },
    ]);
    assert.equal(touching.status, 201);
  });

  it('rejects overlapping shifts on the same day, also through midnight and from Sunday into Monday', async () => {
    expect400(
      await replace([
        { dayOfWeek: 'MONDAY', start: '08:00:00', duration: 240 },
        { dayOfWeek: 'MONDAY', start: '11:59:59', duration: 60 },
      ]),
    );
    expect400(
      await replace([
        { dayOfWeek: 'FRIDAY', start: '10:00:00', duration: 60 },
        { dayOfWeek: 'FRIDAY', start: '10:00:00', duration: 60 },
      ]),
    );
    expect400(
      await replace([
        { dayOfWeek: 'TUESDAY', start: '20:00:00', duration: 721 },
        { dayOfWeek: 'WEDNESDAY', start: '08:00:00', duration: 60 },
      ]),
    );
    expect400(
      await replace([
        { dayOfWeek: 'SUNDAY', start: '22:00:00', duration: 180 },
        { dayOfWeek: 'MONDAY', start: '00:30:00', duration: 60 },
      ]),
    );
  });

  it('rejects an empty list, a bad day, a bad time, a duration of 0 or less or past 24 h (400 BadRequest)', async () => {
    expect400(await replace([]));
    expect400(await replace([{ dayOfWeek: 'FUNDAY', start: '08:00:00', duration: 60 }]));
    expect400(await replace([{ dayOfWeek: 'monday', start: '08:00:00', duration: 60 }]));
    for (const start of ['24:00:00', '8:00:00', '08:00', '08:60:00', '23:59:60', '', 800]) {
      expect400(await replace([{ dayOfWeek: 'MONDAY', start, duration: 60 }]));
    }
    for (const duration of [0, -5, 1.5, '60', 1441, null]) {
      expect400(await replace([{ dayOfWeek: 'MONDAY', start: '08:00:00', duration }]));
    }
    expect400(await replace([{ dayOfWeek: 'MONDAY', start: '08:00:00' }]));
    assert.equal((await replace([{ dayOfWeek: 'MONDAY', start: '23:59:59', duration: 1 }])).status, 201);
  });

  it('rejects a missing or mismatched storeId and a non-object body', async () => {
    const shifts = [{ dayOfWeek: 'MONDAY', start: '08:00:00', duration: 60 }];
    expect400(await send('PUT', path(DEMO_GROCERY_ID), { shifts }));
    expect400(await replace(shifts, DEMO_RESTAURANT_ID));
    expect400(await send('PUT', path(DEMO_GROCERY_ID), { storeId: DEMO_GROCERY_ID }));
    expect400(await send('PUT', path(DEMO_GROCERY_ID), [shifts]));
    expect400(await sandbox.http.send('PUT', path(DEMO_GROCERY_ID), { token: demo, raw: '{"storeId":"x","shifts":[' }));
    // A failed replace leaves the old hours in place.
    const [listed] = (await send('GET', path(DEMO_GROCERY_ID))).body as { shifts: Shift[] }[];
    assert.ok((listed?.shifts.length ?? 0) >= 7);
  });

  it('answers 403 and 404 for foreign and unknown stores; limits are 100/min', async () => {
    const forbidden = await send('GET', path(OTHER_BAKERY_ID));
    assert.equal(forbidden.status, 403);
    const put = await send('PUT', path(OTHER_BAKERY_ID), { storeId: OTHER_BAKERY_ID, shifts: [{ dayOfWeek: 'MONDAY', start: '08:00:00', duration: 60 }] });
    assert.equal(put.status, 403);
    assert.equal((await send('GET', path('00000000-0000-4000-8000-000000000000'))).status, 404);
    assert.equal((await send('GET', path(DEMO_GROCERY_ID))).headers['x-ratelimit-limit'], '100');
    assert.equal((await replace([{ dayOfWeek: 'MONDAY', start: '08:00:00', duration: 60 }])).headers['x-ratelimit-limit'], '100');
  });
});
