import type { ErrorInfo } from '../../src-shared/errors';
import type { OrderAction } from '../../src-shared/ipc/channels/orders';
import type { EventName } from '../../src-shared/wire/events';
import { isFinalStatus, rankOf, type ProgressStatus } from './status';

/**
 * How a staff action (an outbox entry) is settled. Actions answer 202 and their result arrives later
 * (spec §3.4, §6): as an outcome event, or as the order visibly reaching the action's status.
 */

type Settlement = { action: OrderAction; outcome: 'confirmed' | 'failed' };

/**
 * How an event settles an action of its order: `confirmed` for the action's outcome, `failed` for
 * its refusal. CANCELLATION_REQUEST_FAILED answers a requestCancellation, or a confirm that was
 * rejected (spec §6).
 */
const SETTLES: Partial<Readonly<Record<EventName, readonly Settlement[]>>> = {
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

export function settlesActions(name: EventName | undefined): boolean {
  return name !== undefined && SETTLES[name] !== undefined;
}

/** An open action as the rules need to see it. */
export interface OpenAction {
  id: number;
  action: OrderAction;
  state: string;
  attempts: number;
}

export interface EventSettlement {
  id: number;
  state: 'confirmed' | 'failed';
  reason: ErrorInfo | null;
}

/**
 * The one open action an outcome event answers: `confirmed` for any open action of its kind;
 * `failed` only for one that may have reached the API (sent, or tried before a crash).
 */
export function settledByEvent(open: readonly OpenAction[], name: EventName, eventId: string): EventSettlement | undefined {
  for (const rule of SETTLES[name] ?? []) {
    const candidate = open.find((a) => a.action === rule.action && (rule.outcome === 'confirmed' || a.state === 'sent' || a.attempts > 0));
    if (!candidate) continue;
    const reason: ErrorInfo | null = rule.outcome === 'failed' ? { code: 'conflict', message: `the platform refused it (${name}, event ${eventId})` } : null;
    return { id: candidate.id, state: rule.outcome, reason };
  }
  return undefined;
}

/** The status an action brings the order to: reaching it (by any route) means the action took effect. */
const ACTION_TARGET: Readonly<Record<OrderAction, ProgressStatus | undefined>> = {
  confirm: 'CONFIRMED',
  startPreparation: 'PREPARATION_STARTED',
  readyToPickup: 'READY_TO_PICKUP',
  dispatch: 'DISPATCHED',
  requestCancellation: 'CANCELLED',
  requestDriver: undefined,
};

/** Whether an order in `status` shows the effect of `action` (a cancelled order confirmed nothing). */
export function actionTookEffect(action: OrderAction, status: string): boolean {
  const target = ACTION_TARGET[action];
  if (!target) return false;
  if (target === 'CANCELLED' || status === 'CANCELLED') return status === target;
  return rankOf(status) >= rankOf(target);
}

/**
 * How an order's status settles one of its open actions: `confirmed` when the effect shows (however
 * it came about), `expired` when the order closed without it, undefined while it may still happen.
 */
export function settledByStatus(action: OrderAction, status: string): { state: 'confirmed' | 'expired'; reason: ErrorInfo | null } | undefined {
  if (actionTookEffect(action, status)) return { state: 'confirmed', reason: null };
  if (isFinalStatus(status)) return { state: 'expired', reason: { code: 'conflict', message: `the order is already ${status}` } };
  return undefined;
}
