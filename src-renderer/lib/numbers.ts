/** "12,90", "12.90", "1.234,50" and "1,234.50" all read as money; an empty box (or no digits) as null. */
export function readMoney(raw: string): number | null {
  const t = raw.trim().replace(/[^\d.,]/g, '');
  if (!t) return null;
  const lastSep = Math.max(t.lastIndexOf(','), t.lastIndexOf('.'));
  const decimals = lastSep >= 0 && t.length - lastSep - 1 <= 2 ? t.slice(lastSep + 1) : '';
  const whole = (lastSep >= 0 && decimals !== '' ? t.slice(0, lastSep) : t).replace(/[.,]/g, '');
  const value = Number(`${whole || '0'}.${decimals || '0'}`);
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : null;
}

/** "12,5" and "12.5" both read as 12.5; an empty box as null; anything else as NaN (the check says why). */
export function readNumber(text: string): number | null {
  const t = text.trim().replace('%', '').replace(',', '.');
  if (!t) return null;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}
