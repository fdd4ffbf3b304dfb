import { fail } from '../http/errors';
import type { Quote } from './model';

/** A quote is used once, before it expires. */
export function spendQuote(quote: Quote, orderId: string, nowMs: number): void {
  if (nowMs >= quote.expiresAtMs) throw fail.conflict('QuoteExpired', `a cotação ${quote.id} expirou em ${new Date(quote.expiresAtMs).toISOString()}`);
  if (quote.usedBy) throw fail.conflict('QuoteAlreadyUsed', `a cotação ${quote.id} já foi usada`);
  quote.usedBy = orderId;
}
