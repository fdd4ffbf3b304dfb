import { z } from 'zod';
import { ErrorInfo } from '../../errors';
import { DeliveryAddress, ORDER_STATUSES, OrderItem, PaymentMethod } from '../../wire/order';
import { channel } from '../channel';
import { DeliveryCodeCheck, DriverQuoteView, OpenRequest, OrderRequests } from '../../order-requests';
import { ActionOrigin } from './screens';

/**
 * The orders board and its actions (docs/merchant-api.md). The main process keeps
 * orders in SQLite; the renderer reads the board once, then follows `orders:changed` pushes, sent as
 * changes are committed (no renderer polling).
 */

const Id = z.guid();
const IsoTime = z.string();

/**
 * Where an order stands, as the terminal knows it from events and the order detail. Status only
 * moves forward; CANCELLATION_REQUESTED is shown while a cancellation the store asked for awaits the
 * platform's answer.
 */
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** Staff actions, each sent through the outbox (written before it is sent, retried while offline). */
export const OrderAction = z.enum([
  'confirm',
  'startPreparation',
  'readyToPickup',
  'dispatch',
  'requestCancellation',
  'requestDriver',
  'cancelDriverRequest',
  'acceptDispute',
  'rejectDispute',
  'chooseDisputeAlternative',
  'acceptAddressChange',
  'denyAddressChange',
]);
export type OrderAction = z.infer<typeof OrderAction>;

/**
 * queued: written, not yet accepted by the API (waiting, or retrying while offline);
 * sent: the API answered 202, the outcome event has not arrived yet;
 * confirmed: the outcome event arrived (or the order visibly moved there);
 * failed: refused, with the reason; expired: too late to send (e.g. confirm after 8 minutes).
 */
export const OutboxState = z.enum(['queued', 'sent', 'confirmed', 'failed', 'expired']);
export type OutboxState = z.infer<typeof OutboxState>;

/** Who took an action: staff on a screen, or the terminal's auto-confirm. */
export const Actor = z.enum(['staff', 'auto']);
export type Actor = z.infer<typeof Actor>;

export const OutboxEntry = z.object({
  id: z.number().int(),
  orderId: z.string(),
  action: OrderAction,
  payload: z.record(z.string(), z.unknown()).nullable(),
  state: OutboxState,
  /** Times it was handed to the API (a resend after a lost answer counts). */
  attempts: z.number().int(),
  createdAt: IsoTime,
  updatedAt: IsoTime,
  /** When a queued entry is tried next, while it waits (offline, rate limit). */
  nextAttemptAt: IsoTime.nullable(),
  /** Why it failed or expired, or the last transient error while it is still queued. */
  reason: ErrorInfo.nullable(),
  actor: Actor,
  /** The paired screen that queued it; null when it was made on this terminal (or by auto-confirm). */
  origin: ActionOrigin.nullable(),
});
export type OutboxEntry = z.infer<typeof OutboxEntry>;

/**
 * The `reason` of an entry that waits on a screen of a chain's server, made while the screen could
 * not reach it (state `queued`, code `connection`, a negative id: not one of the server's entries).
 */
export const QUEUED_ON_SCREEN = 'QueuedOnScreen';

/** Where a platform driver is, from the driver events and the last tracking answer (spec §4.5). */
export const DriverState = z.enum(['assigned', 'toStore', 'atStore', 'collected', 'atCustomer']);
export type DriverState = z.infer<typeof DriverState>;

export const DriverView = z.object({
  state: DriverState,
  /** Seconds from `checkedAt` until the driver reaches the store (negative: late), when tracked. */
  pickupEtaSeconds: z.number().nullable(),
  /** Seconds from `checkedAt` until the delivery ends, when tracked. */
  deliveryEtaSeconds: z.number().nullable(),
  /** When the tracking answer was read; null before the first one. */
  checkedAt: IsoTime.nullable(),
});
export type DriverView = z.infer<typeof DriverView>;

/** One line of the kitchen board: only what the board shows, read from indexed columns. */
export const BoardRow = z.object({
  id: z.string(),
  /** Short code staff call out; null until the order detail arrives. */
  displayId: z.string().nullable(),
  status: OrderStatus,
  orderType: z.string().nullable(),
  /** IMMEDIATE or SCHEDULED. */
  timing: z.string().nullable(),
  createdAt: IsoTime.nullable(),
  /** createdAt + 8 minutes: confirm before this (spec §4.5). */
  confirmDeadline: IsoTime.nullable(),
  preparationStartDateTime: IsoTime.nullable(),
  customerName: z.string().nullable(),
  /** Number of item lines. */
  itemsCount: z.number().int().nullable(),
  /** Order amount in the store's currency. */
  total: z.number().nullable(),
  /** PLATFORM or MERCHANT (deliveries only). */
  deliveredBy: z.string().nullable(),
  merchantId: z.string().nullable(),
  /** The newest action of this order unless it is confirmed (then the status shows it). */
  pendingAction: z.object({ id: z.number().int(), action: OrderAction, state: OutboxState, reason: ErrorInfo.nullable() }).nullable(),
  /** fullCode of the newest event (by createdAt). */
  lastEventCode: z.string().nullable(),
  /** An event with a code the terminal does not know arrived: shown, never dropped. */
  hasUnknownEvents: z.boolean(),
  /** The detail could not be read (e.g. 404): the row holds only what events said. */
  detailMissing: z.boolean(),
  /** Who confirmed it (or is confirming it), once a confirm was sent; null before. */
  confirmedBy: Actor.nullable(),
  /** The paired screen whose confirm it was ("Confirmado por Cozinha 1"); null when this terminal (or auto-confirm) confirmed it. */
  confirmedFrom: ActionOrigin.nullable(),
  /** PLATFORM deliveries with a driver assigned. */
  driver: DriverView.nullable(),
  /**
   * Cancelled orders: who cancelled (`MERCHANT`, `CUSTOMER`, `PLATFORM`) and why, as the event said;
   * `code` is the spec's cancellation code when the event names one (the screen words it).
   */
  cancellation: z.object({ origin: z.string().nullable(), reason: z.string().nullable(), code: z.string().nullable().default(null) }).nullable(),
  /** A ticket of it came out of a printer. */
  printed: z.boolean(),
  /** A ticket of it waits for a printer that failed (off, unreachable). */
  printWaiting: z.boolean(),
  /** A dispute or address change waiting for the store's answer (the oldest deadline first). */
  request: OpenRequest.nullable(),
});
export type BoardRow = z.infer<typeof BoardRow>;

export const OrderEventView = z.object({
  id: z.string(),
  code: z.string(),
  fullCode: z.string(),
  /** False for a code the terminal does not know. */
  known: z.boolean(),
  createdAt: IsoTime.nullable(),
  receivedAt: IsoTime,
  // The metadata stays in the main process: what a screen shows of it gets a typed view of its own.
});
export type OrderEventView = z.infer<typeof OrderEventView>;

export const OrderTracking = z.object({
  /** What the API answered, null while no driver position is known (404 before assignment). */
  position: z.record(z.string(), z.unknown()).nullable(),
  checkedAt: IsoTime,
});
export type OrderTracking = z.infer<typeof OrderTracking>;

const text = z.string().nullable();
const money = z.number().nullable();

/** How the store calls the customer: the number, and the localizer that reaches the customer on it (spec §2.5 `phone.localizer`). */
export const CustomerPhoneView = z.object({
  number: text,
  /** Also the code an own delivery is finished with (verifyDeliveryCode). */
  localizer: text,
  /** When the localizer stops reaching the customer; null when the platform does not say. */
  localizerExpiresAt: text,
});
export type CustomerPhoneView = z.infer<typeof CustomerPhoneView>;

/**
 * What the order drawer shows of an order detail, and nothing more: the main process reads the
 * cached detail and sends this view, so fields the screen does not show (the pickup code, ids) stay
 * in the main process.
 */
export const OrderView = z.object({
  displayId: text,
  orderType: text,
  orderTiming: text,
  salesChannel: text,
  createdAt: text,
  preparationStartDateTime: text,
  storeName: text,
  customer: z
    .object({
      name: text,
      ordersCountOnMerchant: z.number().int().nullable(),
      phone: CustomerPhoneView.nullable(),
    })
    .nullable(),
  items: z.array(OrderItem),
  total: z.object({ subTotal: money, deliveryFee: money, benefits: money, additionalFees: money, orderAmount: money }).nullable(),
  payments: z.object({ prepaid: money, pending: money, methods: z.array(PaymentMethod) }).nullable(),
  delivery: z.object({ mode: text, deliveredBy: text, deliveryDateTime: text, observations: text, address: DeliveryAddress.nullable() }).nullable(),
  takeoutDateTime: text,
  schedule: z.object({ start: text, end: text }).nullable(),
});
export type OrderView = z.infer<typeof OrderView>;

export const OrderDetailView = z.object({
  row: BoardRow,
  /** The order as the drawer shows it; null until its detail is fetched. */
  order: OrderView.nullable(),
  detailFetchedAt: IsoTime.nullable(),
  events: z.array(OrderEventView),
  actions: z.array(OutboxEntry),
  tracking: OrderTracking.nullable(),
  /** Disputes, address changes, a platform driver asked for, delivery codes typed. */
  requests: OrderRequests,
});
export type OrderDetailView = z.infer<typeof OrderDetailView>;

export const BoardInput = z
  .object({
    /** One store, or every store of the credential when absent. */
    merchantId: Id.optional(),
  })
  .strict();

export const Board = z.object({
  /** Every open order, and the closed ones of the last hours. */
  rows: z.array(BoardRow),
  /** Closed orders of those hours left out (the newest are sent); open orders are never left out. */
  closedLeftOut: z.number().int(),
  generatedAt: IsoTime,
});
export type Board = z.infer<typeof Board>;

const orderRef = { orderId: Id };
/**
 * An action's own key, chosen where it was made: a screen of a chain's server that queued it while
 * the link was down sends it again with the same key, and whoever keeps the outbox (the server, a
 * store's hub) answers the entry that key made the first time and sends nothing more.
 */
export const IdempotencyKey = z.uuid();
const actRef = { ...orderRef, idempotencyKey: IdempotencyKey.optional() };
export const ActInput = z.discriminatedUnion('action', [
  z.object({ ...actRef, action: z.literal('confirm') }).strict(),
  z.object({ ...actRef, action: z.literal('startPreparation') }).strict(),
  z.object({ ...actRef, action: z.literal('readyToPickup') }).strict(),
  z.object({ ...actRef, action: z.literal('dispatch') }).strict(),
  z.object({ ...actRef, action: z.literal('requestCancellation'), payload: z.object({ reason: z.string().min(1).max(64) }).strict() }).strict(),
  z.object({ ...actRef, action: z.literal('requestDriver'), payload: z.object({ quoteId: Id }).strict() }).strict(),
  z.object({ ...actRef, action: z.literal('cancelDriverRequest') }).strict(),
  z.object({ ...actRef, action: z.literal('acceptDispute'), payload: z.object({ disputeId: z.string().min(1).max(64) }).strict() }).strict(),
  z
    .object({
      ...actRef,
      action: z.literal('rejectDispute'),
      payload: z.object({ disputeId: z.string().min(1).max(64), reason: z.string().trim().min(1).max(500) }).strict(),
    })
    .strict(),
  z
    .object({
      ...actRef,
      action: z.literal('chooseDisputeAlternative'),
      payload: z.object({ disputeId: z.string().min(1).max(64), alternativeId: z.string().min(1).max(64) }).strict(),
    })
    .strict(),
  z.object({ ...actRef, action: z.literal('acceptAddressChange') }).strict(),
  z.object({ ...actRef, action: z.literal('denyAddressChange') }).strict(),
]);
export type ActInput = z.infer<typeof ActInput>;

export const CancellationReasons = z.object({
  reasons: z.array(z.object({ code: z.string(), description: z.string() })),
  /** `api`: the platform's list for this order; `standard`: the spec's common codes, when offline. */
  source: z.enum(['api', 'standard']),
});
export type CancellationReasons = z.infer<typeof CancellationReasons>;

export const PickupCodeCheck = z.object({
  valid: z.boolean(),
  /** `api` when the platform answered; `cache` when offline and compared with the cached detail. */
  checkedBy: z.enum(['api', 'cache']),
});
export type PickupCodeCheck = z.infer<typeof PickupCodeCheck>;

export const orderChannels = {
  'orders:board': channel(BoardInput, Board),
  'orders:detail': channel(z.object(orderRef).strict(), OrderDetailView),
  'orders:act': channel(ActInput, OutboxEntry),
  'orders:cancellationReasons': channel(z.object(orderRef).strict(), CancellationReasons),
  'orders:validatePickupCode': channel(z.object({ ...orderRef, code: z.string().trim().min(1).max(32) }).strict(), PickupCodeCheck),
  'orders:driverQuote': channel(z.object({ orderId: z.guid() }).strict(), DriverQuoteView),
  'orders:verifyDeliveryCode': channel(z.object({ orderId: z.guid(), code: z.string().trim().min(1).max(32) }).strict(), DeliveryCodeCheck),
} as const;

/** Pushed after each commit that changed orders or actions: rows to replace on the board. */
export const OrdersChanged = z.object({
  rows: z.array(BoardRow),
  actions: z.array(OutboxEntry),
});
export type OrdersChanged = z.infer<typeof OrdersChanged>;

export const orderPushEvents = {
  'orders:changed': OrdersChanged,
  'orders:tracking': z.object({ orderId: z.string(), tracking: OrderTracking }),
} as const;
