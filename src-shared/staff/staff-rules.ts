import { z } from 'zod';

/**
 * Staff on a shared terminal (docs/staff.md): people with a name, a role and a PIN, and the actions
 * that cost money or close the store — those a manager's PIN approves at the moment they are made.
 * Pure: the main process enforces it, the screen reads it to ask for the PIN before it sends.
 */

export const StaffRole = z.enum(['staff', 'manager']);
export type StaffRole = z.infer<typeof StaffRole>;

/** 4 to 6 digits: typed on a keypad by someone in a hurry, and hashed with a memory-hard KDF. */
export const Pin = z.string().regex(/^\d{4,6}$/, 'a PIN is 4 to 6 digits');

export const StaffName = z.string().trim().min(1).max(40);

/** What costs money or closes the store: a manager's PIN is asked for it. */
export const CostlyAction = z.enum([
  'cancelOrder',
  'rejectComplaint',
  'refuseAddressChange',
  'changePrice',
  'endPromotions',
  'longPause',
  'changeHours',
  'revokeScreen',
  'signOut',
  'changePrinters',
  'changeAccount',
  'manageStaff',
]);
export type CostlyAction = z.infer<typeof CostlyAction>;

/**
 * What leaves a line in the trail (docs/staff.md): every call that changes the store's day, its
 * money or its setup — ruled by the staff guard, and said in words wherever a trail is shown.
 */
export const TRAILED: ReadonlySet<string> = new Set([
  'orders:act',
  'deliveryOrders:register',
  'deliveryOrders:cancel',
  'deliveryOrders:changeAddress',
  'deliveryOrders:confirmAddress',
  'stores:pause',
  'stores:resume',
  'stores:replaceHours',
  'menu:setItemStatus',
  'menu:soldOutUntilTomorrow',
  'menu:setOptionStatus',
  'menu:setCategoryStatus',
  'menu:setItemPrice',
  'promotions:create',
  'promotions:endAll',
  'reviews:answer',
  'storeActions:cancel',
  'screens:revoke',
  'screens:openPairing',
  'setup:signOut',
  'setup:finish',
  'settings:update',
  'kitchen:bump',
  'kitchen:recall',
  'kitchen:mark',
  'kitchen:saveSetup',
  'staff:signIn',
  'staff:signOut',
  'staff:save',
  'staff:remove',
  'staff:configure',
]);

/** A pause longer than this needs a manager: a quick breather does not. */
export const LONG_PAUSE_MS = 60 * 60_000;

const ORDER_ACTIONS: Partial<Record<string, CostlyAction>> = {
  requestCancellation: 'cancelOrder',
  rejectDispute: 'rejectComplaint',
  denyAddressChange: 'refuseAddressChange',
};

const CHANNELS: Partial<Record<string, CostlyAction>> = {
  'deliveryOrders:cancel': 'cancelOrder',
  'menu:setItemPrice': 'changePrice',
  'promotions:endAll': 'endPromotions',
  'stores:replaceHours': 'changeHours',
  'screens:revoke': 'revokeScreen',
  'setup:signOut': 'signOut',
  'setup:startAuthorization': 'changeAccount',
  'setup:completeAuthorization': 'changeAccount',
  'staff:save': 'manageStaff',
  'staff:remove': 'manageStaff',
  'staff:configure': 'manageStaff',
};

const field = (input: unknown, key: string): unknown => (typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[key] : undefined);

/**
 * The costly action a call is, or null for the cook's normal path (confirm, start, ready, dispatch,
 * a short pause...). `now` reads a pause without a start (it starts now).
 */
export function costOf(channel: string, input: unknown, now: number): CostlyAction | null {
  if (channel === 'orders:act') return ORDER_ACTIONS[String(field(input, 'action'))] ?? null;
  if (channel === 'stores:pause') {
    const start = typeof field(input, 'start') === 'string' ? Date.parse(String(field(input, 'start'))) : now;
    const end = Date.parse(String(field(input, 'end')));
    // An end that does not read is the handler's refusal to make; unread, it is not waved through as short.
    return !Number.isFinite(end) || !Number.isFinite(start) || end - start > LONG_PAUSE_MS ? 'longPause' : null;
  }
  if (channel === 'settings:update') return field(input, 'printers') !== undefined ? 'changePrinters' : null;
  return CHANNELS[channel] ?? null;
}
