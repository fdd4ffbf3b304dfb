/** A tap this soon after the last bump, on the same spot, is the same finger's second tap (a double tap is 100–300 ms). */
export const REPEAT_TAP_MS = 700;
/** Two taps this close (px) are on the same spot: a fingertip's width. */
export const SAME_SPOT_PX = 48;

/**
 * Bumping takes a ticket off the display, and the next ticket slides under the finger: a double tap
 * would bump an order nobody looked at. A pointer tap that repeats the last bump (soon, same spot)
 * on another order is ignored; a lone tap is always taken, and a bump bar's keys are never held back
 * (Enter twice is two bumps a cook meant). Time is a monotonic clock, never the screen's.
 */
export class RepeatTapGuard {
  #last: { orderId: string; at: number; x: number; y: number } | undefined;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  take(orderId: string, tap: { x: number; y: number } | null): boolean {
    if (tap === null) return true;
    const now = this.clock();
    const last = this.#last;
    if (last && last.orderId !== orderId && now - last.at < REPEAT_TAP_MS && Math.hypot(last.x - tap.x, last.y - tap.y) <= SAME_SPOT_PX) return false;
    this.#last = { orderId, at: now, ...tap };
    return true;
  }
}

/** Where a click happened, or null for a key's press (a click of `detail` 0 has no place on screen). */
export function tapPlace(event: { detail: number; clientX: number; clientY: number }): { x: number; y: number } | null {
  return event.detail === 0 ? null : { x: event.clientX, y: event.clientY };
}
