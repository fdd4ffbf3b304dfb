import type { RushView } from '../../../src-shared/ipc/channels/rush';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { handlersCounter, RUSH_PACES, RushPeople, seeded, type RushPaces } from './rush-people';
import { rushPlatform, type RushRecord } from './rush-platform';
import { RushWorld } from './rush-world';

/**
 * The 25-order rush of the rush guard's issue (docs/rush-guard.md, "Measured"), in one process on
 * one ManualClock: the platform (the sandbox, its automatic closure on for the store), a terminal
 * (a session with every feature, busy mode on or off for the store) and the rush's people
 * (rush-people.ts). Time moves in 15-second steps; the terminal's loops finish each round before
 * time moves on (rush-world.ts), so the same paces give the same run, to the millisecond.
 */

export { RUSH_PACES, type RushPaces } from './rush-people';

export interface RushOptions {
  /** Busy mode's pause in minutes, or null: busy mode off (the guard only warns). */
  busyMinutes: number | null;
  paces?: Partial<RushPaces>;
  merchantId?: string;
  /** Told a line each step, for a person tuning the paces. */
  trace?: (line: string) => void;
}

export interface RushOutcome extends RushRecord {
  /** The rush's first moment (ISO): a Tuesday's noon in São Paulo, when the store is open. */
  startedAt: string;
  placed: number;
  /** Customers who found the store paused or closed and went elsewhere. */
  turnedAway: number;
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
  const platform = rushPlatform(http, merchantId);
  const { control } = platform;
  const { 'orders:act': act, 'orders:board': board, 'rush:gauge': gauge } = session.handlers;
  if (!act || !board || !gauge) throw new Error('the session answers no orders:act, orders:board or rush:gauge');
  const counter = handlersCounter({ 'orders:act': act, 'orders:board': board }, merchantId);
  const people = new RushPeople({ merchantId, paces, start, control, counter });

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
      const open = await platform.open();
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

    const record = await platform.record();
    const warned = firstWarning as RushOutcome['firstWarning'];
    const closed = record.closures[0];
    return {
      startedAt: new Date(start).toISOString(),
      placed: people.placed,
      turnedAway: people.turnedAway,
      ...record,
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
