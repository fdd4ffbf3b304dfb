import { createHash } from 'node:crypto';

/**
 * A UUID derived from a name (v5-style: SHA-1, version and variant bits set), so seeded records keep
 * the same ids across restarts and resets, and docs and tests can name them.
 */
export function stableUuid(name: string): string {
  const hex = createHash('sha1').update(`store-terminal-sandbox:${name}`).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
