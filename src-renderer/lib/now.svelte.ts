/**
 * The terminal's time on screen: the main process's clock (status:get tells it), so a countdown on
 * screen and a deadline the main process computed agree, whatever the clock of the window's machine
 * says. One ticking value for every countdown on screen (a timer per card would not scale).
 */
export class Now {
  #offsetMs = 0;
  #value = $state(0);
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly systemNow: () => number = Date.now) {
    this.#value = systemNow();
  }

  /** Epoch ms, updated every second once started. */
  get value(): number {
    return this.#value;
  }

  /** Now, read at once (not the last tick): for a timestamp taken on a tap. */
  read(): number {
    return this.systemNow() + this.#offsetMs;
  }

  /** Follows the main process's clock, given as the ISO time it answered with. */
  follow(mainNow: string): void {
    const main = Date.parse(mainNow);
    if (!Number.isFinite(main)) return;
    this.#offsetMs = main - this.systemNow();
    this.#value = this.read();
  }

  start(): void {
    this.#timer ??= setInterval(() => (this.#value = this.read()), 1000);
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
