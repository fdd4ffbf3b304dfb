import assert from 'node:assert/strict';
import type { OrderAction } from '../../../src-shared/ipc/channels/orders';
import type { OrdersDb } from '../../../src-main/db/orders/orders-db';
import type { ControlEvent, Sandbox } from '../sandbox/orders';

/**
 * The "nothing lost, nothing twice" check shared by the fault and crash tests, comparing the
 * terminal's database with what the sandbox says happened.
 */
export const ACTION_EVENT: Partial<Record<OrderAction, string>> = {
  confirm: 'CFM',
  startPreparation: 'PRS',
  readyToPickup: 'RTP',
  dispatch: 'DSP',
  requestCancellation: 'CAR',
};

export interface Call {
  route: string;
  status: number | null;
  dropped: boolean;
}

export async function sandboxEvents(sandbox: Sandbox): Promise<ControlEvent[]> {
  return ((await sandbox.http.send('GET', '/_sandbox/events')).body as { events: ControlEvent[] }).events;
}

export async function callsOf(sandbox: Sandbox, orderId: string): Promise<Call[]> {
  return ((await sandbox.http.send('GET', `/_sandbox/orders/${orderId}/calls`)).body as { calls: Call[] }).calls;
}

export interface ExactlyOnceReport {
  events: number;
  deliveries: number;
  actions: number;
  /** Requests sent again after a lost answer or an error, recognised by a 409 or the order's status. */
  resends: number;
  conflictsRecognised: number;
}

/**
 * Every event the sandbox emitted is stored once and acknowledged; every action in the outbox is
 * confirmed, took effect once (one outcome event, at most one 202), and the local status matches.
 */
export async function assertExactlyOnce(sandbox: Sandbox, store: OrdersDb, orderIds: readonly string[]): Promise<ExactlyOnceReport> {
  const emitted = await sandboxEvents(sandbox);
  const unacked = emitted.filter((e) => !e.acknowledged);
  assert.deepEqual(
    unacked.map((e) => `${e.code} ${e.orderId}`),
    [],
    'every emitted event acknowledged',
  );
  const stored = store.db.prepare('SELECT id FROM events ORDER BY id').all() as { id: string }[];
  assert.deepEqual(
    stored.map((r) => r.id),
    emitted.map((e) => e.id).sort(),
    'every emitted event stored exactly once, nothing else',
  );

  const report: ExactlyOnceReport = {
    events: emitted.length,
    deliveries: emitted.reduce((n, e) => n + e.deliveries, 0),
    actions: 0,
    resends: 0,
    conflictsRecognised: 0,
  };
  for (const orderId of orderIds) {
    const calls = await callsOf(sandbox, orderId);
    const codes = emitted.filter((e) => e.orderId === orderId).map((e) => e.code);
    for (const action of store.outbox.forOrder(orderId)) {
      report.actions++;
      assert.equal(action.state, 'confirmed', `${action.action} of ${orderId} settled as confirmed (was ${action.state}: ${action.reason ?? ''})`);
      const event = ACTION_EVENT[action.action as keyof typeof ACTION_EVENT];
      assert.equal(codes.filter((c) => c === event).length, 1, `${action.action} of ${orderId} took effect exactly once`);
      const mine = calls.filter((c) => c.route === `POST /orders/{id}/${action.action}`);
      assert.ok(mine.filter((c) => c.status === 202).length <= 1, `${action.action} of ${orderId} accepted at most once`);
      report.resends += Math.max(0, mine.length - 1);
      report.conflictsRecognised += mine.filter((c) => c.status === 409).length;
    }
  }
  return report;
}
