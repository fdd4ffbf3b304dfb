import { catalogTotalLimit, limitFor, type RouteLimit } from '../../src-shared/spec-limits';
import type { Clock } from '../clock';
import { ApiError, type ApiModule } from './errors';

/**
 * Client-side pacing by the limits of spec §8 (per application and route; the catalog's total too),
 * so a burst of calls is spread out instead of being answered by 429s.
 *
 * Each limit is a sliding window that counts a request from the moment it leaves until `windowMs`
 * after its answer came back: the server saw it somewhere in between, so no window of the server's
 * (fixed or sliding, wherever it starts) can hold more than `limit` of them. On top of that the
 * limiter follows what the server says (X-RateLimit-Remaining/Reset), which also covers requests
 * this process did not make (another terminal of the same application, the run before a restart).
 */

export interface RouteKey {
  module: ApiModule;
  /** The spec's route name, e.g. `GET /merchants/{merchantId}`. */
  route: string;
}

/** Held while a request is out; `done` returns it with what the server said of the budget. */
export interface LimiterPermit {
  done(headers?: Record<string, string>): void;
}

export interface RequestLimiter {
  /** Resolves when the request may leave; waits (FIFO per route) while the budget is spent. */
  acquire(key: RouteKey, signal?: AbortSignal): Promise<LimiterPermit>;
}

export interface RateLimiterOptions {
  clock: Clock;
  /** Multiplies every limit (a benchmark raises the budget so it does not bind). */
  factor?: number;
  /** Extra wait after a window, against clock granularity on either side. */
  marginMs?: number;
  /** The limit of a route; default: the §8 table. */
  limitOf?: (key: RouteKey) => RouteLimit | undefined;
  /** Limit shared by every route of a module; default: the catalog's 15000/min. */
  moduleLimitOf?: (module: ApiModule) => RouteLimit | undefined;
}

const IN_FLIGHT = Number.POSITIVE_INFINITY;

interface Slot {
  /** When the answer came back; IN_FLIGHT until then. */
  at: number;
}

/** Sliding window of the last `limit` requests. */
class Window {
  private slots: Slot[] = [];
  private head = 0;

  constructor(
    readonly limit: number,
    private readonly spanMs: number,
  ) {}

  /** When one more request may leave: `now`, a later time, or undefined (wait for an answer). */
  freeAt(now: number): number | undefined {
    while (this.head < this.slots.length && (this.slots[this.head] as Slot).at + this.spanMs <= now) this.head++;
    if (this.head > 1024 && this.head * 2 > this.slots.length) {
      this.slots = this.slots.slice(this.head);
      this.head = 0;
    }
    if (this.slots.length - this.head < this.limit) return now;
    const oldest = this.slots[this.head] as Slot;
    return oldest.at === IN_FLIGHT ? undefined : oldest.at + this.spanMs;
  }

  take(): Slot {
    const slot = { at: IN_FLIGHT };
    this.slots.push(slot);
    return slot;
  }
}

/** What the server last said of a route's budget. */
interface ServerBudget {
  remaining: number;
  until: number;
}

interface Lane {
  id: string;
  windows: Window[];
  server: ServerBudget | undefined;
  inFlight: number;
  waiters: Waiter[];
}

interface Waiter {
  resolve(permit: LimiterPermit): void;
  reject(error: unknown): void;
  cleanup(): void;
}

export class RateLimiter implements RequestLimiter {
  private readonly lanes = new Map<string, Lane>();
  private readonly moduleWindows = new Map<ApiModule, Window | null>();
  private readonly factor: number;
  private readonly margin: number;
  private readonly limitOf: (key: RouteKey) => RouteLimit | undefined;
  private readonly moduleLimitOf: (module: ApiModule) => RouteLimit | undefined;
  private timer: { at: number; cancel: AbortController } | undefined;

  constructor(private readonly options: RateLimiterOptions) {
    this.factor = options.factor ?? 1;
    this.margin = options.marginMs ?? 100;
    this.limitOf = options.limitOf ?? ((key) => limitFor(key.module, key.route));
    this.moduleLimitOf = options.moduleLimitOf ?? ((module) => (module === 'catalog' ? catalogTotalLimit : undefined));
  }

  acquire(key: RouteKey, signal?: AbortSignal): Promise<LimiterPermit> {
    if (signal?.aborted) return Promise.reject(aborted(key));
    const lane = this.lane(key);
    const now = this.options.clock.now();
    if (lane.waiters.length === 0 && this.readyAt(lane, now) === now) return Promise.resolve(this.grant(lane));
    return new Promise<LimiterPermit>((resolve, reject) => {
      const onAbort = (): void => {
        lane.waiters = lane.waiters.filter((w) => w !== waiter);
        reject(aborted(key));
        this.pump();
      };
      const waiter: Waiter = { resolve, reject, cleanup: () => signal?.removeEventListener('abort', onAbort) };
      signal?.addEventListener('abort', onAbort, { once: true });
      lane.waiters.push(waiter);
      this.pump();
    });
  }

  /** Callers waiting for budget, over every route (for tests and diagnostics). */
  get waiting(): number {
    let n = 0;
    for (const lane of this.lanes.values()) n += lane.waiters.length;
    return n;
  }

  private lane(key: RouteKey): Lane {
    const id = `${key.module} ${key.route}`;
    let lane = this.lanes.get(id);
    if (!lane) {
      const windows: Window[] = [];
      const own = this.limitOf(key);
      if (own) windows.push(this.window(own));
      const shared = this.moduleWindow(key.module);
      if (shared) windows.push(shared);
      lane = { id, windows, server: undefined, inFlight: 0, waiters: [] };
      this.lanes.set(id, lane);
    }
    return lane;
  }

  private window(limit: RouteLimit): Window {
    return new Window(Math.max(1, Math.floor(limit.limit * this.factor)), limit.windowMs + this.margin);
  }

  private moduleWindow(module: ApiModule): Window | undefined {
    if (!this.moduleWindows.has(module)) {
      const limit = this.moduleLimitOf(module);
      this.moduleWindows.set(module, limit ? this.window(limit) : null);
    }
    return this.moduleWindows.get(module) ?? undefined;
  }

  /** When the lane's next request may leave: now, later, or undefined (after an answer). */
  private readyAt(lane: Lane, now: number): number | undefined {
    let at = now;
    if (lane.server && lane.server.until > now && lane.server.remaining <= 0) at = lane.server.until + this.margin;
    for (const window of lane.windows) {
      const free = window.freeAt(now);
      if (free === undefined) return undefined;
      at = Math.max(at, free);
    }
    return at;
  }

  private grant(lane: Lane): LimiterPermit {
    if (lane.windows.length === 0 && !lane.server) {
      // Unlisted route the server has said nothing about: nothing to pace, but still listen.
      lane.inFlight++;
      return this.permit(lane, []);
    }
    const slots = lane.windows.map((w) => w.take());
    if (lane.server && lane.server.until > this.options.clock.now()) lane.server.remaining--;
    lane.inFlight++;
    return this.permit(lane, slots);
  }

  private permit(lane: Lane, slots: Slot[]): LimiterPermit {
    let settled = false;
    return {
      done: (headers) => {
        if (settled) return;
        settled = true;
        const now = this.options.clock.now();
        for (const slot of slots) slot.at = now;
        lane.inFlight--;
        if (headers) this.observe(lane, headers, now);
        this.pump();
      },
    };
  }

  /** X-RateLimit-Remaining/Reset: the server's view wins when it is stricter than ours. */
  private observe(lane: Lane, headers: Record<string, string>, now: number): void {
    const remaining = Number(headers['x-ratelimit-remaining']);
    const reset = Number(headers['x-ratelimit-reset']);
    if (headers['x-ratelimit-remaining'] === undefined || !Number.isFinite(remaining) || !Number.isFinite(reset)) return;
    const until = now + Math.max(0, reset) * 1000;
    // Requests still out may not have been counted in `remaining` yet: assume they were not.
    const left = remaining - lane.inFlight;
    const previous = lane.server;
    if (previous && previous.until > now && Math.abs(previous.until - until) <= 1_000) {
      previous.remaining = Math.min(previous.remaining, left);
      previous.until = Math.max(previous.until, until);
    } else {
      lane.server = { remaining: left, until };
    }
  }

  /** Lets every waiter go whose budget has come, and sets one timer for the earliest of the rest. */
  private pump(): void {
    const now = this.options.clock.now();
    let wake = Number.POSITIVE_INFINITY;
    for (const lane of this.lanes.values()) {
      while (lane.waiters.length > 0) {
        const at = this.readyAt(lane, now);
        if (at === undefined) break; // an answer will pump again
        if (at > now) {
          wake = Math.min(wake, at);
          break;
        }
        const waiter = lane.waiters.shift() as Waiter;
        waiter.cleanup();
        waiter.resolve(this.grant(lane));
      }
    }
    this.arm(wake, now);
  }

  private arm(wake: number, now: number): void {
    // A timer already set for no later than needed stays; one no longer needed is cancelled, so
    // an idle limiter holds no timer (and never keeps the process alive).
    if (wake !== Number.POSITIVE_INFINITY && this.timer && this.timer.at <= wake && this.timer.at > now) return;
    this.timer?.cancel.abort();
    this.timer = undefined;
    if (wake === Number.POSITIVE_INFINITY) return;
    const cancel = new AbortController();
    this.timer = { at: wake, cancel };
    this.options.clock.sleep(wake - now, cancel.signal).then(
      () => {
        if (this.timer?.cancel === cancel) this.timer = undefined;
        this.pump();
      },
      () => {},
    );
  }
}

function aborted(key: RouteKey): ApiError {
  return new ApiError('aborted', `${key.route}: cancelled while waiting for the rate limit`, { route: key.route });
}
