import type { CustomerPhoneView } from '../../src-shared/ipc/channels/orders';
import type { OrderDetail } from '../../src-shared/wire/order';

/** Longer than any phone number with its separators: not a number to show. */
const MAX_NUMBER = 40;
/** The platform's localizers have 8 digits; past this it is not a code anyone types. */
const MAX_LOCALIZER = 32;

const trimmed = (value: string | null | undefined, max: number): string | null => {
  const text = value?.replace(/\s+/gu, ' ').trim() ?? '';
  return text === '' || text.length > max ? null : text;
};

/**
 * How the store calls the customer, from the detail's `customer.phone`: the number (often the
 * platform's 0800 line) and the localizer the customer is reached by on it, with the time it stops
 * working. Each part read alone: a missing or odd one is null and the others still show; no usable
 * part at all is null.
 */
export function customerPhone(phone: NonNullable<OrderDetail['customer']>['phone']): CustomerPhoneView | null {
  if (!phone) return null;
  const raw = trimmed(phone.number, MAX_NUMBER);
  const number = raw !== null && /\d/u.test(raw) ? raw : null;
  const localizer = trimmed(phone.localizer, MAX_LOCALIZER);
  const expires = phone.localizerExpiration ? Date.parse(phone.localizerExpiration) : Number.NaN;
  const localizerExpiresAt = localizer !== null && Number.isFinite(expires) ? new Date(expires).toISOString() : null;
  return number === null && localizer === null ? null : { number, localizer, localizerExpiresAt };
}
