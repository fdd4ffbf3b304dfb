/** Colours that stay apart on the dark board and for common colour blindness (Okabe–Ito, lightened). */
const PALETTE = ['#56b4e9', '#e69f00', '#cc79a7', '#009e73', '#f0e442', '#d55e00', '#9ab6ff', '#b5e48c'] as const;

export interface StoreTag {
  /** A few letters that tell the stores apart on a card. */
  short: string;
  colour: string;
  name: string;
}

/** Up to three letters: the initials of a name of several words, else its first letters. */
export function shortName(name: string): string {
  const words = name.split(/[\s\-–—/]+/u).filter((w) => /\p{L}|\p{N}/u.test(w));
  const initials = words.length > 1 ? words.map((w) => [...w][0]).join('') : [...(words[0] ?? '?')].slice(0, 3).join('');
  return initials.slice(0, 3).toUpperCase();
}

/** Each store's tag, by its place in the list (the same store keeps its colour while the list is the same). */
export function storeTags(stores: readonly { id: string; name: string }[]): Map<string, StoreTag> {
  return new Map(stores.map((s, i) => [s.id, { short: shortName(s.name), colour: PALETTE[i % PALETTE.length] as string, name: s.name }]));
}
