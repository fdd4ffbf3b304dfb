import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PushName } from '../../../src-shared/ipc/contract';
import { Settings } from '../../../src-shared/settings';
import { SESSION_FEATURES } from '../../../src-main/app/features';
import { startSession, type Session } from '../../../src-main/app/session';
import { MemoryCredentialStore } from '../../../src-main/auth/credentials/credential-store';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { PushFanout } from '../../../src-main/ipc/push-fanout';
import { createSandboxServer } from '../../../src-sandbox/index';
import { TEST_INSTANT_MS } from '../clock';
import { rawHttp, type RawHttp } from '../sandbox/sandbox';

/** How long the world may take to go quiet after a step, in real time, before the run says it is stuck. */
const SETTLE_LIMIT_MS = 10_000;
/**
 * Turns of the event loop with nothing new before the world counts as quiet. A request written on
 * loopback is readable at the next turn's poll, so a few turns without one mean none is on its way.
 */
const QUIET_TURNS = 8;

export interface RushWorldOptions {
  merchantId: string;
  /** Busy mode on for the store (its pause's minutes), or off. */
  busyMinutes: number | null;
  /** The terminal's event poll. */
  pollSeconds: number;
}

/**
 * One process holding the platform (the sandbox, its automatic closure on for the store) and a
 * terminal (a session with every feature) on the same ManualClock: time moves only when the rush
 * says, and `settle` waits until every loop of the terminal sleeps on that clock again and the
 * sandbox answers nothing — so a run is the same run every time, however slow the machine.
 */
export class RushWorld {
  /** The terminal's loops at rest: fewer sleeping means one is still at work. */
  private resting = 0;

  private constructor(
    readonly clock: ManualClock,
    readonly push: PushFanout,
    readonly session: Session,
    readonly http: RawHttp,
    private readonly sandbox: { inFlight: () => number; close: () => Promise<void> },
    private readonly dataDir: string,
  ) {}

  static async start(options: RushWorldOptions): Promise<RushWorld> {
    const clock = new ManualClock(TEST_INSTANT_MS);
    let inFlight = 0;
    const { app } = createSandboxServer({ now: () => clock.now(), rateLimitFactor: 0 });
    // Counted until the socket's answer is closed, whatever ended it (an answer, an error, a client that gave up).
    app.addHook('onRequest', async (_request, reply) => {
      inFlight += 1;
      reply.raw.once('close', () => (inFlight -= 1));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'st-rush-'));
    const settings = Settings.parse(options.busyMinutes === null ? {} : { busyMode: [options.merchantId], busyMinutes: options.busyMinutes });
    const push = new PushFanout(silentLogger);
    const session = await startSession({
      saved: { kind: 'centralized', apiBaseUrl: url, clientId: 'demo' },
      dataDir,
      secrets: new MemoryCredentialStore(),
      clientSecret: 'demo-secret',
      clock,
      logger: silentLogger,
      push,
      pollSeconds: options.pollSeconds,
      settings: () => settings,
      features: SESSION_FEATURES,
    });
    const world = new RushWorld(clock, push, session, rawHttp(url), { inFlight: () => inFlight, close: () => app.close() }, dataDir);
    await world.learnRest();
    return world;
  }

  /** Listens to the terminal's pushes of one kind. */
  hear<E extends PushName>(event: E, listener: (payload: unknown) => void): () => void {
    return this.push.connect((name, payload) => {
      if (name === event) listener(payload);
    });
  }

  /**
   * Moves the clock `ms` on, one wake at a time: each loop woken finishes its round (and sleeps
   * again from the moment it was woken) before time moves further — the clock never runs ahead of a
   * round in flight, so every run is the same run.
   */
  async advance(ms: number): Promise<void> {
    const target = this.clock.now() + ms;
    for (let next = this.clock.nextWakeAt; next !== undefined && next <= target; next = this.clock.nextWakeAt) {
      await this.clock.advance(Math.max(0, next - this.clock.now()));
      await this.settle();
    }
    await this.clock.advance(target - this.clock.now());
    await this.settle();
  }

  /** Waits until the sandbox answers nothing and every loop of the terminal sleeps on the clock again. */
  async settle(): Promise<void> {
    const started = performance.now();
    let quiet = 0;
    let last = -1;
    while (quiet < QUIET_TURNS) {
      await new Promise((resolve) => setImmediate(resolve));
      const sleeping = this.clock.pendingSleeps;
      quiet = this.sandbox.inFlight() === 0 && sleeping >= this.resting && sleeping === last ? quiet + 1 : 0;
      last = sleeping;
      if (performance.now() - started > SETTLE_LIMIT_MS) throw new Error(`the terminal did not settle: ${sleeping} of ${this.resting} loops asleep`);
    }
  }

  /** The number of the terminal's loops asleep when nothing happens: read once, after the start's first rounds. */
  private async learnRest(): Promise<void> {
    let stable = 0;
    let last = -1;
    const started = performance.now();
    while (stable < 50) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      const sleeping = this.clock.pendingSleeps;
      stable = this.sandbox.inFlight() === 0 && sleeping === last ? stable + 1 : 0;
      last = sleeping;
      if (performance.now() - started > SETTLE_LIMIT_MS) throw new Error('the terminal did not come to rest after its start');
    }
    this.resting = last;
  }

  async stop(): Promise<void> {
    await this.session.stop();
    await this.sandbox.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
