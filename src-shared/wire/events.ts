import { z } from 'zod';

/**
 * Order events (spec §6; codes and dispute metadata from DESIGN.md). Events may arrive duplicated or
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

export const OrderEvent = z.object({
  id: z.string().min(1),
  code: z.string(),
  fullCode: z.string().nullish(),
  orderId: z.string(),
  /** DESIGN.md adds it; the spec does not promise it. */
  merchantId: z.string().nullish(),
  createdAt: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
export type OrderEvent = z.infer<typeof OrderEvent>;

/**
 * The polling envelope. Events are checked one by one by the client (`api/order.ts`), so one
 * unreadable event never hides the others.
 */
export const PollingEnvelope = z.object({ events: z.array(z.unknown()) });

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
