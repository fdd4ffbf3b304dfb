/** How long a card's action ignores a repeated tap after the card moved or its button changed. */
export const TAP_SETTLE_MS = 500;
/** A tap this soon after the last one taken, on the same spot, is its repeat (a double tap is 100–300 ms). */
export const TAP_REPEAT_MS = 1_000;
/** Two taps this close (px) are on the same spot: a fingertip's width. */
export const SAME_SPOT_PX = 48;

/**
 * How a tap reached the button: a finger or a mouse has a place on screen; a key press goes to the
 * focused button, which moves with its card.
 */
export type Tap = { kind: 'pointer'; x: number; y: number } | { kind: 'keyboard' };

/** A key's press (a click of `detail` 0) has no place on screen: it goes where the focus is. */
export function tapOf(event: MouseEvent): Tap {
  return event.detail === 0 ? { kind: 'keyboard' } : { kind: 'pointer', x: event.clientX, y: event.clientY };
}

interface Taken {
  orderId: string;
  at: number;
  tap: Tap;
}

/**
 * The rule that makes a double tap do one thing. A tap that repeats the last one taken (soon after
 * it, on the same spot; for a key, on the same order) is ignored when what is now under it is not
 * what the first tap saw: the same order again (its next step, "Pronto", where "Iniciar preparo"
 * was), or an order whose card just moved there or whose button just changed — for `settleMs`
 * after the list reflowed or the button changed. A lone tap is always taken, whatever moved.
 *
 * A key press goes to the focused button, which moves with its card: a move never stops it, only a
 * repeat on the same order (nothing is disabled, so the focus stays where it was).
 *
 * Time is a monotonic clock (a double tap is measured in milliseconds, never by the screen's clock).
 */
export class TapGuard {
  // Bookkeeping, not state (a plain module): nothing on screen reads it.
  readonly #movedUntil = new Map<string, number>();
  readonly #changedUntil = new Map<string, number>();
  #last: Taken | undefined;

  constructor(
    private readonly clock: () => number = () => performance.now(),
    private readonly settleMs = TAP_SETTLE_MS,
  ) {}

  /** The order's card moved on screen (the list reflowed above it). */
  moved(orderId: string): void {
    this.#mark(this.#movedUntil, orderId);
  }

  /** The order's action button changed (another step, gone, back). */
  changed(orderId: string): void {
    this.#mark(this.#changedUntil, orderId);
  }

  /** Whether a tap on the order's action is taken now. */
  take(orderId: string, tap: Tap): boolean {
    const now = this.clock();
    const last = this.#last;
    if (last && now - last.at < TAP_REPEAT_MS && sameSpot(last, orderId, tap)) {
      const running = (marks: Map<string, number>) => (marks.get(orderId) ?? -Infinity) > now;
      const unsettled =
        running(this.#changedUntil) || (orderId === last.orderId ? now - last.at < this.settleMs : tap.kind === 'pointer' && running(this.#movedUntil));
      if (unsettled) return false;
    }
    this.#last = { orderId, at: now, tap };
    return true;
  }

  #mark(marks: Map<string, number>, orderId: string): void {
    const now = this.clock();
    // A rush moves hundreds of cards: marks that have run out are dropped as the map grows.
    if (marks.size > 256) for (const [id, until] of marks) if (until <= now) marks.delete(id);
    marks.set(orderId, now + this.settleMs);
  }
}

/** A finger on the spot of the last tap; a key on the order of the last one. */
function sameSpot(last: Taken, orderId: string, tap: Tap): boolean {
  if (tap.kind === 'pointer' && last.tap.kind === 'pointer') return Math.hypot(tap.x - last.tap.x, tap.y - last.tap.y) <= SAME_SPOT_PX;
  return last.orderId === orderId;
}
