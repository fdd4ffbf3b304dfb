import { formatMoney, formatQuantity, dateTimeFormat } from '../../../src-shared/i18n/format';
import type { ParamsArg } from '../../../src-shared/i18n/define';
import { cancellationMessages } from '../../../src-shared/i18n/cancellation-messages';
import { ticketMessages } from '../../../src-shared/i18n/ticket-messages';
import { Translator } from '../../../src-shared/i18n/translator';
import type { Locale } from '../../../src-shared/settings';

type TicketCatalogue = (typeof ticketMessages)['pt-BR'];
export type TicketKey = keyof TicketCatalogue & string;

/** The tickets' messages: the shared catalogue's ticket keys (src-shared/i18n/ticket-messages.ts). */
const tickets = new Translator(ticketMessages);
/** Why an order was cancelled, by its code: the same words the screens use. */
const cancellations = new Translator(cancellationMessages);

/** What a ticket says, and how it writes money, times and quantities, in the terminal's language. */
export interface TicketWords {
  t<K extends TicketKey>(key: K, ...params: ParamsArg<TicketCatalogue[K]>): string;
  /** An open value the platform sends (an order type, a payment method) in words, or undefined when unknown. */
  label(prefix: 'ticket.type' | 'ticket.deliveredBy' | 'ticket.payment', value: string): string | undefined;
  money(value: number | null | undefined): string;
  time(iso: string | null | undefined): string;
  dayTime(ms: number): string;
  /** "2x" for a count (the printer's code page has no ×), "0,75 kg" for a weighed item. */
  quantity(quantity: number | null | undefined, unit: string | null | undefined): string;
  /** Why an order was cancelled: worded from its code when the terminal knows it, else as the platform wrote it. */
  cancellationReason(cancellation: { reason: string | null; code: string | null }): string | undefined;
}

// Intl puts a no-break space in "R$ 1,00" and "0,75 kg": printed as a plain space (code pages lack U+00A0).
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

/** A ticket's words for a language, its times said in `timeZone` (default: the machine's, which is the store's). */
export function ticketWords(locale: Locale, timeZone?: string): TicketWords {
  const time = dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone });
  const dayTime = dateTimeFormat(locale, { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', timeZone });
  return {
    t: (key, ...params) => tickets.format(locale, key, ...params),
    label: (prefix, value) => {
      const key = `${prefix}.${value}`;
      return tickets.has(key) ? tickets.text(locale, key) : undefined;
    },
    money: (value) => plain(formatMoney(locale, value ?? 0, 'BRL')),
    time: (iso) => (iso && Number.isFinite(Date.parse(iso)) ? time.format(Date.parse(iso)) : ''),
    dayTime: (ms) => dayTime.format(ms),
    quantity: (quantity, unit) => plain(formatQuantity(locale, quantity, unit, 'x')),
    cancellationReason: ({ reason, code }) => {
      const key = `orders.reason.${code}`;
      return code && cancellations.has(key) ? cancellations.text(locale, key) : (reason ?? undefined);
    },
  };
}
