import type { PaymentMethod } from './wire/order';

/** What a cash payment asks of the store before the bag leaves. */
export interface CashChange {
  /** The note the customer pays with (the wire's `cash.changeFor`). */
  paysWith: number;
  /** What is due in cash, when the order says it. */
  due: number | null;
  /** The change to take along: `paysWith − due`, 0 for the exact amount; null when it cannot be known. */
  change: number | null;
}

/** To the cent: 500 − 450.9 is 49.1, not 49.100000000000023. */
const cents = (value: number): number => Math.round(value * 100) / 100;

const isOffline = (m: PaymentMethod): boolean => m.type === 'OFFLINE' || m.method === 'CASH';

/**
 * The change a cash method asks for, or null when it names no note to change. What is due is the
 * method's own value; without one, the order's amount still to collect when this is the only method
 * collected on delivery (with two of them, which part is cash is not known). A note smaller than
 * what is due says nothing sure about the change (null), but is still shown.
 */
export function cashChange(method: PaymentMethod, payments: { pending: number | null; methods: readonly PaymentMethod[] }): CashChange | null {
  const paysWith = method.cash?.changeFor;
  if (paysWith == null || !Number.isFinite(paysWith) || paysWith <= 0) return null;
  const onlyOneCollected = payments.methods.filter(isOffline).length === 1;
  const due = method.value ?? (onlyOneCollected ? payments.pending : null);
  const change = due === null || !Number.isFinite(due) || due > paysWith ? null : cents(paysWith - due);
  return { paysWith, due, change };
}
