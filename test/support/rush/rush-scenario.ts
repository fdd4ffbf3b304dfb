import type { RushView } from '../../../src-shared/ipc/channels/rush';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { RushPeople, seeded, type RushPaces } from './rush-people';
import { RushWorld } from './rush-world';

/**
 * The 25-order rush of the rush guard's issue (docs/rush-guard.md, "Measured"), in one process on
 * one ManualClock: the platform (the sandbox, its automatic closure on for the store), a terminal
 * (a session with every feature, busy mode on or off for the store) and the rush's people
 * (rush-people.ts). Time moves in 15-second steps; the terminal's loops finish each round before
 * time moves on (rush-world.ts), so the same paces give the same run, to the millisecond.
 */

export type { RushPaces } from './rush-people';

/**
 * A lunch rush the kitchen cannot keep up with: a customer every 2 minutes for 40 minutes, then
 * every 5, half of them platform deliveries; the cook confirms within a minute, but an order takes
 * 10 minutes and the kitchen finishes one every 2.5 at best (24 an hour against the peak's 30), and
 * a driver reaches the store 8 minutes after the confirmation.
 */
export const RUSH_PACES: RushPaces = {
  orders: 25,
  peakEveryMinutes: 2,
  peakMinutes: 40,
  tailEveryMinutes: 5,
  deliveryShare: 0.5,
  confirmAfterMinutes: 1,
  cookMinutes: 10,
  readyEveryMinutes: 2.5,
  driverRideMinutes: 8,
  pickupAfterMinutes: 3,
  seed: 1,
};

export interface RushOptions {
  /** Busy mode's pause in minutes, or null: busy mode off (the guard only warns). */
  busyMinutes: number | null;
  paces?: Partial<RushPaces>;
  merchantId?: string;
  /** Told a line each step, for a person tuning the paces. */
  trace?: (line: string) => void;
}

export interface RushOutcome {
  /** The rush's first moment (ISO): a Tuesday's noon in São Paulo, when the store is open. */
  startedAt: string;
  placed: number;
  /** Customers who found the store paused or closed and went elsewhere. */
  turnedAway: number;
  /** The platform's automatic closures of the store: rule and moment (ISO). */
  closures: { rule: string; at: string }[];
  /** Pauses the terminal made on the platform (POST /merchants/{id}/interruptions answered 201). */
  pauses: number;
  /** Pauses lifted by a call (DELETE …/interruptions/{id}): busy mode never sends one. */
  resumes: number;
  /** Stretches the platform did not show the store open, as the customers saw them (ISO; `to` null if it never reopened). */
  unavailable: { from: string; to: string | null }[];
  /** The first moment the terminal's gauge warned of a closure rule, and which. */
  firstWarning: { rule: string; at: string } | null;
  firstSwampedAt: string | null;
  /** Minutes from the first warning to the first closure (null without either). */
  leadMinutes: number | null;
  /** Minutes of the clock the run took. */
  minutes: number;
}

const STEP_MS = 15_000;
const MINUTE = 60_000;
/** A run that has not wound down in this long of the clock stops there (its minutes say so). */
const LIMIT_MS = 4 * 60 * MINUTE;

export async function runRush(options: RushOptions): Promise<RushOutcome> {
  const paces = { ...RUSH_PACES, ...options.paces };
  const merchantId = options.merchantId ?? DEMO_RESTAURANT_ID;
  // The terminal's poll jitter and the sandbox's dishes draw from Math.random: seeded for the run.
  const random = Math.random;
  Math.random = seeded(paces.seed + 1);
  let world: RushWorld;
  try {
    world = await RushWorld.start({ merchantId, busyMinutes: options.busyMinutes, pollSeconds: 30 });
  } catch (error) {
    Math.random = random;
    throw error;
  }
  const { clock, http, session } = world;
  const start = clock.now();
  const control = async (method: 'GET' | 'POST' | 'PUT', path: string, json?: unknown): Promise<Record<string, unknown>> => {
    const response = await http.send(method, path, json === undefined ? {} : { json });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as Record<string, unknown>;
  };
  let token = await http.token();
  /** What a customer's app sees: the store takes orders while any of its entries is available. */
  const platformOpen = async (): Promise<boolean> => {
    const path = `/merchant/v1.0/merchants/${merchantId}/status`;
    let response = await http.send('GET', path, { token });
    if (response.status === 401) response = await http.send('GET', path, { token: (token = await http.token()) });
    return (response.body as { available: boolean }[]).some((entry) => entry.available);
  };
  const { 'orders:act': act, 'orders:board': board, 'rush:gauge': gauge } = session.handlers;
  if (!act || !board || !gauge) throw new Error('the session answers no orders:act, orders:board or rush:gauge');
  const people = new RushPeople({ merchantId, paces, start, control, terminal: { 'orders:act': act, 'orders:board': board } });

  let firstWarning: RushOutcome['firstWarning'] = null;
  let firstSwampedAt: string | null = null;
  const heard = (view: RushView): void => {
    const store = view.stores.find((s) => s.merchantId === merchantId);
    if (!firstSwampedAt && store?.level === 'swamped') firstSwampedAt = view.at;
    const warning = store?.warnings[0];
    if (!firstWarning && warning) firstWarning = { rule: warning.rule, at: view.at };
  };
  // Every push the screens hear, and a read each step: the first warning is the moment a screen could first show it.
  const unhear = world.hear('rush:changed', (payload) => heard(payload as RushView));
  const unavailable: RushOutcome['unavailable'] = [];
  try {
    await control('PUT', `/_sandbox/merchants/${merchantId}/auto-closure`, { on: true });
    for (;;) {
      const now = clock.now();
      const open = await platformOpen();
      const down = unavailable.at(-1);
      if (!open && (!down || down.to !== null)) unavailable.push({ from: new Date(now).toISOString(), to: null });
      if (open && down && down.to === null) down.to = new Date(now).toISOString();

      await people.customers(now, open);
      await people.cook(now);
      await world.settle();
      await people.platform(now);
      const view = await gauge({});
      heard(view);
      const store = view.stores.find((s) => s.merchantId === merchantId);
      options.trace?.(
        `${((now - start) / MINUTE).toFixed(2).padStart(6)} open=${open ? 1 : 0} placed=${people.placed} kitchen=${people.inKitchen} ` +
          `level=${store?.level ?? '-'} p=${store?.pressure ?? 0} warn=${store?.warnings.map((w) => w.rule).join(',') ?? ''}`,
      );
      if ((people.done && open) || now - start >= LIMIT_MS) break;
      await world.advance(STEP_MS);
    }

    const closures = (await control('GET', `/_sandbox/auto-closure/closures?merchantId=${merchantId}`)).closures as { rule: string; at: string }[];
    const calls = (await control('GET', `/_sandbox/calls?merchantId=${merchantId}`)).calls as { method: string; route: string; status: number | null }[];
    const pauses = calls.filter((c) => c.route === 'POST /merchants/{merchantId}/interruptions' && c.status === 201).length;
    const resumes = calls.filter((c) => c.method === 'DELETE' && c.route.includes('/interruptions')).length;
    const warned = firstWarning as RushOutcome['firstWarning'];
    const closed = closures[0];
    return {
      startedAt: new Date(start).toISOString(),
      placed: people.placed,
      turnedAway: people.turnedAway,
      closures: closures.map(({ rule, at }) => ({ rule, at })),
      pauses,
      resumes,
      unavailable,
      firstWarning: warned,
      firstSwampedAt,
      leadMinutes: closed && warned ? (Date.parse(closed.at) - Date.parse(warned.at)) / MINUTE : null,
      minutes: (clock.now() - start) / MINUTE,
    };
  } finally {
    unhear();
    await world.stop();
    Math.random = random;
  }
}
