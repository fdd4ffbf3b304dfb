import type { AddressChangeView, DisputeView, DriverRequestView, OpenRequest } from '../../src-shared/order-requests';
import {
  AddressChangeMetadata,
  DisputeMetadata,
  DriverRequestMetadata,
  EVENT_CODES,
  knownEventName,
  SettlementMetadata,
  type EventName,
} from '../../src-shared/wire/events';

/**
 * What the customer or the platform asked of the store about an order, read from the order's events
 * (oldest first): disputes (HSD, settled by HSS), delivery address changes (DAR, answered by DAA or
 * DAD), and the platform driver asked for an own delivery (RDS, RDF). Metadata is read field by
 * field: an event whose metadata cannot be read is left out of the view, never a failure.
 */
export interface RequestEvent {
  code: string;
  fullCode: string;
  createdAt: string | null;
  /** The metadata as stored (JSON text), or already parsed. */
  metadata: unknown;
}

/** The event codes the views are made of, short and full (the events table keeps the code as sent). */
export const REQUEST_EVENT_NAMES: readonly EventName[] = [
  'HANDSHAKE_DISPUTE',
  'HANDSHAKE_SETTLEMENT',
  'DELIVERY_ADDRESS_CHANGE_REQUESTED',
  'DELIVERY_ADDRESS_CHANGE_ACCEPTED',
  'DELIVERY_ADDRESS_CHANGE_DENIED',
  'REQUEST_DRIVER_SUCCESS',
  'REQUEST_DRIVER_FAILED',
];
/** The same events by their short codes (HSD, HSS, DAR, ...), and both together: what the events table may hold. */
export const REQUEST_EVENT_CODES: readonly string[] = Object.entries(EVENT_CODES)
  .filter(([, name]) => REQUEST_EVENT_NAMES.includes(name))
  .map(([code]) => code);
export const REQUEST_EVENT_KEYS: readonly string[] = [...REQUEST_EVENT_CODES, ...REQUEST_EVENT_NAMES];

/** Events that open a request the store must answer: they mark the order (`request_ms`) for the board. */
export const OPENS_REQUEST: ReadonlySet<EventName> = new Set(['HANDSHAKE_DISPUTE', 'DELIVERY_ADDRESS_CHANGE_REQUESTED']);

function metadataOf(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? {};
  try {
    return JSON.parse(value);
  } catch {
    return {};
  }
}

function amountOf(amount: unknown): number | null {
  if (typeof amount === 'number' && Number.isFinite(amount)) return amount;
  if (amount && typeof amount === 'object' && typeof (amount as { value?: unknown }).value === 'number') return (amount as { value: number }).value;
  return null;
}

interface Named extends RequestEvent {
  name: EventName | undefined;
  data: unknown;
}

function named(events: readonly RequestEvent[]): Named[] {
  return events.map((e) => ({ ...e, name: knownEventName(e.code, e.fullCode), data: metadataOf(e.metadata) }));
}

export function disputesOf(events: readonly RequestEvent[]): DisputeView[] {
  const disputes = new Map<string, DisputeView>();
  const list = named(events);
  for (const e of list) {
    if (e.name !== 'HANDSHAKE_DISPUTE') continue;
    const read = DisputeMetadata.safeParse(e.data);
    if (!read.success) continue;
    const m = read.data;
    disputes.set(m.disputeId, {
      disputeId: m.disputeId,
      action: m.action,
      message: m.message ?? null,
      alternatives: m.alternatives.map((a) => ({ id: a.id, type: a.type, amount: amountOf(a.amount) })),
      openedAt: e.createdAt,
      expiresAt: m.expiresAt,
      timeoutAction: m.timeoutAction ?? null,
      settlement: null,
    });
  }
  for (const e of list) {
    if (e.name !== 'HANDSHAKE_SETTLEMENT') continue;
    const read = SettlementMetadata.safeParse(e.data);
    const dispute = read.success ? disputes.get(read.data.disputeId) : undefined;
    if (!read.success || !dispute) continue;
    const m = read.data;
    dispute.settlement = {
      outcome: m.outcome ?? null,
      settledBy: m.settledBy ?? null,
      reason: m.reason ?? null,
      alternativeAmount: m.alternative ? amountOf(m.alternative.amount) : null,
      at: e.createdAt,
    };
  }
  return [...disputes.values()];
}

export function addressChangesOf(events: readonly RequestEvent[]): AddressChangeView[] {
  const changes: AddressChangeView[] = [];
  for (const e of named(events)) {
    const read = AddressChangeMetadata.safeParse(e.data);
    const m = read.success ? read.data : { requestedBy: null, answeredBy: null, address: null, expiresAt: null };
    if (e.name === 'DELIVERY_ADDRESS_CHANGE_REQUESTED') {
      const a = m.address;
      changes.push({
        requestedBy: m.requestedBy ?? null,
        address: a
          ? {
              streetName: a.streetName ?? null,
              streetNumber: a.streetNumber ?? null,
              complement: a.complement ?? null,
              neighborhood: a.neighborhood ?? null,
              city: a.city ?? null,
              state: a.state ?? null,
              reference: a.reference ?? null,
            }
          : null,
        requestedAt: e.createdAt,
        expiresAt: m.expiresAt ?? null,
        outcome: null,
        answeredBy: null,
        answeredAt: null,
      });
    } else if (e.name === 'DELIVERY_ADDRESS_CHANGE_ACCEPTED' || e.name === 'DELIVERY_ADDRESS_CHANGE_DENIED') {
      // One change at a time: the answer closes the last pending request.
      const pending = changes.findLast((c) => c.outcome === null);
      if (!pending) continue;
      pending.outcome = e.name === 'DELIVERY_ADDRESS_CHANGE_ACCEPTED' ? 'ACCEPTED' : 'DENIED';
      pending.answeredBy = m.answeredBy ?? null;
      pending.answeredAt = e.createdAt;
    }
  }
  return changes;
}

/** The last word on a platform driver for an own delivery: requested (RDS), failed or cancelled (RDF). */
export function driverRequestOf(events: readonly RequestEvent[]): DriverRequestView | null {
  let view: DriverRequestView | null = null;
  for (const e of named(events)) {
    if (e.name !== 'REQUEST_DRIVER_SUCCESS' && e.name !== 'REQUEST_DRIVER_FAILED') continue;
    const read = DriverRequestMetadata.safeParse(e.data);
    const reason = read.success ? (read.data.reason ?? null) : null;
    if (e.name === 'REQUEST_DRIVER_SUCCESS') view = { state: 'requested', reason: null, at: e.createdAt };
    else view = { state: reason === CANCELLED_BY_MERCHANT ? 'cancelled' : 'failed', reason, at: e.createdAt };
  }
  return view;
}

/** RDF's reason when the store itself withdrew the request. */
export const CANCELLED_BY_MERCHANT = 'CANCELLED_BY_MERCHANT';

/**
 * The request on the board: an open dispute, or an address change the customer asked for that the
 * store has not answered; the one with the nearest deadline.
 */
export function openRequestOf(events: readonly RequestEvent[]): OpenRequest | null {
  const open: OpenRequest[] = [
    ...disputesOf(events)
      .filter((d) => d.settlement === null)
      .map((d): OpenRequest => ({ kind: 'dispute', expiresAt: d.expiresAt, action: d.action })),
    ...addressChangesOf(events)
      .filter((c) => c.outcome === null && c.requestedBy !== 'MERCHANT')
      .map((c): OpenRequest => ({ kind: 'addressChange', expiresAt: c.expiresAt, action: null })),
  ];
  const at = (r: OpenRequest): number => (r.expiresAt ? Date.parse(r.expiresAt) || Infinity : Infinity);
  open.sort((a, b) => at(a) - at(b));
  return open[0] ?? null;
}

/** The open dispute with this id, if the order has one. */
export function openDisputeOf(events: readonly RequestEvent[], disputeId: string): DisputeView | undefined {
  return disputesOf(events).find((d) => d.disputeId === disputeId && d.settlement === null);
}
