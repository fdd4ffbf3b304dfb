import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Secrets people type — a console's password, a staff member's PIN — hashed with scrypt (memory-hard: 32 MiB a try at N = 2^15, r = 8), each with
 * its own salt, kept as `scrypt$logN$r$p$salt$hash` (base64url) so stronger parameters can come
 * later while older hashes still verify.
 */
const LOG_N = 15;
const R = 8;
const P = 1;
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))));
}

export async function hashSecret(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, LOG_N, R, P);
  return ['scrypt', LOG_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether the secret is the one hashed; a hash this code cannot read verifies nothing. */
export async function verifySecret(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  const numbers = [logN, r, p].map(Number);
  if (scheme !== 'scrypt' || !salt || !hash || numbers.some((n) => !Number.isInteger(n) || n < 1 || n > 20)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), numbers[0] ?? LOG_N, numbers[1] ?? R, numbers[2] ?? P);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A password too long to hash (a denial of service) or too short to resist guessing is refused before any work. */
export function passwordProblem(password: string, min: number, max: number): string | null {
  if (password.length < min) return `a password has at least ${min} characters`;
  if (password.length > max) return `a password has at most ${max} characters`;
  return null;
}
