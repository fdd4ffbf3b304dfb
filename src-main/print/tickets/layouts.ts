import { cashChange } from '../../../src-shared/cash-change';
import type { OrderDetail, OrderItem } from '../../../src-shared/wire/order';
import type { Locale } from '../../../src-shared/settings';
import { ticketWords, type TicketWords } from './words';

/** The ticket kinds the terminal prints. */
export type TicketKind = 'kitchen' | 'customer' | 'cancellation' | 'test';

export interface TicketContext {
  locale: Locale;
  /** Time zone for the times printed (default: the machine's, which is the store's). */
  timeZone?: string | undefined;
  /** When the ticket is printed (epoch ms; the terminal's clock). */
  printedAt: number;
  /** Why a cancellation slip is printed, when known (the board row's cancellation: the platform's text, its code). */
  cancellation?: { reason: string | null; code: string | null } | null | undefined;
}

/**
 * Text as ReceiptLine prints it: its markup characters escaped (a customer's "^_^" prints as typed),
 * line breaks and control characters turned into spaces.
 */
export function escapeText(value: string): string {
  return (
    value
      // Control characters are exactly what must not reach a printer.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/[\\|{}\-=~_"`^]/g, '\\$&')
      .trim()
  );
}

/** How big a piece of text prints: normal, double width (`^`) or double height (`^^`). */
type Size = '' | '^' | '^^';

/**
 * A label with an amount at the right: the amount's column exactly as wide as the amount, the
 * label's all the rest (ReceiptLine would give each half the line, and a dish's name would wrap in
 * 15 columns of a 58 mm ticket); the widths go back to automatic after it. `label` is markup already.
 */
const priced = (label: string, amount: string, size: Size = ''): string[] => [
  `{width: * ${Array.from(amount).length * (size === '^' ? 2 : 1)}}`,
  `|${size}${label} | ${size}${escapeText(amount)}|`,
  '{width: auto}',
];

/** The words of a ticket for this context: its language, and the zone its times are said in. */
const wordsFor = (ctx: TicketContext): TicketWords => ticketWords(ctx.locale, ctx.timeZone);

function header(order: OrderDetail, w: TicketWords, title: string): string[] {
  const code = escapeText(order.displayId ?? order.id?.slice(0, 8) ?? '?');
  const type = order.orderType ? (w.label('ticket.type', order.orderType) ?? escapeText(order.orderType)) : '';
  const lines = [`"${title}"`, `^^^#${code}`, `^^${type}`];
  if (order.merchant?.name) lines.push(`${w.t('ticket.store')}: ${escapeText(order.merchant.name)}`);
  if (order.createdAt) lines.push(w.t('ticket.placedAt', { time: w.time(order.createdAt) }));
  if (order.orderTiming === 'SCHEDULED' && order.preparationStartDateTime)
    lines.push(`^"${w.t('ticket.scheduled', { time: w.time(order.preparationStartDateTime) })}"`);
  return lines;
}

function itemLines(item: OrderItem, withPrices: boolean, w: TicketWords): string[] {
  const name = `${escapeText(w.quantity(item.quantity, item.unit))} ${escapeText(item.name ?? '?')}`;
  const lines = withPrices ? priced(name, w.money(item.totalPrice)) : [`|^^${name}`];
  for (const option of item.options) {
    const text = `~~+ ${w.quantity(option.quantity, null)} ${escapeText(option.name ?? '?')}`;
    lines.push(...(withPrices && option.price ? priced(text, w.money(option.price)) : [`|${text}`]));
  }
  if (item.observations) lines.push(`|~~"${escapeText(item.observations)}"`);
  return lines;
}

function footer(ctx: TicketContext, w: TicketWords): string[] {
  return ['', `|${w.t('ticket.printedAt', { when: w.dayTime(ctx.printedAt) })}`, '='];
}

/** The cook's ticket: big code and type, items with options and notes, no prices. */
export function kitchenTicket(order: OrderDetail, ctx: TicketContext): string {
  const w = wordsFor(ctx);
  const lines = [...header(order, w, w.t('ticket.kitchen')), '-'];
  for (const item of order.items) lines.push(...itemLines(item, false, w), '');
  if (order.delivery?.observations) lines.push('-', `|^^${w.t('ticket.notes')}: ${escapeText(order.delivery.observations)}`);
  if (order.customer?.name) lines.push('-', `|${w.t('ticket.customerLabel')}: ${escapeText(order.customer.name)}`);
  return [...lines, ...footer(ctx, w)].join('\n');
}

/**
 * The customer's (bag) ticket: items with prices, totals, payment, address, and for an own delivery
 * how the courier reaches the customer. It goes in the bag, so it holds no code that hands the order over.
 */
export function customerTicket(order: OrderDetail, ctx: TicketContext): string {
  const w = wordsFor(ctx);
  const lines = [...header(order, w, w.t('ticket.customer')), '-'];
  for (const item of order.items) lines.push(...itemLines(item, true, w));
  lines.push('-');
  const total = order.total;
  if (total) {
    lines.push(...priced(w.t('ticket.subtotal'), w.money(total.subTotal)));
    if (total.deliveryFee) lines.push(...priced(w.t('ticket.deliveryFee'), w.money(total.deliveryFee)));
    if (total.additionalFees) lines.push(...priced(w.t('ticket.additionalFees'), w.money(total.additionalFees)));
    if (total.benefits) lines.push(...priced(w.t('ticket.benefits'), `-${w.money(total.benefits)}`));
    lines.push(...priced(w.t('ticket.total'), w.money(total.orderAmount), '^^'));
  }
  const payments = order.payments;
  if (payments) {
    lines.push('-');
    if (payments.prepaid) lines.push(...priced(w.t('ticket.paid'), w.money(payments.prepaid)));
    for (const method of payments.methods.filter((m) => m.type === 'OFFLINE')) {
      const how = method.method ? (w.label('ticket.payment', method.method) ?? escapeText(method.method)) : '';
      lines.push(...priced(w.t('ticket.toCollect'), w.money(method.value), '^^'), `|${how}`);
      // The same change the drawer says: the note minus what is due, or the note alone when what is due is not known.
      const cash = cashChange(method, { pending: payments.pending ?? null, methods: payments.methods });
      if (cash) lines.push(...priced(w.t('ticket.changeFor'), w.money(cash.paysWith)));
      if (cash?.change !== null && cash?.change !== undefined) lines.push(...priced(w.t('ticket.change'), w.money(cash.change), '^'));
    }
  }
  const delivery = order.delivery;
  if (order.orderType === 'DELIVERY' && delivery) {
    lines.push('-');
    if (delivery.deliveredBy) lines.push(`|"${w.label('ticket.deliveredBy', delivery.deliveredBy) ?? escapeText(delivery.deliveredBy)}"`);
    const a = delivery.deliveryAddress;
    if (a) {
      const street = a.formattedAddress ?? [a.streetName, a.streetNumber].filter(Boolean).join(', ');
      // "São Paulo - SP" is joined by hard spaces (`~`): a line never starts with "- SP".
      const city = [a.city, a.state]
        .filter((p): p is string => Boolean(p))
        .map(escapeText)
        .join('~\\-~');
      const parts = [...[street, a.complement, a.neighborhood].filter((p): p is string => Boolean(p)).map(escapeText), city].filter(Boolean);
      lines.push(`|${w.t('ticket.address')}: ${parts.join(', ')}`);
      if (a.reference) lines.push(`|${w.t('ticket.reference')} ${escapeText(a.reference)}`);
    }
    // Never the pickup code: this copy travels with the bag, and whoever reads it could say the code
    // the platform's driver must say at the counter. Staff check what the driver says on the screen.
    if (delivery.deliveredBy === 'MERCHANT') {
      // The store's own courier carries this copy: the platform's number and the localizer reach the customer from the door.
      const phone = order.customer?.phone;
      if (phone?.number) lines.push(`|${w.t('ticket.phone')}: ${escapeText(phone.number)}`);
      if (phone?.localizer) lines.push(`|${w.t('ticket.localizer')}: ^${escapeText(phone.localizer)}`);
    }
  }
  if (order.customer?.name) lines.push('-', `|${w.t('ticket.customerLabel')}: ${escapeText(order.customer.name)}`);
  return [...lines, ...footer(ctx, w)].join('\n');
}

/** The slip for a cancelled order whose ticket was already printed: the kitchen stops. */
export function cancellationSlip(order: OrderDetail, ctx: TicketContext): string {
  const w = wordsFor(ctx);
  const code = escapeText(order.displayId ?? order.id?.slice(0, 8) ?? '?');
  // One order per line: wrapped, "NÃO PREPARAR / NÃO" over "ENTREGAR" would read as "deliver".
  const lines = [`^^^\`${w.t('ticket.cancelled')}\``, `^^^#${code}`, `^"${w.t('ticket.doNotPrepare')}"`, `^"${w.t('ticket.doNotHandOver')}"`];
  const reason = ctx.cancellation ? w.cancellationReason(ctx.cancellation) : undefined;
  if (reason) lines.push(`|${escapeText(reason)}`);
  return [...lines, ...footer(ctx, w)].join('\n');
}

/** The test page of a printer: its name, width, code page and the accents a Brazilian kitchen prints. */
export function testTicket(printer: { name: string; width: number; encoding: string }, ctx: TicketContext): string {
  const w = wordsFor(ctx);
  return [
    `^^^${w.t('ticket.test')}`,
    `|${escapeText(printer.name)}`,
    `|${printer.width} mm · ${escapeText(printer.encoding)}`,
    '-',
    `|${escapeText(w.t('ticket.testBody'))}`,
    ...footer(ctx, w),
  ].join('\n');
}

/** The document of a ticket kind for an order. */
export function ticketFor(kind: Exclude<TicketKind, 'test'>, order: OrderDetail, ctx: TicketContext): string {
  if (kind === 'kitchen') return kitchenTicket(order, ctx);
  if (kind === 'customer') return customerTicket(order, ctx);
  return cancellationSlip(order, ctx);
}
