import type { OrderDetail, OrderItem } from '../../../src-shared/wire/order';
import type { Locale } from '../../../src-shared/settings';
import { ticketWords } from './words';

/** The ticket kinds the terminal prints. */
export type TicketKind = 'kitchen' | 'customer' | 'cancellation' | 'test';

export interface TicketContext {
  locale: Locale;
  /** Time zone for the times printed (default: the machine's, which is the store's). */
  timeZone?: string | undefined;
  /** When the ticket is printed (epoch ms; the terminal's clock). */
  printedAt: number;
  /** Why a cancellation slip is printed, when known. */
  cancelReason?: string | null | undefined;
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

const line = (...columns: string[]): string => columns.join(' | ');

function formatters(ctx: TicketContext) {
  const money = new Intl.NumberFormat(ctx.locale, { style: 'currency', currency: 'BRL' });
  const time = new Intl.DateTimeFormat(ctx.locale, { hour: '2-digit', minute: '2-digit', timeZone: ctx.timeZone });
  const dayTime = new Intl.DateTimeFormat(ctx.locale, { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', timeZone: ctx.timeZone });
  return {
    // Intl puts a no-break space in "R$ 1,00": printed as a plain space (code pages lack U+00A0).
    money: (value: number | null | undefined) => escapeText(money.format(value ?? 0).replace(/\u00a0/g, ' ')),
    time: (iso: string | null | undefined) => (iso && Number.isFinite(Date.parse(iso)) ? time.format(Date.parse(iso)) : ''),
    dayTime: (ms: number) => dayTime.format(ms),
  };
}

function header(order: OrderDetail, ctx: TicketContext, title: string): string[] {
  const w = ticketWords(ctx.locale);
  const f = formatters(ctx);
  const code = escapeText(order.displayId ?? order.id?.slice(0, 8) ?? '?');
  const type = order.orderType ? (w.type[order.orderType] ?? escapeText(order.orderType)) : '';
  const lines = [`"${title}"`, `^^^#${code}`, `^^${type}`];
  if (order.merchant?.name) lines.push(`${w.store}: ${escapeText(order.merchant.name)}`);
  if (order.createdAt) lines.push(`${w.placedAt} ${f.time(order.createdAt)}`);
  if (order.orderTiming === 'SCHEDULED' && order.preparationStartDateTime) lines.push(`^"${w.scheduled} ${f.time(order.preparationStartDateTime)}"`);
  return lines;
}

function itemLines(item: OrderItem, withPrices: boolean, money: (v: number | null | undefined) => string): string[] {
  const name = `${item.quantity ?? 1}x ${escapeText(item.name ?? '?')}`;
  const lines = [withPrices ? line(`|${name}`, `${money(item.totalPrice)}|`) : `|^^${name}`];
  for (const option of item.options) {
    const text = `~~+ ${option.quantity ?? 1}x ${escapeText(option.name ?? '?')}`;
    lines.push(withPrices && option.price ? line(`|${text}`, `${money(option.price)}|`) : `|${text}`);
  }
  if (item.observations) lines.push(`|~~"${escapeText(item.observations)}"`);
  return lines;
}

function footer(ctx: TicketContext): string[] {
  const w = ticketWords(ctx.locale);
  return ['', `|${w.printedAt} ${formatters(ctx).dayTime(ctx.printedAt)}`, '='];
}

/** The cook's ticket: big code and type, items with options and notes, no prices. */
export function kitchenTicket(order: OrderDetail, ctx: TicketContext): string {
  const w = ticketWords(ctx.locale);
  const lines = [...header(order, ctx, w.kitchen), '-'];
  for (const item of order.items) lines.push(...itemLines(item, false, () => ''), '');
  if (order.delivery?.observations) lines.push('-', `|^^${w.notes}: ${escapeText(order.delivery.observations)}`);
  if (order.customer?.name) lines.push('-', `|${w.customerLabel}: ${escapeText(order.customer.name)}`);
  return [...lines, ...footer(ctx)].join('\n');
}

/** The customer's (bag) ticket: items with prices, totals, payment, address, codes. */
export function customerTicket(order: OrderDetail, ctx: TicketContext): string {
  const w = ticketWords(ctx.locale);
  const f = formatters(ctx);
  const lines = [...header(order, ctx, w.customer), '-'];
  for (const item of order.items) lines.push(...itemLines(item, true, f.money));
  lines.push('-');
  const total = order.total;
  if (total) {
    lines.push(line(`|${w.subtotal}`, `${f.money(total.subTotal)}|`));
    if (total.deliveryFee) lines.push(line(`|${w.deliveryFee}`, `${f.money(total.deliveryFee)}|`));
    if (total.additionalFees) lines.push(line(`|${w.additionalFees}`, `${f.money(total.additionalFees)}|`));
    if (total.benefits) lines.push(line(`|${w.benefits}`, `\\-${f.money(total.benefits)}|`));
    lines.push(line(`|^^${w.total}`, `^^${f.money(total.orderAmount)}|`));
  }
  const payments = order.payments;
  if (payments) {
    lines.push('-');
    if (payments.prepaid) lines.push(line(`|${w.paid}`, `${f.money(payments.prepaid)}|`));
    for (const method of payments.methods.filter((m) => m.type === 'OFFLINE')) {
      const how = method.method ? (w.payment[method.method] ?? escapeText(method.method)) : '';
      lines.push(line(`|^^${w.toCollect}`, `^^${f.money(method.value)}|`), `|${how}`);
      const changeFor = method.cash?.changeFor;
      if (changeFor) lines.push(line(`|${w.changeFor}`, `${f.money(changeFor)}|`), line(`|^${w.change}`, `^${f.money(changeFor - (method.value ?? 0))}|`));
    }
  }
  const delivery = order.delivery;
  if (order.orderType === 'DELIVERY' && delivery) {
    lines.push('-');
    if (delivery.deliveredBy) lines.push(`|"${w.deliveredBy[delivery.deliveredBy] ?? escapeText(delivery.deliveredBy)}"`);
    const a = delivery.deliveryAddress;
    if (a) {
      const street = a.formattedAddress ?? [a.streetName, a.streetNumber].filter(Boolean).join(', ');
      const parts = [street, a.complement, a.neighborhood, [a.city, a.state].filter(Boolean).join(' - ')].filter((p): p is string => Boolean(p));
      lines.push(`|${w.address}: ${escapeText(parts.join(', '))}`);
      if (a.reference) lines.push(`|${w.reference} ${escapeText(a.reference)}`);
    }
    if (delivery.deliveredBy === 'PLATFORM' && delivery.pickupCode) lines.push(`|${w.pickupCode}: ^${escapeText(delivery.pickupCode)}`);
    const localizer = order.customer?.phone?.localizer;
    if (delivery.deliveredBy === 'MERCHANT' && localizer) lines.push(`|${w.localizer}: ^${escapeText(localizer)}`);
  }
  if (order.customer?.name) lines.push('-', `|${w.customerLabel}: ${escapeText(order.customer.name)}`);
  return [...lines, ...footer(ctx)].join('\n');
}

/** The slip for a cancelled order whose ticket was already printed: the kitchen stops. */
export function cancellationSlip(order: OrderDetail, ctx: TicketContext): string {
  const w = ticketWords(ctx.locale);
  const code = escapeText(order.displayId ?? order.id?.slice(0, 8) ?? '?');
  const lines = [`^^^\`${w.cancelled}\``, `^^^#${code}`, `^"${w.cancelledBody}"`];
  if (ctx.cancelReason) lines.push(`|${escapeText(ctx.cancelReason)}`);
  return [...lines, ...footer(ctx)].join('\n');
}

/** The test page of a printer: its name, width, code page and the accents a Brazilian kitchen prints. */
export function testTicket(printer: { name: string; width: number; encoding: string }, ctx: TicketContext): string {
  const w = ticketWords(ctx.locale);
  return [`^^^${w.test}`, `|${escapeText(printer.name)}`, `|${printer.width} mm · ${escapeText(printer.encoding)}`, '-', `|${escapeText(w.testBody)}`, ...footer(ctx)].join('\n');
}

/** The document of a ticket kind for an order. */
export function ticketFor(kind: Exclude<TicketKind, 'test'>, order: OrderDetail, ctx: TicketContext): string {
  if (kind === 'kitchen') return kitchenTicket(order, ctx);
  if (kind === 'customer') return customerTicket(order, ctx);
  return cancellationSlip(order, ctx);
}
