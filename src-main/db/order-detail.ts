import { z } from 'zod';

/**
 * The few fields of an order detail the board needs, read leniently: the detail is stored exactly as
 * returned, and a field the platform leaves out or types differently only leaves its column empty.
 */
const text = z.string().min(1).optional().catch(undefined);
const loose = <T extends z.ZodRawShape>(shape: T) => z.object(shape).optional().catch(undefined);

const DetailFields = z.object({
  id: text,
  displayId: text,
  status: text,
  orderType: text,
  orderTiming: text,
  createdAt: text,
  preparationStartDateTime: text,
  merchant: loose({ id: text }),
  customer: loose({ name: text }),
  items: z.array(z.unknown()).optional().catch(undefined),
  total: loose({ orderAmount: z.number().optional().catch(undefined) }),
  delivery: loose({ deliveredBy: text, pickupCode: text }),
});

export interface DerivedColumns {
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
}

export function parseTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

export function deriveColumns(detail: unknown): DerivedColumns {
  const parsed = DetailFields.safeParse(detail);
  const d = parsed.success ? parsed.data : undefined;
  return {
    merchantId: d?.merchant?.id ?? null,
    displayId: d?.displayId ?? null,
    status: d?.status ?? null,
    orderType: d?.orderType ?? null,
    orderTiming: d?.orderTiming ?? null,
    createdAt: d?.createdAt ?? null,
    createdMs: parseTime(d?.createdAt),
    preparationStartAt: d?.preparationStartDateTime ?? null,
    preparationStartMs: parseTime(d?.preparationStartDateTime),
    deliveredBy: d?.delivery?.deliveredBy ?? null,
    customerName: d?.customer?.name ?? null,
    itemsCount: d?.items ? d.items.length : null,
    total: d?.total?.orderAmount ?? null,
    pickupCode: d?.delivery?.pickupCode ?? null,
  };
}
