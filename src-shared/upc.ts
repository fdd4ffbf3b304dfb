/**
 * UPC-A product codes (spec §2.2: "UPC-A format, 12 digits"): 11 digits and a check digit. The
 * check digit makes the weighted sum (odd positions ×3, even ×1) a multiple of 10.
 */
export function upcCheckDigit(first11: string): number {
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += Number(first11[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

export function isValidUpcA(code: string): boolean {
  return /^\d{12}$/.test(code) && upcCheckDigit(code.slice(0, 11)) === Number(code[11]);
}

/** A valid UPC-A from 11 digits. */
export function upcA(first11: string): string {
  if (!/^\d{11}$/.test(first11)) throw new RangeError('UPC-A needs 11 digits before the check digit');
  return `${first11}${upcCheckDigit(first11)}`;
}
