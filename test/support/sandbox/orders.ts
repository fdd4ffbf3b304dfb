import assert from 'node:assert/strict';
import type { WireEvent } from '../../../src-shared/wire/events';
import type { withSandbox } from './sandbox';

/** Small helpers for the order-side sandbox tests: create and move orders, poll, advance the clock. */
export type Sandbox = Awaited<ReturnType<typeof withSandbox>>;
export const O = '/order/v1.0';

export type { WireEvent };

export interface ControlEvent extends WireEvent {
  acknowledged: boolean;
  deliveries: number;
}

// The detail is checked field by field in the tests; here it is a loose record.
export type Detail = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function createOrder(sandbox: Sandbox, body: Record<string, unknown>): Promise<Detail> {
  const response = await sandbox.http.send('POST', '/_sandbox/orders', { json: body });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body as Detail;
}

export async function control(sandbox: Sandbox, orderId: string, move: string, json?: unknown) {
  return sandbox.http.send('POST', `/_sandbox/orders/${orderId}/${move}`, json === undefined ? {} : { json });
}

export async function advance(sandbox: Sandbox, seconds: number): Promise<void> {
  const response = await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: seconds } });
  assert.equal(response.status, 200);
}

export async function poll(sandbox: Sandbox, token: string, limit?: number): Promise<WireEvent[]> {
  const response = await sandbox.http.send('GET', `${O}/orders:polling${limit === undefined ? '' : `?limit=${limit}`}`, { token });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return (response.body as { events: WireEvent[] }).events;
}

export async function ack(sandbox: Sandbox, token: string, ids: string[]): Promise<void> {
  const response = await sandbox.http.send('POST', `${O}/orders:acknowledgment`, { token, json: { acknowledgedEventIds: ids } });
  assert.equal(response.status, 202);
}

/** Polls and acknowledges until nothing is left; returns what was drained. */
export async function drain(sandbox: Sandbox, token: string): Promise<WireEvent[]> {
  const all: WireEvent[] = [];
  for (;;) {
    const events = await poll(sandbox, token);
    if (events.length === 0) return all;
    all.push(...events);
    await ack(
      sandbox,
      token,
      events.map((e) => e.id),
    );
  }
}

/** Every event emitted for one order, in emission order (control surface). */
export async function codesOf(sandbox: Sandbox, orderId: string): Promise<string[]> {
  const response = await sandbox.http.send('GET', '/_sandbox/events');
  return (response.body as { events: ControlEvent[] }).events.filter((e) => e.orderId === orderId).map((e) => e.code);
}

export async function detailOf(sandbox: Sandbox, token: string, orderId: string): Promise<Detail> {
  const response = await sandbox.http.send('GET', `${O}/orders/${orderId}`, { token });
  assert.equal(response.status, 200);
  return response.body as Detail;
}

export async function action(sandbox: Sandbox, token: string, orderId: string, name: string, json?: unknown) {
  return sandbox.http.send('POST', `${O}/orders/${orderId}/${name}`, json === undefined ? { token } : { token, json });
}

export function assertError(response: { status: number; body: unknown }, status: number, code?: string): void {
  assert.equal(response.status, status, JSON.stringify(response.body));
  const body = response.body as { code?: unknown; message?: unknown };
  assert.equal(typeof body.code, 'string');
  assert.equal(typeof body.message, 'string');
  if (code) assert.equal(body.code, code);
}
