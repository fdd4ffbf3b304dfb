import type { OrderAction, OrderStatus } from '../../src-shared/ipc/channels/orders';
import { EVENT_CODES } from '../../src-shared/wire/events';

/**
 * What the terminal knows of event codes (DESIGN.md § Event codes): the short `code` and the
 * `fullCode` of each. An event whose code is not here is stored and shown, never dropped.
 */
export const EVENT_NAMES: Readonly<Record<string, string>> = EVENT_CODES;

const FULL_NAMES = new Set(Object.values(EVENT_NAMES));

/** The event's full name when the terminal knows it (by fullCode, else by code), else undefined. */
export function eventName(code: string, fullCode: string): string | undefined {
  if (FULL_NAMES.has(fullCode)) return fullCode;
  if (FULL_NAMES.has(code)) return code;
  return EVENT_NAMES[code] ?? EVENT_NAMES[fullCode];
}

/** Progression ranks: an order's status only moves to a higher rank. */
export const STATUS_RANK: Readonly<Record<string, number>> = {
  PLACED: 10,
  CONFIRMED: 20,
  PREPARATION_STARTED: 30,
  READY_TO_PICKUP: 40,
  DISPATCHED: 50,
  CONCLUDED: 60,
  CANCELLED: 70,
};

export type ProgressStatus = Exclude<OrderStatus, 'CANCELLATION_REQUESTED'>;

export function rankOf(status: string | undefined | null): number {
  return (status && STATUS_RANK[status]) || 0;
}

export function isFinalStatus(status: string): boolean {
  return status === 'CONCLUDED' || status === 'CANCELLED';
}

/** The status an event moves the order to (never backwards: the caller keeps the higher rank). */
const STATUS_BY_EVENT: Readonly<Record<string, ProgressStatus>> = {
  PLACED: 'PLACED',
  CONFIRMED: 'CONFIRMED',
  PREPARATION_STARTED: 'PREPARATION_STARTED',
  // Groceries: separating the items is their preparation.
  SEPARATION_STARTED: 'PREPARATION_STARTED',
  READY_TO_PICKUP: 'READY_TO_PICKUP',
  DISPATCHED: 'DISPATCHED',
  CONCLUDED: 'CONCLUDED',
  CANCELLED: 'CANCELLED',
  CONSUMER_CANCELLATION_ACCEPTED: 'CANCELLED',
};

export function statusAfter(name: string | undefined): ProgressStatus | undefined {
  return name ? STATUS_BY_EVENT[name] : undefined;
}

/** Events after which the cached detail is out of date and is read again. */
export const REFRESHES_DETAIL = new Set(['DELIVERY_ADDRESS_CHANGE_ACCEPTED']);

/**
 * How an event settles an outbox action of its order: `confirmed` for the action's outcome,
 * `failed` for its refusal. CANCELLATION_REQUEST_FAILED answers a requestCancellation, or a confirm
 * that was rejected (spec §6).
 */
export const SETTLES: Readonly<Record<string, { action: OrderAction; outcome: 'confirmed' | 'failed' }[]>> = {
  CONFIRMED: [{ action: 'confirm', outcome: 'confirmed' }],
  PREPARATION_STARTED: [{ action: 'startPreparation', outcome: 'confirmed' }],
  SEPARATION_STARTED: [{ action: 'startPreparation', outcome: 'confirmed' }],
  READY_TO_PICKUP: [{ action: 'readyToPickup', outcome: 'confirmed' }],
  DISPATCHED: [{ action: 'dispatch', outcome: 'confirmed' }],
  CANCELLED: [{ action: 'requestCancellation', outcome: 'confirmed' }],
  CANCELLATION_REQUEST_FAILED: [
    { action: 'requestCancellation', outcome: 'failed' },
    { action: 'confirm', outcome: 'failed' },
  ],
  REQUEST_DRIVER_SUCCESS: [{ action: 'requestDriver', outcome: 'confirmed' }],
  ASSIGN_DRIVER: [{ action: 'requestDriver', outcome: 'confirmed' }],
  REQUEST_DRIVER_FAILED: [{ action: 'requestDriver', outcome: 'failed' }],
};

/** The status an action brings the order to: reaching it (by any route) means the action took effect. */
export const ACTION_TARGET: Readonly<Record<OrderAction, ProgressStatus | undefined>> = {
  confirm: 'CONFIRMED',
  startPreparation: 'PREPARATION_STARTED',
  readyToPickup: 'READY_TO_PICKUP',
  dispatch: 'DISPATCHED',
  requestCancellation: 'CANCELLED',
  requestDriver: undefined,
};

/** The spec's confirmation deadline (§4.5, §8). */
export const CONFIRM_WINDOW_MS = 8 * 60_000;

/** Whether an order in `status` shows the effect of `action` (a cancelled order confirmed nothing). */
export function actionTookEffect(action: OrderAction, status: string): boolean {
  const target = ACTION_TARGET[action];
  if (!target) return false;
  if (target === 'CANCELLED' || status === 'CANCELLED') return status === target;
  return rankOf(status) >= rankOf(target);
}
