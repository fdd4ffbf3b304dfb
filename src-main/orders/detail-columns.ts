import { readOrderDetail } from '../../src-shared/wire/order';

/** The few fields of an order detail the board and the progression need, as columns. */
export interface DetailColumns {
  merchantId: string | null;
  displayId: string | null;
  status: string | null;
  orderType: string | null;
  orderTiming: string | null;
  createdAt: string | null;
  createdMs: number | null;
  preparationStartAt: string | null;
  preparationStartMs: number | null;
  deliveredBy: string | null;
  customerName: string | null;
  itemsCount: number | null;
  total: number | null;
  pickupCode: string | null;
  /** The customer's code for an own delivery (phone.localizer). */
  localizer: string | null;
}

/** Epoch ms of an ISO time, or null when absent or unreadable. */
export function parseTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** An empty string reads as absent: a column is either a value or null. */
const nonEmpty = (value: string | null | undefined): string | null => (value ? value : null);

/** The columns of a detail as stored (read with the one detail reader; a field it cannot read is null). */
export function detailColumns(record: unknown): DetailColumns {
  const d = readOrderDetail(record);
  return {
    merchantId: nonEmpty(d?.merchant?.id),
    displayId: nonEmpty(d?.displayId),
    status: nonEmpty(d?.status),
    orderType: nonEmpty(d?.orderType),
    orderTiming: nonEmpty(d?.orderTiming),
    createdAt: nonEmpty(d?.createdAt),
    createdMs: parseTime(d?.createdAt),
    preparationStartAt: nonEmpty(d?.preparationStartDateTime),
    preparationStartMs: parseTime(d?.preparationStartDateTime),
    deliveredBy: nonEmpty(d?.delivery?.deliveredBy),
    customerName: nonEmpty(d?.customer?.name),
    itemsCount: d && d.items ? d.items.length : null,
    total: d?.total?.orderAmount ?? null,
    pickupCode: nonEmpty(d?.delivery?.pickupCode),
    localizer: nonEmpty(d?.customer?.phone?.localizer),
  };
}
