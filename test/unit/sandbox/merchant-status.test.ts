import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkInterruption, type Interruption } from '../../../src-sandbox/merchant/interruptions';
import { operationStatus, storeStatus, type StatusInputs } from '../../../src-sandbox/merchant/status';
import { seedStores } from '../../../src-sandbox/seed/stores';

const NOW = Date.parse('2025-06-02T15:00:00Z'); // Monday 12:00 store time
const store = seedStores[0]!;
const allDay = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'].map((d, i) => ({
  id: String(i),
  dayOfWeek: d as 'MONDAY',
  start: '00:00:00',
  duration: 1440,
  enabled: true,
  createdAt: '',
}));
const inputs = (over: Partial<StatusInputs> = {}): StatusInputs => ({
  store,
  nowMs: NOW,
  lastPollAt: NOW - 1000,
  shifts: allDay,
  interruptions: [],
  catalogEnabled: () => true,
  deliveryArea: true,
  ...over,
});
const pause = (startOffsetMin: number, endOffsetMin: number): Interruption => ({
  id: 'p',
  description: 'pause',
  start: new Date(NOW + startOffsetMin * 60_000).toISOString(),
  end: new Date(NOW + endOffsetMin * 60_000).toISOString(),
});

describe('operation status derivation', () => {
  it('is OK when every validation is OK', () => {
    const entries = storeStatus(inputs());
    assert.ok(entries.length > 0);
    assert.ok(entries.every((e) => e.state === 'OK' && e.available));
  });

  it('lets CLOSED win over ERROR, ERROR over WARNING', () => {
    const closedAndDisconnected = operationStatus('DELIVERY', inputs({ shifts: [], lastPollAt: undefined }))[0];
    assert.equal(closedAndDisconnected?.state, 'CLOSED');
    const errorAndWarning = operationStatus('DELIVERY', inputs({ lastPollAt: undefined, interruptions: [pause(10, 20)] }))[0];
    assert.equal(errorAndWarning?.state, 'ERROR');
    const warning = operationStatus('DELIVERY', inputs({ interruptions: [pause(10, 20)] }))[0];
    assert.equal(warning?.state, 'WARNING');
    assert.equal(warning?.available, true);
    const paused = operationStatus('TAKEOUT', inputs({ interruptions: [pause(-1, 20)] }))[0];
    assert.equal(paused?.state, 'CLOSED');
  });

  it('warns only for a pause starting within the hour', () => {
    assert.equal(operationStatus('DELIVERY', inputs({ interruptions: [pause(61, 90)] }))[0]?.state, 'OK');
  });

  it('is UNAVAILABLE for INDOOR and for an operation the store does not offer', () => {
    assert.equal(operationStatus('INDOOR', inputs())[0]?.state, 'UNAVAILABLE');
    const pizzeria = seedStores.find((s) => s.operations.length === 1)!;
    assert.equal(operationStatus('TAKEOUT', inputs({ store: pizzeria }))[0]?.state, 'UNAVAILABLE');
  });

  it('keeps stable validation ids across calls', () => {
    const a = operationStatus('DELIVERY', inputs())[0]?.validations.map((v) => v.id);
    const b = operationStatus('DELIVERY', inputs({ nowMs: NOW + 5000 }))[0]?.validations.map((v) => v.id);
    assert.deepEqual(a, b);
  });
});

describe('interruption rules', () => {
  const input = (startMin: number, endMin: number) => ({
    description: 'x',
    start: new Date(NOW + startMin * 60_000).toISOString(),
    end: new Date(NOW + endMin * 60_000).toISOString(),
  });
  it('checks order, duration bounds, the future and overlap', () => {
    assert.equal(checkInterruption(input(10, 10), [], NOW).ok, false);
    assert.equal(checkInterruption(input(0, 1), [], NOW).ok, true);
    assert.equal(checkInterruption(input(0, 7 * 24 * 60), [], NOW).ok, true);
    assert.equal(checkInterruption(input(0, 7 * 24 * 60 + 1), [], NOW).ok, false);
    assert.equal(checkInterruption(input(-20, -10), [], NOW).ok, false);
    const overlap = checkInterruption(input(5, 15), [pause(10, 20)], NOW);
    assert.equal(!overlap.ok && overlap.kind, 'overlap');
    assert.equal(checkInterruption(input(20, 30), [pause(10, 20)], NOW).ok, true);
  });
});
