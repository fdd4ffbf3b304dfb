import { z } from 'zod';

/**
 * What the customer or the platform asks of the store about one order, and the store's answers:
 * disputes (HSD → HSS), delivery address changes (DAR → DAA/DAD), a platform driver for an order the
 * store would deliver itself (quote → requestDriver → RDS/ASSIGN_DRIVER, or RDF), and the delivery
 * code of an own-fleet delivery. Read from the events' metadata in the main process; the screen gets
 * these views, never the raw metadata.
 */

const IsoTime = z.string();
const text = z.string().nullable();

export const DisputeAlternativeView = z.object({ id: z.string(), type: z.string(), amount: z.number().nullable() });
export type DisputeAlternativeView = z.infer<typeof DisputeAlternativeView>;

export const DisputeView = z.object({
  disputeId: z.string(),
  /** `CANCELLATION`, `PARTIAL_CANCELLATION`, `PROPOSED_AMOUNT_REFUND` (or a new one, shown as sent). */
  action: z.string(),
  /** What the customer wrote or the platform summarised. */
  message: text,
  alternatives: z.array(DisputeAlternativeView),
  openedAt: IsoTime.nullable(),
  expiresAt: IsoTime,
  /** What happens if the store does not answer in time: `ACCEPT_CANCELLATION` or `REJECT_CANCELLATION`. */
  timeoutAction: text,
  /** Null while open; how it ended once HSS came. */
  settlement: z
    .object({
      outcome: text,
      /** `MERCHANT` (an answer) or `TIMEOUT`. */
      settledBy: text,
      reason: text,
      alternativeAmount: z.number().nullable(),
      at: IsoTime.nullable(),
    })
    .nullable(),
});
export type DisputeView = z.infer<typeof DisputeView>;

export const AddressView = z.object({
  streetName: text,
  streetNumber: text,
  complement: text,
  neighborhood: text,
  city: text,
  state: text,
  reference: text,
});
export type AddressView = z.infer<typeof AddressView>;

export const AddressChangeView = z.object({
  /** `CUSTOMER` (the store answers) or `MERCHANT` (the customer answers). */
  requestedBy: text,
  address: AddressView.nullable(),
  requestedAt: IsoTime.nullable(),
  /** Answer before this; null when the platform gives no deadline. */
  expiresAt: IsoTime.nullable(),
  /** Null while pending. */
  outcome: z.enum(['ACCEPTED', 'DENIED']).nullable(),
  answeredBy: text,
  answeredAt: IsoTime.nullable(),
});
export type AddressChangeView = z.infer<typeof AddressChangeView>;

/** The last word on a platform driver requested for an own delivery (RDS, RDF). */
export const DriverRequestView = z.object({
  state: z.enum(['requested', 'failed', 'cancelled']),
  /** Why it failed (`NO_DRIVERS`, `OUT_OF_AREA`, ...), as the platform said. */
  reason: text,
  at: IsoTime.nullable(),
});
export type DriverRequestView = z.infer<typeof DriverRequestView>;

/** What the board shows of a request waiting for the store's answer. */
export const OpenRequest = z.object({
  kind: z.enum(['dispute', 'addressChange']),
  /** Answer before this (null: no deadline given). */
  expiresAt: IsoTime.nullable(),
  /** The dispute's action; null for an address change. */
  action: text,
});
export type OpenRequest = z.infer<typeof OpenRequest>;

/** Everything asked about one order, for the drawer. */
export const OrderRequests = z.object({
  disputes: z.array(DisputeView),
  addressChanges: z.array(AddressChangeView),
  driverRequest: DriverRequestView.nullable(),
  /** Delivery codes typed for this order that the platform (or the cached detail) said were wrong. */
  wrongDeliveryCodes: z.number().int(),
  deliveryCodeVerified: z.boolean(),
});
export type OrderRequests = z.infer<typeof OrderRequests>;

/** A platform driver's price and time for an order (spec §4.1 deliveryAvailabilities by order). */
export const DriverQuoteView = z.object({
  quoteId: z.string(),
  expiresAt: IsoTime.nullable(),
  grossValue: z.number().nullable(),
  discount: z.number().nullable(),
  netValue: z.number().nullable(),
  /** Minutes. */
  deliveryMin: z.number().nullable(),
  deliveryMax: z.number().nullable(),
  distance: z.number().nullable(),
});
export type DriverQuoteView = z.infer<typeof DriverQuoteView>;

export const DeliveryCodeCheck = z.object({
  valid: z.boolean(),
  /** `api` when the platform answered; `cache` when offline and compared with the cached localizer. */
  checkedBy: z.enum(['api', 'cache']),
  /** Wrong codes typed for this order so far, this one included. */
  wrongAttempts: z.number().int(),
});
export type DeliveryCodeCheck = z.infer<typeof DeliveryCodeCheck>;
