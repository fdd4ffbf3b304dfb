/** A source map, however the request spells it (sirv and the app:// handler decode %2E and friends). */
const SOURCE_MAP = /\.map$/i;

/**
 * Whether a shell serves this path of the built renderer (a URL path, percent-encoded or not).
 * Everything is, except the source maps kept beside the bundle for support (assets/*.js.map): the
 * page never asks for them (the bundle names none: `sourcemap: 'hidden'` in electron.vite.config.ts),
 * and they carry the sources with their comments and the build machine's folder layout, which no
 * page of a terminal needs. A path that does not decode is not served either.
 */
export function servedRendererPath(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  return !SOURCE_MAP.test(decoded);
}
