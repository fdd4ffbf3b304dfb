/** One ticking clock for every countdown on screen (a timer per card would not scale). */
class Now {
  value = $state(Date.now());
  private timer: ReturnType<typeof setInterval> | undefined;

  start(): void {
    this.timer ??= setInterval(() => (this.value = Date.now()), 1000);
  }
}

export const now = new Now();
