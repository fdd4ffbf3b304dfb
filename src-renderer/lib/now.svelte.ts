import { runningFrom } from '../../src-shared/running-clock';

/**
 * The terminal's time on screen: the main process's clock (status:get tells it), so a countdown on
 * screen and a deadline the main process computed agree, whatever the clock of the window's machine
 * says — and as fast as it runs (`--clock-rate`, tests and demos). One ticking value for every
 * countdown on screen (a timer per card would not scale).
 */
export class Now {
  #clock: () => number;
  #rate = 1;
  #value = $state(0);
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly systemNow: () => number = Date.now) {
    this.#clock = systemNow;
    this.#value = systemNow();
  }

  /** Epoch ms, updated every second once started. */
  get value(): number {
    return this.#value;
  }

  /** Now, read at once (not the last tick): for a timestamp taken on a tap. */
  read(): number {
    return this.#clock();
  }

  /** Follows the main process's clock, given as the ISO time it answered with and its rate. */
  follow(mainNow: string, rate = 1): void {
    const main = Date.parse(mainNow);
    if (!Number.isFinite(main)) return;
    this.#clock = runningFrom(main, { rate, monotonic: this.systemNow });
    this.#value = this.read();
    const retick = this.#timer !== undefined && rate !== this.#rate;
    this.#rate = rate;
    if (retick) {
      this.stop();
      this.start();
    }
  }

  /** Ticks once a second of its time: on a faster clock more often, at most four times a real second. */
  start(): void {
    this.#timer ??= setInterval(() => (this.#value = this.read()), Math.max(250, 1000 / this.#rate));
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
