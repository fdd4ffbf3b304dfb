import type { Clock } from './clock';
import type { Logger } from './log';

/**
 * A background task run again and again on the injected clock: `tick` does one round and says how
 * long to wait before the next. `wake()` cuts the wait short; `stop()` aborts the round in flight
 * and resolves once it has unwound, so the database is closed only after.
 */
export class Loop {
  private stopper = new AbortController();
  private waker: AbortController | undefined;
  private running: Promise<void> | undefined;
  private woken = false;

  constructor(
    private readonly options: {
      name: string;
      clock: Clock;
      logger: Logger;
      tick: (signal: AbortSignal) => Promise<number>;
    },
  ) {}

  get started(): boolean {
    return this.running !== undefined;
  }

  start(): void {
    if (this.running || this.stopper.signal.aborted) return;
    this.running = this.run();
  }

  wake(): void {
    this.woken = true;
    this.waker?.abort();
  }

  async stop(): Promise<void> {
    this.stopper.abort(new Error(`${this.options.name} stopped`));
    await this.running;
  }

  private async run(): Promise<void> {
    const { clock, logger, tick, name } = this.options;
    const stop = this.stopper.signal;
    while (!stop.aborted) {
      let delay: number;
      try {
        this.woken = false;
        delay = await tick(stop);
      } catch (error) {
        if (stop.aborted) break;
        logger.error(`${name} round failed`, { error });
        delay = 5_000;
      }
      if (stop.aborted || this.woken || delay <= 0) continue;
      this.waker = new AbortController();
      try {
        await clock.sleep(delay, AbortSignal.any([stop, this.waker.signal]));
      } catch {
        // woken or stopped: the loop condition decides
      } finally {
        this.waker = undefined;
      }
    }
  }
}

/**
 * A background worker whose `tick` runs on its own Loop: started, woken early, stopped (waiting for
 * the round in flight). The sync workers extend it.
 */
export abstract class LoopWorker {
  private readonly loop: Loop;

  protected constructor(options: { name: string; clock: Clock; logger: Logger }) {
    this.loop = new Loop({ ...options, tick: (signal) => this.tick(signal) });
  }

  start(): void {
    this.loop.start();
  }

  /** Starts the next round now instead of after the wait. */
  wake(): void {
    this.loop.wake();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One round; resolves to how long to wait before the next. */
  protected abstract tick(signal: AbortSignal): Promise<number>;
}
