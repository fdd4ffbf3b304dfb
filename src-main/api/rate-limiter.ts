import { catalogTotalLimit, limitFor, type RouteLimit } from '../../src-shared/spec-limits';
import type { Clock } from '../base/clock';
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
  /** The permit when the request may leave right now (nobody waiting, budget left); else undefined. */
  tryAcquire?(key: RouteKey): LimiterPermit | undefined;
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

/**
 * Sliding window of the last `limit` requests: their answer times in a ring of numbers (IN_FLIGHT
 * while out), addressed by a request's sequence number. The ring grows with use up to `limit`, so
 * a raised budget costs memory only when it is really used, and no object is made per request.
 */
class Window {
  private ring = new Float64Array(16);
  /** Sequence number of the oldest request still counted, and of the next one. */
  private head = 0;
  private tail = 0;

  constructor(
    readonly limit: number,
    private readonly spanMs: number,
  ) {}

  /** When one more request may leave: `now`, a later time, or undefined (wait for an answer). */
  freeAt(now: number): number | undefined {
    const ring = this.ring;
    while (this.head < this.tail && (ring[this.head % ring.length] as number) + this.spanMs <= now) this.head++;
    if (this.tail - this.head < this.limit) return now;
    const oldest = ring[this.head % ring.length] as number;
    return oldest === IN_FLIGHT ? undefined : oldest + this.spanMs;
  }

  /** Counts a request leaving now; returns its sequence number. */
  take(): number {
    if (this.tail - this.head === this.ring.length) this.grow();
    this.ring[this.tail % this.ring.length] = IN_FLIGHT;
    return this.tail++;
  }

  /** The answer to request `seq` came back at `now`: its minute starts counting down. */
  answered(seq: number, now: number): void {
    // A request still out is never dropped from the window, so `seq` is always still in the ring.
    if (seq >= this.head && seq < this.tail) this.ring[seq % this.ring.length] = now;
  }

  private grow(): void {
    const old = this.ring;
    const ring = new Float64Array(old.length * 2);
    for (let seq = this.head; seq < this.tail; seq++) ring[seq % ring.length] = old[seq % old.length] as number;
    this.ring = ring;
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
  /** Module → route → lane: route names are constants, so the lookup hashes no fresh string. */
  private readonly lanes = new Map<ApiModule, Map<string, Lane>>();
  private readonly moduleWindows = new Map<ApiModule, Window | null>();
  private readonly factor: number;
  private readonly margin: number;
  private readonly limitOf: (key: RouteKey) => RouteLimit | undefined;
  private readonly moduleLimitOf: (module: ApiModule) => RouteLimit | undefined;
  private timer: { at: number; cancel: AbortController } | undefined;
  /** Callers waiting, over every lane (kept as a count so an answer need not look at every lane). */
  private queued = 0;

  constructor(private readonly options: RateLimiterOptions) {
    this.factor = options.factor ?? 1;
    this.margin = options.marginMs ?? 100;
    this.limitOf = options.limitOf ?? ((key) => limitFor(key.module, key.route));
    this.moduleLimitOf = options.moduleLimitOf ?? ((module) => (module === 'catalog' ? catalogTotalLimit : undefined));
  }

  tryAcquire(key: RouteKey): LimiterPermit | undefined {
    const lane = this.lane(key);
    const now = this.options.clock.now();
    return lane.waiters.length === 0 && this.readyAt(lane, now) === now ? this.grant(lane, now) : undefined;
  }

  acquire(key: RouteKey, signal?: AbortSignal): Promise<LimiterPermit> {
    if (signal?.aborted) return Promise.reject(aborted(key));
    const lane = this.lane(key);
    const now = this.options.clock.now();
    if (lane.waiters.length === 0 && this.readyAt(lane, now) === now) return Promise.resolve(this.grant(lane, now));
    return new Promise<LimiterPermit>((resolve, reject) => {
      const onAbort = (): void => {
        lane.waiters = lane.waiters.filter((w) => w !== waiter);
        this.queued--;
        reject(aborted(key));
        this.pump();
      };
      const waiter: Waiter = { resolve, reject, cleanup: () => signal?.removeEventListener('abort', onAbort) };
      signal?.addEventListener('abort', onAbort, { once: true });
      lane.waiters.push(waiter);
      this.queued++;
      this.pump();
    });
  }

  /** Callers waiting for budget, over every route (for tests and diagnostics). */
  get waiting(): number {
    return this.queued;
  }

  private *allLanes(): Generator<Lane> {
    for (const routes of this.lanes.values()) yield* routes.values();
  }

  private lane(key: RouteKey): Lane {
    let routes = this.lanes.get(key.module);
    if (!routes) {
      routes = new Map();
      this.lanes.set(key.module, routes);
    }
    let lane = routes.get(key.route);
    if (!lane) {
      const windows: Window[] = [];
      const own = this.limitOf(key);
      if (own) windows.push(this.window(own));
      const shared = this.moduleWindow(key.module);
      if (shared) windows.push(shared);
      lane = { id: `${key.module} ${key.route}`, windows, server: undefined, inFlight: 0, waiters: [] };
      routes.set(key.route, lane);
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

  private grant(lane: Lane, now: number): LimiterPermit {
    // A lane has at most two windows: its route's, and its module's (the catalog total).
    const first = lane.windows[0]?.take() ?? -1;
    const second = lane.windows[1]?.take() ?? -1;
    if (lane.server && lane.server.until > now) lane.server.remaining--;
    lane.inFlight++;
    return new Permit(this, lane, first, second);
  }

  /** A request came back (called by its Permit). @internal */
  settle(lane: Lane, first: number, second: number, headers: Record<string, string> | undefined): void {
    const now = this.options.clock.now();
    if (first >= 0) lane.windows[0]?.answered(first, now);
    if (second >= 0) lane.windows[1]?.answered(second, now);
    lane.inFlight--;
    if (headers) this.observe(lane, headers, now);
    if (this.queued > 0) this.pump();
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
    for (const lane of this.allLanes()) {
      while (lane.waiters.length > 0) {
        const at = this.readyAt(lane, now);
        if (at === undefined) break; // an answer will pump again
        if (at > now) {
          wake = Math.min(wake, at);
          break;
        }
        const waiter = lane.waiters.shift() as Waiter;
        this.queued--;
        waiter.cleanup();
        waiter.resolve(this.grant(lane, now));
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

/** A class, not a closure per request: the hot path allocates one small object. */
class Permit implements LimiterPermit {
  private settled = false;

  constructor(
    private readonly limiter: RateLimiter,
    private readonly lane: Lane,
    private readonly first: number,
    private readonly second: number,
  ) {}

  done(headers?: Record<string, string>): void {
    if (this.settled) return;
    this.settled = true;
    this.limiter.settle(this.lane, this.first, this.second, headers);
  }
}

function aborted(key: RouteKey): ApiError {
  return new ApiError('aborted', `${key.route}: cancelled while waiting for the rate limit`, { route: key.route });
}
