import { keyboardHintsAfter, keyboardHintsAtStart, signOf, type InputSign } from './keyboard-hints';

/** The window's part the terminal listens to (absent in a server-side render). */
export type InputSource = Pick<Window, 'addEventListener' | 'matchMedia'>;

/**
 * Whether the terminal is used with a keyboard now (keyboard-hints.ts says how it is told): one
 * value for every screen, so a key pressed on one screen brings the hints to the others.
 */
export class KeyboardSense {
  #hints = $state(false);

  constructor(source?: InputSource) {
    if (!source) return;
    this.#hints = keyboardHintsAtStart(source.matchMedia('(pointer: fine)').matches);
    // Capture: a screen that stops a key (a dialog's Escape) still tells how the terminal is used.
    source.addEventListener('keydown', (event) => this.seen(signOf(event)), { capture: true, passive: true });
    source.addEventListener('pointerdown', (event) => this.seen(signOf(event)), { capture: true, passive: true });
  }

  /** True when hints such as "Press / to search" belong on screen. */
  get hints(): boolean {
    return this.#hints;
  }

  seen(sign: InputSign): void {
    this.#hints = keyboardHintsAfter(this.#hints, sign);
  }
}
