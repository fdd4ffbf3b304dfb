/**
 * The Content-Security-Policy of the renderer, the same in both shells (Electron's app:// protocol
 * and the web host): only the app's own scripts and styles, no inline code, no outside origin.
 * `blob:` frames show the check-in QR PDF; `data:` media is the synthesised chime's fallback.
 * src-renderer/index.html carries the same policy as a meta tag (without frame-ancestors, which a
 * meta tag cannot set).
 */
export const RENDERER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self' data:",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
