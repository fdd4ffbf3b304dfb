import type { ErrorInfo } from '../../src-shared/errors';
import type { OrderAction } from '../../src-shared/ipc/channels/orders';
import { AddressChangeMetadata, DriverRequestMetadata, SettlementMetadata, type EventName } from '../../src-shared/wire/events';
import { CANCELLED_BY_MERCHANT } from './requests';
import { isFinalStatus, rankOf, type ProgressStatus } from './status';

/**
 * How a staff action (an outbox entry) is settled. Actions answer 202 and their result arrives later
 * (spec §3.4, §6): as an outcome event, or as the order visibly reaching the action's status.
 */

type Settlement = { action: OrderAction; outcome: 'confirmed' | 'failed' };

/**
 * How an event settles an action of its order: `confirmed` for the action's outcome, `failed` for
 * its refusal. CANCELLATION_REQUEST_FAILED answers a requestCancellation, or a confirm that was
 * rejected (spec §6). Answers to what the customer asked (disputes, address changes) and a driver
 * request withdrawn are read with the event's metadata (`settledByAnswer`).
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

/** The store's answers to a dispute, and the outcome HSS names for each. */
export const DISPUTE_ANSWERS: Readonly<Partial<Record<OrderAction, string>>> = {
  acceptDispute: 'ACCEPTED',
  rejectDispute: 'REJECTED',
  chooseDisputeAlternative: 'ALTERNATIVE_ACCEPTED',
};
/** The store's answers to an address change, and the event each brings. */
const ADDRESS_ANSWERS: Readonly<Partial<Record<OrderAction, EventName>>> = {
  acceptAddressChange: 'DELIVERY_ADDRESS_CHANGE_ACCEPTED',
  denyAddressChange: 'DELIVERY_ADDRESS_CHANGE_DENIED',
};

/**
 * Actions that answer one request: a second press of any of them (accept after reject) returns the
 * answer already waiting instead of sending two answers.
 */
export function answerGroupOf(action: OrderAction): string {
  if (action in DISPUTE_ANSWERS) return 'dispute';
  if (action in ADDRESS_ANSWERS) return 'addressChange';
  return action;
}

const ANSWERED_BY_EVENT: ReadonlySet<EventName> = new Set([
  'HANDSHAKE_SETTLEMENT',
  'DELIVERY_ADDRESS_CHANGE_ACCEPTED',
  'DELIVERY_ADDRESS_CHANGE_DENIED',
  'REQUEST_DRIVER_FAILED',
]);

export function settlesActions(name: EventName | undefined): boolean {
  return name !== undefined && (SETTLES[name] !== undefined || ANSWERED_BY_EVENT.has(name));
}

/** An open action as the rules need to see it. */
export interface OpenAction {
  id: number;
  action: OrderAction;
  state: string;
  attempts: number;
  /** The action's payload as stored (JSON text). */
  payload?: string | null;
}

export interface EventSettlement {
  id: number;
  state: 'confirmed' | 'failed' | 'expired';
  reason: ErrorInfo | null;
}

/** The dispute an answer in the outbox is for (its stored payload). */
function disputeIdOf(action: OpenAction): string | undefined {
  try {
    const payload: unknown = JSON.parse(action.payload ?? 'null');
    const id = payload && typeof payload === 'object' ? (payload as { disputeId?: unknown }).disputeId : undefined;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** HSS read field by field; without a dispute id it settles whichever dispute answer is open. */
const Settlement = SettlementMetadata.partial({ disputeId: true });

/**
 * How an answer event settles the store's open answer: confirmed when the platform took this very
 * answer; failed when the request was settled another way (another terminal answered otherwise);
 * expired when its deadline settled it first (the answer waited offline too long).
 */
function settledByAnswer(open: readonly OpenAction[], name: EventName, metadata: unknown): EventSettlement | undefined {
  if (name === 'REQUEST_DRIVER_FAILED') {
    if (DriverRequestMetadata.safeParse(metadata).data?.reason !== CANCELLED_BY_MERCHANT) return undefined;
    const cancel = open.find((a) => a.action === 'cancelDriverRequest');
    return cancel ? { id: cancel.id, state: 'confirmed', reason: null } : undefined;
  }
  if (name === 'HANDSHAKE_SETTLEMENT') {
    const m = Settlement.safeParse(metadata).data;
    const answer = open.find((a) => a.action in DISPUTE_ANSWERS && (m?.disputeId === undefined || disputeIdOf(a) === m.disputeId));
    if (!answer) return undefined;
    const outcome = m?.outcome ?? '';
    return verdict(answer, m?.settledBy, outcome === DISPUTE_ANSWERS[answer.action], `the dispute was settled as ${outcome || 'unknown'}`);
  }
  const answer = open.find((a) => a.action in ADDRESS_ANSWERS);
  if (!answer) return undefined;
  const answeredBy = AddressChangeMetadata.safeParse(metadata).data?.answeredBy;
  return verdict(answer, answeredBy, ADDRESS_ANSWERS[answer.action] === name, `the address change was answered otherwise (${name})`);
}

function verdict(answer: OpenAction, by: string | null | undefined, same: boolean, otherwise: string): EventSettlement {
  if (by === 'TIMEOUT')
    return { id: answer.id, state: 'expired', reason: { code: 'conflict', message: 'the deadline passed before the answer reached the platform' } };
  return same ? { id: answer.id, state: 'confirmed', reason: null } : { id: answer.id, state: 'failed', reason: { code: 'conflict', message: otherwise } };
}

/**
 * The one open action an outcome event answers: `confirmed` for any open action of its kind;
 * `failed` only for one that may have reached the API (sent, or tried before a crash).
 */
export function settledByEvent(open: readonly OpenAction[], name: EventName, eventId: string, metadata?: unknown): EventSettlement | undefined {
  for (const rule of SETTLES[name] ?? []) {
    const candidate = open.find((a) => a.action === rule.action && (rule.outcome === 'confirmed' || a.state === 'sent' || a.attempts > 0));
    if (!candidate) continue;
    const reason: ErrorInfo | null = rule.outcome === 'failed' ? { code: 'conflict', message: `the platform refused it (${name}, event ${eventId})` } : null;
    return { id: candidate.id, state: rule.outcome, reason };
  }
  return ANSWERED_BY_EVENT.has(name) ? settledByAnswer(open, name, metadata) : undefined;
}

/** The status an action brings the order to: reaching it (by any route) means the action took effect. */
const ACTION_TARGET: Readonly<Record<OrderAction, ProgressStatus | undefined>> = {
  confirm: 'CONFIRMED',
  startPreparation: 'PREPARATION_STARTED',
  readyToPickup: 'READY_TO_PICKUP',
  dispatch: 'DISPATCHED',
  requestCancellation: 'CANCELLED',
  requestDriver: undefined,
  cancelDriverRequest: undefined,
  acceptDispute: undefined,
  rejectDispute: undefined,
  chooseDisputeAlternative: undefined,
  acceptAddressChange: undefined,
  denyAddressChange: undefined,
};

/** A customer may complain after the order is delivered: the answer to a dispute outlives the order. */
const OUTLIVES_ORDER: ReadonlySet<OrderAction> = new Set(['acceptDispute', 'rejectDispute', 'chooseDisputeAlternative']);

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
  if (isFinalStatus(status) && !(OUTLIVES_ORDER.has(action) && status === 'CONCLUDED'))
    return { state: 'expired', reason: { code: 'conflict', message: `the order is already ${status}` } };
  return undefined;
}
