/**
 * When the screen shows keyboard hints ("Press / to search"): only where someone can press the key.
 * A touch terminal must not show them; a counter PC with a keyboard should.
 *
 * - At start, a fine primary pointer (a mouse or touchpad) means a desk computer, which has a
 *   keyboard; a finger-first screen starts without hints.
 * - Then the latest sign wins. A key pressed outside a text field comes from a physical keyboard:
 *   an on-screen keyboard opens only for a text field and types into it, and a tablet's own buttons
 *   (volume, back) or a composing input method are no keyboard. A finger or a pen on the screen hides
 *   the hints again: whoever is using the terminal now is tapping (a barcode scanner types like a
 *   keyboard on a touch terminal, and must not bring the hints back for good).
 */

/** What one input event tells about how the terminal is used. */
export type InputSign = { kind: 'key'; key: string; inTextField: boolean } | { kind: 'pointer'; pointerType: string };

/** Keys a touch device sends by itself: its buttons, an input method composing, a dead key. */
const NOT_A_KEYBOARD = /^(Audio|Media|Volume|Browser|Launch|Brightness|Power|Wake|Sleep|Go[A-Z]|Unidentified$|Process$|Dead$)/;

export function keyboardHintsAtStart(finePointer: boolean): boolean {
  return finePointer;
}

export function keyboardHintsAfter(shown: boolean, sign: InputSign): boolean {
  if (sign.kind === 'pointer') return sign.pointerType === 'touch' || sign.pointerType === 'pen' ? false : shown;
  if (sign.inTextField || NOT_A_KEYBOARD.test(sign.key)) return shown;
  return true;
}

/** The sign a DOM event gives (a key's target tells whether it was typed into a text field). */
export function signOf(event: KeyboardEvent | PointerEvent): InputSign {
  if ('pointerType' in event) return { kind: 'pointer', pointerType: event.pointerType };
  const target = event.target as { closest?: (selector: string) => unknown } | null;
  const inTextField = typeof target?.closest === 'function' && target.closest('input, textarea, [contenteditable]:not([contenteditable="false"])') !== null;
  return { kind: 'key', key: event.key, inTextField };
}
