import { dateTimeFormat } from '../i18n/format';

/**
 * A store's time zone, from its address (the spec gives stores no zone; their address has the state).
 * Brazil's zones follow its states (no daylight saving since 2019); elsewhere, and for an address
 * that does not say, null: the terminal's own zone is used, as it stands in the store.
 */
const BRAZIL: Readonly<Record<string, string>> = {
  AC: 'America/Rio_Branco',
  AM: 'America/Manaus',
  RR: 'America/Boa_Vista',
  RO: 'America/Porto_Velho',
  MT: 'America/Cuiaba',
  MS: 'America/Campo_Grande',
  PA: 'America/Belem',
  AP: 'America/Belem',
  TO: 'America/Araguaina',
  MA: 'America/Fortaleza',
  PI: 'America/Fortaleza',
  CE: 'America/Fortaleza',
  RN: 'America/Fortaleza',
  PB: 'America/Fortaleza',
  PE: 'America/Recife',
  AL: 'America/Maceio',
  SE: 'America/Maceio',
  BA: 'America/Bahia',
};

export function storeTimeZone(address: { state?: string | null; country?: string | null } | null | undefined): string | null {
  const country = address?.country?.trim().toUpperCase();
  const state = address?.state?.trim().toUpperCase();
  if (!state || (country && country !== 'BR' && country !== 'BRA')) return null;
  // The states of the south-east, south and centre (SP, RJ, MG, ES, PR, SC, RS, GO, DF) run on Brasília time.
  return BRAZIL[state] ?? (/^[A-Z]{2}$/.test(state) ? 'America/Sao_Paulo' : null);
}

const offsets = new Map<string, number | null>();

/**
 * The zone's offset from UTC at an instant, in minutes (e.g. -180 for São Paulo). Remembered per
 * zone and hour: every card asks each second, and a formatter is costly to build.
 */
export function offsetMinutes(zone: string, atMs: number): number | null {
  const key = `${zone}|${Math.floor(atMs / 3_600_000)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  if (offsets.size > 500) offsets.clear();
  const offset = computeOffset(zone, atMs);
  offsets.set(key, offset);
  return offset;
}

function computeOffset(zone: string, atMs: number): number | null {
  try {
    const parts = dateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(atMs);
    const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
    const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
    if (!match) return name === 'GMT' ? 0 : null;
    return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
  } catch {
    return null;
  }
}
