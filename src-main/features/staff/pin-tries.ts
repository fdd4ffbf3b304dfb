import { ReportedError } from '../../../src-shared/errors';
import type { StaffStorage } from '../../db/staff-storage';

/**
 * Wrong PINs, counted per person and per device (docs/staff.md): a person's PIN is four digits,
 * guessed in 10,000 tries at most, so five wrong ones lock that person, and ten on one device lock
 * the device (someone walking through names), each for five minutes: at most 60 guesses an hour
 * per person, in front of the store's staff. Kept in the database: a restart does not forgive them.
 */
export const TRIES = { person: 5, device: 10, lockMs: 5 * 60_000 };

export const personKey = (personId: string): string => `person:${personId}`;
export const deviceKey = (device: string): string => `device:${device}`;

export class PinTries {
  constructor(private readonly repo: Pick<StaffStorage, 'changeTries' | 'clearTries'>) {}

  /**
   * A try, counted before its PIN is checked (the right PIN forgives it): refused, with when it
   * ends, while the person or the device is locked; otherwise a wrong PIN counted on each key, a key
   * at its limit locked and its count starting again. One step in the storage: tries sent all at
   * once are counted one by one, never all let through while the first is being hashed.
   */
  async counted(keys: readonly string[], now: number): Promise<void> {
    await this.repo.changeTries(keys, (current) => {
      for (const key of keys) {
        const until = current.get(key)?.locked_until_ms ?? null;
        if (until !== null && until > now) {
          const minutes = Math.ceil((until - now) / 60_000);
          const who = key.startsWith('person:') ? 'this person' : 'this device';
          // The wait travels with the refusal: the keypad says when to try again, in the screen's words.
          throw new ReportedError({ code: 'locked', message: `too many wrong PINs: ${who} may try again in ${minutes} min`, retryAfterMs: until - now });
        }
      }
      return keys.map((key) => {
        const limit = key.startsWith('person:') ? TRIES.person : TRIES.device;
        const before = current.get(key);
        const failures = (before?.failures ?? 0) + 1;
        const locks = failures >= limit;
        return { key, failures: locks ? 0 : failures, last_failure_ms: now, locked_until_ms: locks ? now + TRIES.lockMs : (before?.locked_until_ms ?? null) };
      });
    });
  }

  /** The right PIN: the person's count is forgiven (the device's too: someone known is at it). */
  async succeeded(keys: readonly string[]): Promise<void> {
    await this.repo.clearTries(keys);
  }
}
