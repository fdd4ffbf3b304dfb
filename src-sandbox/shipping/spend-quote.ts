import { fail } from '../http/errors';
import type { Quote } from './model';

/** A quote is used once, before it expires. */
export function spendQuote(quote: Quote, orderId: string, nowMs: number): void {
  if (nowMs >= quote.expiresAtMs) throw fail.conflict('QuoteExpired', `quote ${quote.id} expired at ${new Date(quote.expiresAtMs).toISOString()}`);
  if (quote.usedBy) throw fail.conflict('QuoteAlreadyUsed', `quote ${quote.id} was already used`);
  quote.usedBy = orderId;
}
