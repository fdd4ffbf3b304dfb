/** How a screen's last contact is said: "agora", "há 5 min", "há 2 horas", "há 3 dias". */
export type ContactWords =
  | { key: 'screens.contact.never' }
  | { key: 'screens.contact.now' }
  | { key: 'screens.contact.minutes' | 'screens.contact.hours' | 'screens.contact.days'; n: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A contact within the last minute (or a clock a little ahead) is "now": a connected screen pings every few seconds. */
export function contactWords(lastContactAt: string | null, now: number): ContactWords {
  if (lastContactAt === null) return { key: 'screens.contact.never' };
  const ago = now - Date.parse(lastContactAt);
  if (!Number.isFinite(ago) || ago < MINUTE) return { key: 'screens.contact.now' };
  if (ago < HOUR) return { key: 'screens.contact.minutes', n: Math.floor(ago / MINUTE) };
  if (ago < DAY) return { key: 'screens.contact.hours', n: Math.floor(ago / HOUR) };
  return { key: 'screens.contact.days', n: Math.floor(ago / DAY) };
}

/** Minutes and seconds left, "1:05". */
export function countdownText(msLeft: number): string {
  const left = Math.max(0, msLeft);
  return `${Math.floor(left / 60_000)}:${String(Math.floor((left % 60_000) / 1000)).padStart(2, '0')}`;
}
