import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { silentLogger } from '../../../src-main/base/log';
import { BUSY_PAUSE_DESCRIPTION, BusyMode, busyMinutesOf } from '../../../src-main/features/rush/busy-mode';
import type { StoreActionInput } from '../../../src-main/sync/store-outbox';
import type { RushView } from '../../../src-shared/ipc/channels/rush';
import type { LoadLevel } from '../../../src-shared/store-rules/closure-rules';

const MIN = 60_000;
const NOW = Date.parse('2026-11-24T15:00:00Z');
const CENTRO = 'centro';
const BAIRRO = 'bairro';

const view = (levels: Record<string, LoadLevel>): RushView => ({
  at: new Date(NOW).toISOString(),
  stores: Object.entries(levels).map(([merchantId, level]) => ({ merchantId, level, pressure: level === 'swamped' ? 2.5 : 0.5, warnings: [] })),
});

function setUp(busyMode: string[] = [CENTRO]) {
  const sent: StoreActionInput[] = [];
  const busy = new BusyMode({
    busyMinutes: busyMinutesOf(() => ({ busyMode, busyMinutes: 15, stores: 'all' })),
    outbox: { submit: async (input) => (sent.push(input), {}) as never },
    logger: silentLogger,
  });
  busy.statusRead(CENTRO, 'open');
  busy.statusRead(BAIRRO, 'open');
  return { busy, sent };
}

describe('busy mode', () => {
  it('pauses a swamped store where it is on, once a window, for its minutes, reopening by itself', async () => {
    const { busy, sent } = setUp();
    assert.deepEqual(await busy.look(view({ [CENTRO]: 'swamped', [BAIRRO]: 'swamped' }), NOW), [CENTRO], 'only where busy mode is on');
    assert.equal(sent.length, 1);
    const [pause] = sent;
    assert.equal(pause?.kind, 'pause');
    assert.equal(pause?.merchantId, CENTRO);
    assert.equal((pause?.payload as { description: string }).description, BUSY_PAUSE_DESCRIPTION);
    assert.equal((pause?.payload as { end: string }).end, new Date(NOW + 15 * MIN).toISOString(), 'it ends by itself: no resume is ever sent');
    assert.match(String(pause?.key), /^busy:centro:\d+$/);
    assert.deepEqual(await busy.look(view({ [CENTRO]: 'swamped' }), NOW + 5 * MIN), [], 'no second pause while its own runs');
    assert.deepEqual(await busy.look(view({ [CENTRO]: 'busy' }), NOW + 16 * MIN), [], 'its pause over, the gauge lets go');
    assert.deepEqual(await busy.look(view({ [CENTRO]: 'swamped' }), NOW + 40 * MIN), [CENTRO], 'swamped again after that: paused again');
  });

  it('lets the store reopen when its pause ends in a rush that outlasts it: no second pause until the gauge has let go once', async () => {
    const { busy, sent } = setUp();
    assert.deepEqual(await busy.look(view({ [CENTRO]: 'swamped' }), NOW), [CENTRO]);
    // The pause ends at NOW + 15 min; drivers still wait for orders made before it, so the gauge still says swamped.
    busy.statusRead(CENTRO, 'open');
    assert.deepEqual(await busy.look(view({ [CENTRO]: 'swamped' }), NOW + 15 * MIN), [], 'reopened as promised, not paused again at once');
    assert.deepEqual(await busy.look(view({ [CENTRO]: 'swamped' }), NOW + 20 * MIN), [], 'nor later while the same rush lasts');
    assert.equal(sent.length, 1, 'one pause for the rush');
    // A store left out of the view is calm: the rush is over, and the next one may pause it.
    assert.deepEqual(await busy.look(view({}), NOW + 25 * MIN), []);
    assert.deepEqual(await busy.look(view({ [CENTRO]: 'swamped' }), NOW + 50 * MIN), [CENTRO]);
  });

  it('a gauge letting go for a reading or two in the same rush does not re-arm it: ten calm minutes do', async () => {
    const { busy, sent } = setUp();
    assert.deepEqual(await busy.look(view({ [CENTRO]: 'swamped' }), NOW), [CENTRO]);
    // Its pause over, a driver leaves and the gauge reads busy once; the next one arrives: swamped again.
    assert.deepEqual(await busy.look(view({ [CENTRO]: 'busy' }), NOW + 15 * MIN), []);
    assert.deepEqual(await busy.look(view({ [CENTRO]: 'swamped' }), NOW + 15 * MIN + 15_000), [], 'the same rush: no second pause');
    assert.deepEqual(await busy.look(view({ [CENTRO]: 'busy' }), NOW + 16 * MIN), []);
    assert.deepEqual(await busy.look(view({ [CENTRO]: 'busy' }), NOW + 25 * MIN), [], 'nine calm minutes');
    assert.deepEqual(await busy.look(view({ [CENTRO]: 'swamped' }), NOW + 25 * MIN + 15_000), [], 'still the same rush');
    assert.equal(sent.length, 1, 'one pause for the rush');
    assert.deepEqual(await busy.look(view({}), NOW + 30 * MIN), []);
    assert.deepEqual(await busy.look(view({ [CENTRO]: 'swamped' }), NOW + 40 * MIN + 15_000), [CENTRO], 'after ten calm minutes, the next rush');
  });

  it('never pauses a store that is calm or busy, nor one already paused or closed (a person, or the platform)', async () => {
    const { busy, sent } = setUp([CENTRO, BAIRRO]);
    assert.deepEqual(await busy.look(view({ [CENTRO]: 'busy', [BAIRRO]: 'calm' }), NOW), []);
    busy.statusRead(CENTRO, 'paused');
    busy.statusRead(BAIRRO, 'closed');
    assert.deepEqual(await busy.look(view({ [CENTRO]: 'swamped', [BAIRRO]: 'swamped' }), NOW), []);
    assert.equal(sent.length, 0);
    const fresh = new BusyMode({
      busyMinutes: busyMinutesOf(() => ({ busyMode: [CENTRO], busyMinutes: 15, stores: 'all' })),
      outbox: { submit: async () => ({}) as never },
      logger: silentLogger,
    });
    assert.deepEqual(await fresh.look(view({ [CENTRO]: 'swamped' }), NOW), [], 'a store whose status was never read is not paused blind');
  });

  it('pauses each store for its own minutes (a chain keeps them per store), keyed by its own window', async () => {
    const sent: StoreActionInput[] = [];
    const minutes = new Map([
      [CENTRO, 10],
      [BAIRRO, 30],
    ]);
    const busy = new BusyMode({
      busyMinutes: async (stores) => new Map(stores.filter((id) => minutes.has(id)).map((id) => [id, minutes.get(id) ?? 0])),
      outbox: { submit: async (input) => (sent.push(input), {}) as never },
      logger: silentLogger,
    });
    busy.statusRead(CENTRO, 'open');
    busy.statusRead(BAIRRO, 'open');
    assert.deepEqual((await busy.look(view({ [CENTRO]: 'swamped', [BAIRRO]: 'swamped' }), NOW)).sort(), [BAIRRO, CENTRO].sort());
    const ends = Object.fromEntries(sent.map((s) => [s.merchantId, Date.parse(String((s.payload as { end: string }).end)) - NOW]));
    assert.deepEqual(ends, { [CENTRO]: 10 * 60_000, [BAIRRO]: 30 * 60_000 });
    assert.deepEqual(
      sent.map((s) => s.key).sort(),
      [`busy:${BAIRRO}:${Math.floor(NOW / (30 * 60_000))}`, `busy:${CENTRO}:${Math.floor(NOW / (10 * 60_000))}`].sort(),
    );
  });
});
