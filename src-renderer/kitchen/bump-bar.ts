/**
 * What a bump bar says. Bump bars are keyboards with a few big keys that send ordinary key codes:
 * the numbers pick a ticket (1 is the oldest on screen), Enter bumps the picked one, Backspace
 * recalls the last bump. A kitchen with a spare keyboard uses the same keys.
 */
export type BumpBarCommand = { kind: 'select'; index: number } | { kind: 'bump' } | { kind: 'recall' };

export interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** The key went to a text field (typing a station's name): it is not the bump bar's. */
  typing: boolean;
}

export function bumpBarCommand(press: KeyPress): BumpBarCommand | null {
  if (press.typing || press.altKey || press.ctrlKey || press.metaKey) return null;
  if (/^[1-9]$/.test(press.key)) return { kind: 'select', index: Number(press.key) - 1 };
  if (press.key === 'Enter') return { kind: 'bump' };
  if (press.key === 'Backspace') return { kind: 'recall' };
  return null;
}

/** Whether a key went to a place where it types text. */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as { tagName?: string; isContentEditable?: boolean } | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable === true);
}
