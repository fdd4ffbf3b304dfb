import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ErrorInfo } from '../../../src-shared/errors';
import { isChannelName } from '../../../src-shared/ipc/contract';
import { TRAILED } from '../../../src-shared/staff/staff-rules';
import { ManualClock } from '../../../src-main/base/clock';
import { createLogger } from '../../../src-main/base/log';
import { OrdersDb } from '../../../src-main/db/orders/orders-db';
import { IpcDispatcher, type Handlers } from '../../../src-main/ipc/dispatcher';
import { StaffDesk } from '../../../src-main/features/staff/staff-desk';
import { StaffGuard, terminalTeam } from '../../../src-main/features/staff/staff-guard';
import { TRIES } from '../../../src-main/features/staff/pin-tries';

const ORDER = 'f0b7c1d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const COUNTER_2 = { id: 'screen-counter-2', name: 'Balcão 2', kind: 'counter' as const };

/** A terminal's dispatcher with the staff rules over it; orders:act answers as the order outbox would (an entry). */
function terminal() {
  const clock = new ManualClock(Date.parse('2026-11-24T15:00:00Z'));
  const db = OrdersDb.open(':memory:');
  const desk = new StaffDesk(db.staff, clock);
  const logged: string[] = [];
  const logger = createLogger({ write: (line) => logged.push(line) });
  const acts: unknown[] = [];
  const handlers = new Proxy({} as Handlers, {
    get: (_t, name) =>
      name === 'orders:act'
        ? (input: { orderId: string; action: string }) => {
            acts.push(input);
            const at = new Date(clock.now()).toISOString();
            return {
              id: acts.length,
              orderId: input.orderId,
              action: input.action,
              payload: null,
              state: 'queued',
              attempts: 0,
              createdAt: at,
              updatedAt: at,
              nextAttemptAt: null,
              reason: null,
              actor: 'staff',
              origin: null,
            };
          }
        : undefined,
  });
  const ipc = new IpcDispatcher(handlers, logger, () => new StaffGuard(terminalTeam(desk, db.trail), clock));
  const act = (action: string, origin = null as typeof COUNTER_2 | null, payload?: unknown) =>
    ipc.invoke('orders:act', { orderId: ORDER, action, ...(payload ? { payload } : {}) }, origin);
  return { clock, db, desk, ipc, act, acts, logged };
}

async function team(desk: StaffDesk) {
  await desk.save({ name: 'Ana', role: 'staff', pin: '4821' });
  await desk.save({ name: 'Marcos', role: 'manager', pin: '907311' });
  const people = (await desk.state('terminal')).people;
  const id = (name: string) => people.find((p) => p.name === name)?.id ?? '';
  return { ana: id('Ana'), marcos: id('Marcos') };
}

describe('staff on a shared terminal', () => {
  it('with sign-in off, every action goes and the trail names the device, not a person', async () => {
    const t = terminal();
    const made = await t.act('confirm');
    assert.ok(made.ok, JSON.stringify(made));
    const [line] = t.db.trail.ofOrder(ORDER, 10);
    assert.equal(line?.person_name, null);
    assert.equal(line?.outcome, 'queued');
    assert.equal(line?.action, 'confirm');
  });

  it('with sign-in on: nobody at the device is refused in words; a person signs in by PIN and their confirm is theirs in the trail', async () => {
    const t = terminal();
    const { ana } = await team(t.desk);
    await t.desk.configure(true, 5);
    const refused = await t.act('confirm');
    assert.equal(refused.ok, false);
    assert.equal(!refused.ok && refused.error.code, 'sign-in-needed');
    assert.match(!refused.ok ? refused.error.message : '', /tap your name and enter your PIN/);
    assert.equal(t.acts.length, 0, 'the action never reached the outbox');

    await t.desk.signIn('terminal', ana, '4821');
    assert.equal((await t.act('confirm')).ok, true);
    const lines = t.db.trail.ofOrder(ORDER, 10);
    assert.deepEqual(
      lines.map((l) => [l.person_name, l.device_name, l.action, l.outcome]),
      [['Ana', null, 'confirm', 'queued']],
    );
    // A paired screen has its own person: Ana at the terminal is nobody at Balcão 2.
    const fromScreen = await t.act('startPreparation', COUNTER_2);
    assert.equal(!fromScreen.ok && fromScreen.error.code, 'sign-in-needed');
  });

  it('a cancel asks for a manager’s PIN, once per action: a staff PIN does not approve, the manager’s does, and the trail says who', async () => {
    const t = terminal();
    const { ana, marcos } = await team(t.desk);
    await t.desk.configure(true, 5);
    await t.desk.signIn(COUNTER_2.id, ana, '4821');
    const cancel = () => t.act('requestCancellation', COUNTER_2, { reason: '501' });
    const first = await cancel();
    assert.equal(!first.ok && first.error.code, 'approval-needed');
    assert.equal(!first.ok && first.error.field, 'cancelOrder', 'the screen learns which approval to ask for');
    await assert.rejects(t.desk.approve(COUNTER_2.id, ana, '4821', 'cancelOrder'), /Ana is not a manager/);
    await assert.rejects(t.desk.approve(COUNTER_2.id, marcos, '111111', 'cancelOrder'), /wrong PIN for Marcos/);
    await t.desk.approve(COUNTER_2.id, marcos, '907311', 'cancelOrder');
    // Approved for the Balcão 2, not for another device.
    const elsewhere = await t.act('requestCancellation', null, { reason: '501' });
    assert.equal(!elsewhere.ok && elsewhere.error.code, 'sign-in-needed');
    assert.equal((await cancel()).ok, true);
    const again = await cancel();
    assert.equal(!again.ok && again.error.code, 'approval-needed', 'one approval, one action');
    const line = t.db.trail.ofOrder(ORDER, 10).find((l) => l.action === 'requestCancellation');
    assert.deepEqual([line?.person_name, line?.device_name, line?.approved_by], ['Ana', 'Balcão 2', 'Marcos']);
    // The cook's normal path never asks: confirm, start, ready go with Ana's PIN alone.
    for (const action of ['confirm', 'startPreparation', 'readyToPickup']) assert.equal((await t.act(action, COUNTER_2)).ok, true, action);
  });

  it('an approval lasts two minutes; a device goes back to nobody after its idle minutes', async () => {
    const t = terminal();
    const { ana, marcos } = await team(t.desk);
    await t.desk.configure(true, 5);
    await t.desk.signIn('terminal', ana, '4821');
    await t.desk.approve('terminal', marcos, '907311', 'cancelOrder');
    await t.clock.advance(2 * 60_000 + 1);
    const late = await t.act('requestCancellation', null, { reason: '501' });
    assert.equal(!late.ok && late.error.code, 'approval-needed');
    await t.clock.advance(5 * 60_000 + 1);
    assert.equal((await t.desk.state('terminal')).current, null, 'idle: nobody');
    const idle = await t.act('confirm');
    assert.equal(!idle.ok && idle.error.code, 'sign-in-needed');
  });

  it('wrong PINs are counted per person and per device, lock for five minutes, survive a restart of the desk; the PIN is never stored or logged', async () => {
    const t = terminal();
    const { ana, marcos } = await team(t.desk);
    for (let i = 0; i < TRIES.person; i++) await assert.rejects(t.desk.signIn('terminal', ana, '0000'), /wrong PIN/);
    const restarted = new StaffDesk(t.db.staff, t.clock);
    await assert.rejects(
      restarted.signIn('terminal', ana, '4821'),
      (e: Error & { code?: string }) => e.code === 'locked' && /this person may try again in 5 min/.test(e.message),
    );
    // The refusal carries the wait: the keypad says when to try again in the screen's own words.
    const refused = await restarted.signIn('terminal', ana, '4821').then(
      () => null,
      (e: { toInfo(): ErrorInfo }) => e.toInfo(),
    );
    assert.deepEqual(refused && [refused.code, refused.retryAfterMs], ['locked', 5 * 60_000]);
    await t.clock.advance(5 * 60_000);
    await restarted.signIn('terminal', ana, '4821');

    // Walking through names on one device: the device locks, whoever is tried next.
    const names = [ana, marcos];
    for (let i = 0; i < TRIES.device; i++) await assert.rejects(restarted.signIn('screen-x', names[i % 2] ?? ana, '1234'));
    await restarted.save({ name: 'Bia', role: 'staff', pin: '5566' });
    const bia = (await restarted.state('terminal')).people.find((p) => p.name === 'Bia')?.id ?? '';
    await assert.rejects(restarted.signIn('screen-x', bia, '5566'), /this device may try again/);
    await restarted.signIn('terminal', bia, '5566');

    const rows = t.db.staff.people();
    assert.ok(rows.every((r) => r.pin_hash.startsWith('scrypt$') && !r.pin_hash.includes('4821') && !r.pin_hash.includes('907311')));
    const failed = await t.ipc.invoke('orders:act', { orderId: ORDER, action: 'confirm' }, null);
    assert.equal(failed.ok, true);
    assert.ok(!t.logged.some((l) => l.includes('4821') || l.includes('907311')), 'no PIN in the logs');
  });

  it('wrong PINs sent all at once are counted one by one: five reach the hash, the rest are refused as locked', async () => {
    const t = terminal();
    const { ana } = await team(t.desk);
    const tries = await Promise.allSettled(Array.from({ length: 8 }, () => t.desk.signIn('terminal', ana, '0000')));
    const codes = tries.map((r) => (r.status === 'rejected' ? (r.reason as { code?: string }).code : 'signed in'));
    assert.deepEqual(codes.filter((c) => c === 'wrong-pin').length, TRIES.person, codes.join());
    assert.deepEqual(codes.filter((c) => c === 'locked').length, 8 - TRIES.person, codes.join());
  });

  it('trails channels of the contract only', () => {
    assert.deepEqual(
      [...TRAILED].filter((name) => !isChannelName(name)),
      [],
    );
  });

  it('the trail cannot be edited: the database refuses a change to a line', async () => {
    const t = terminal();
    await t.act('confirm');
    const raw = (t.db as unknown as { db: { prepare(sql: string): { run(): unknown } } }).db;
    assert.throws(() => raw.prepare("UPDATE action_trail SET person_name = 'Someone else'").run(), /the trail is never edited/);
  });

  it('the team keeps a manager while sign-in is on, and names are unique', async () => {
    const t = terminal();
    const { marcos } = await team(t.desk);
    await t.desk.configure(true, 5);
    await assert.rejects(t.desk.remove(marcos), /the last manager cannot go while sign-in is on/);
    await assert.rejects(t.desk.save({ name: 'ana', role: 'staff', pin: '1111' }), /already called Ana/);
    await assert.rejects(t.desk.save({ id: marcos, name: 'Marcos', role: 'staff' }), /the last manager stays a manager/);
    const fresh = terminal();
    await assert.rejects(fresh.desk.configure(true, 5), /add a manager first/);
  });
});
