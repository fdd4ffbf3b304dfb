/** How long a card's action ignores taps after the card moved or its button changed (a double tap is 100–300 ms). */
export const TAP_SETTLE_MS = 500;

/** How a tap reached the button: a finger or a mouse has a place on screen; a key has only the focus. */
export type TapKind = 'pointer' | 'keyboard';

/**
 * The rule that makes a double tap do one thing. A card's action is taken only when, for the last
 * `settleMs`, the card stayed where it was drawn (the list did not reflow under the finger), its
 * button kept its action, and the same order took no other tap. So the second tap of a double tap
 * lands on nothing: not on the order that slid into its place, nor on the next step ("Pronto")
 * that replaced "Iniciar preparo".
 *
 * A keyboard's press goes to the focused button, which moves with its card: a move never stops
 * it, only a changed button or a repeated press does, and those for `settleMs` only (nothing is
 * disabled, so the focus stays where it was).
 *
 * Time is a monotonic clock (a double tap is measured in milliseconds, never by the screen's clock).
 */
export class TapGuard {
  // Bookkeeping, not state (a plain module): nothing on screen reads it.
  readonly #movedUntil = new Map<string, number>();
  readonly #changedUntil = new Map<string, number>();

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

  /** Whether a tap on the order's action is taken now; a taken tap makes the next one wait. */
  take(orderId: string, kind: TapKind): boolean {
    const now = this.clock();
    const busy = (this.#changedUntil.get(orderId) ?? -Infinity) > now || (kind === 'pointer' && (this.#movedUntil.get(orderId) ?? -Infinity) > now);
    if (busy) return false;
    this.#mark(this.#changedUntil, orderId);
    return true;
  }

  #mark(marks: Map<string, number>, orderId: string): void {
    const now = this.clock();
    // A rush moves hundreds of cards: marks that have run out are dropped as the map grows.
    if (marks.size > 256) for (const [id, until] of marks) if (until <= now) marks.delete(id);
    marks.set(orderId, now + this.settleMs);
  }
}
