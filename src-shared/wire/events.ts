import { z } from 'zod';

/**
 * Order events (spec §6; codes and dispute metadata from docs/merchant-api.md). Events may arrive duplicated or
 * out of order; unknown codes are kept as strings, never refused.
 */

export const EVENT_CODES = {
  PLC: 'PLACED',
  CFM: 'CONFIRMED',
  PRS: 'PREPARATION_STARTED',
  SPS: 'SEPARATION_STARTED',
  SPE: 'SEPARATION_ENDED',
  RTP: 'READY_TO_PICKUP',
  DSP: 'DISPATCHED',
  CON: 'CONCLUDED',
  CAN: 'CANCELLED',
  CAR: 'CANCELLATION_REQUESTED',
  CARF: 'CANCELLATION_REQUEST_FAILED',
  CCR: 'CONSUMER_CANCELLATION_REQUESTED',
  CCA: 'CONSUMER_CANCELLATION_ACCEPTED',
  CCD: 'CONSUMER_CANCELLATION_DENIED',
  ADR: 'ASSIGN_DRIVER',
  GTO: 'GOING_TO_ORIGIN',
  AAO: 'ARRIVED_AT_ORIGIN',
  CLT: 'COLLECTED',
  AAD: 'ARRIVED_AT_DESTINATION',
  RDS: 'REQUEST_DRIVER_SUCCESS',
  RDF: 'REQUEST_DRIVER_FAILED',
  DAR: 'DELIVERY_ADDRESS_CHANGE_REQUESTED',
  DAA: 'DELIVERY_ADDRESS_CHANGE_ACCEPTED',
  DAD: 'DELIVERY_ADDRESS_CHANGE_DENIED',
  HSD: 'HANDSHAKE_DISPUTE',
  HSS: 'HANDSHAKE_SETTLEMENT',
  RPS: 'RECOMMENDED_PREPARATION_START',
} as const;
export type EventCode = keyof typeof EVENT_CODES;
export type EventName = (typeof EVENT_CODES)[EventCode];

/**
 * An order event as the terminal reads it: only the id is required (it is what gets acknowledged).
 * The platform may leave other fields out or type them loosely; each such field is read as absent,
 * never as a reason to drop the event. `readOrderEvent` is the one reader of an event: the client,
 * the sync layer and the tests all go through it.
 *
 * The one wire shape whose type is not a zod schema: the reader runs once per polled event, and a
 * catch-up reads thousands in a row. Measured with `npm run bench -- ingest`, a zod reader (with a
 * per-field fallback, or a transform) made the whole ingest 8–15 % slower than this function.
 */
export interface OrderEvent {
  id: string;
  code?: string | undefined;
  fullCode?: string | undefined;
  /** Absent when empty: an event without its order is stored but moves nothing. */
  orderId?: string | undefined;
  /** A gap the docs fill: the platform adds it; the spec does not promise it. */
  merchantId?: string | undefined;
  createdAt?: string | undefined;
  metadata?: unknown;
}

/**
 * An order event as the platform sends it, every field there: what the sandbox emits, and what the
 * tests and benches build. The terminal never trusts an event to be one: it reads it with
 * `readOrderEvent`.
 */
export interface WireEvent {
  id: string;
  code: string;
  fullCode: string;
  orderId: string;
  merchantId: string;
  createdAt: string;
  metadata: Record<string, unknown>;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The event, or undefined when it has no id (it can be neither stored nor acknowledged). */
export function readOrderEvent(value: unknown): OrderEvent | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || v.id === '') return undefined;
  const event: OrderEvent = {
    id: v.id,
    code: text(v.code),
    fullCode: text(v.fullCode),
    orderId: v.orderId === '' ? undefined : text(v.orderId),
    merchantId: text(v.merchantId),
    createdAt: text(v.createdAt),
  };
  if ('metadata' in v) event.metadata = v.metadata;
  return event;
}

const FULL_NAMES: ReadonlySet<string> = new Set(Object.values(EVENT_CODES));
const BY_CODE: Readonly<Record<string, string>> = EVENT_CODES;

/** The event's full name when the terminal knows it (by fullCode, else by code), else undefined. */
export function knownEventName(code: string, fullCode: string): EventName | undefined {
  if (FULL_NAMES.has(fullCode)) return fullCode as EventName;
  if (FULL_NAMES.has(code)) return code as EventName;
  return (BY_CODE[code] ?? BY_CODE[fullCode]) as EventName | undefined;
}

/** The polling envelope; each event in it is read on its own, so one unreadable event hides no other. */
export const PollingEnvelope = z.object({ events: z.array(z.unknown()) });

/** Event ids per acknowledgment request: a backlog is acknowledged in requests of this many. */
export const ACKNOWLEDGMENT_CHUNK = 1000;

/** HSD metadata: the merchant answers before `expiresAt`, or `timeoutAction` applies. */
export const DisputeAlternative = z.object({
  id: z.string(),
  type: z.string(),
  amount: z.union([z.number(), z.object({ value: z.number() }).loose()]).nullish(),
});
export const DisputeMetadata = z.object({
  disputeId: z.string(),
  /** `CANCELLATION`, `PARTIAL_CANCELLATION`, `PROPOSED_AMOUNT_REFUND`. */
  action: z.string(),
  message: z.string().nullish(),
  alternatives: z.array(DisputeAlternative).default([]),
  expiresAt: z.string(),
  /** `ACCEPT_CANCELLATION` or `REJECT_CANCELLATION`. */
  timeoutAction: z.string().nullish(),
});
export type DisputeMetadata = z.infer<typeof DisputeMetadata>;

/**
 * CAN metadata (docs/merchant-api.md): who cancelled (`MERCHANT`, `CUSTOMER`, `PLATFORM`) and why.
 * Read field by field: a cancellation with unreadable metadata is still a cancellation.
 */
export const CancellationMetadata = z.object({
  origin: z.string().nullish().catch(null),
  reason: z.string().nullish().catch(null),
  cancelCode: z.string().nullish().catch(null),
});
export type CancellationMetadata = z.infer<typeof CancellationMetadata>;

/** HSS metadata (docs/merchant-api.md): how a dispute was settled, by the merchant's answer or its timeout. */
export const SettlementMetadata = z.object({
  disputeId: z.string(),
  /** `ACCEPTED`, `REJECTED`, `ALTERNATIVE_ACCEPTED`. */
  outcome: z.string().nullish().catch(null),
  /** `MERCHANT` or `TIMEOUT`. */
  settledBy: z.string().nullish().catch(null),
  reason: z.string().nullish().catch(null),
  alternative: DisputeAlternative.nullish().catch(null),
});
export type SettlementMetadata = z.infer<typeof SettlementMetadata>;

/** The address a delivery address change asks for (spec §4.1 body), as DAR/DAA/DAD carry it. */
export const ChangedAddress = z.object({
  streetName: z.string().nullish().catch(null),
  streetNumber: z.string().nullish().catch(null),
  complement: z.string().nullish().catch(null),
  neighborhood: z.string().nullish().catch(null),
  city: z.string().nullish().catch(null),
  state: z.string().nullish().catch(null),
  country: z.string().nullish().catch(null),
  reference: z.string().nullish().catch(null),
});
export type ChangedAddress = z.infer<typeof ChangedAddress>;

/**
 * DAR / DAA / DAD metadata: who asked (`CUSTOMER` or `MERCHANT`), the new address, who answered
 * (`MERCHANT`, `CUSTOMER`, or `TIMEOUT` when the deadline passed), and until when it may be answered.
 */
export const AddressChangeMetadata = z.object({
  requestedBy: z.string().nullish().catch(null),
  answeredBy: z.string().nullish().catch(null),
  address: ChangedAddress.nullish().catch(null),
  expiresAt: z.string().nullish().catch(null),
});
export type AddressChangeMetadata = z.infer<typeof AddressChangeMetadata>;

/** RDS / RDF metadata: the quote a driver was requested with, and why a request failed or ended. */
export const DriverRequestMetadata = z.object({
  quoteId: z.string().nullish().catch(null),
  reason: z.string().nullish().catch(null),
});
export type DriverRequestMetadata = z.infer<typeof DriverRequestMetadata>;
