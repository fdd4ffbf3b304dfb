/** A `\\` pair, or the `\udXXX` escape JSON.stringify writes for a lone surrogate. */
const LONE_SURROGATE_ESCAPE = /\\(?:\\|u(d[89a-f][0-9a-f]{2}))/g;

/**
 * Ids as one JSON array for `json_each(?)`, each of them reaching SQLite as the same bytes as when
 * it is bound on its own, so `= j.value` finds what a bound id stored. Only a string that is not
 * valid UTF-16 (a lone surrogate: hostile input) needs this: JSON.stringify writes it as an escape,
 * which SQLite decodes its own way, while a bound string is converted by the runtime's way (U+FFFD
 * through Node-API; older builds bound the surrogate's raw bytes), and those differ. Put back
 * unescaped in the JSON text, the surrogate goes through the very conversion a bound id does,
 * whichever the build.
 */
export function jsonIdList(ids: readonly string[]): string {
  const json = JSON.stringify(ids);
  // The platform's ids (UUIDs) hold no backslash: the list is the plain JSON, no second pass.
  if (!json.includes('\\')) return json;
  return json.replace(LONE_SURROGATE_ESCAPE, (escape, hex?: string) => (hex ? String.fromCharCode(Number.parseInt(hex, 16)) : escape));
}
