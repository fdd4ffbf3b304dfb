import type { OrderView } from '../../src-shared/ipc/channels/orders';
import { readOrderDetail, type OrderRecord } from '../../src-shared/wire/order';
import { customerPhone } from './customer-phone';

/** The drawer's view of a cached detail (see `OrderView`): read with the one detail reader, trimmed. */
export function toOrderView(record: OrderRecord): OrderView | null {
  const d = readOrderDetail(record);
  if (!d) return null;
  const deliveredBy = d.delivery?.deliveredBy ?? null;
  return {
    displayId: d.displayId ?? null,
    orderType: d.orderType ?? null,
    orderTiming: d.orderTiming ?? null,
    salesChannel: d.salesChannel ?? null,
    createdAt: d.createdAt ?? null,
    preparationStartDateTime: d.preparationStartDateTime ?? null,
    storeName: d.merchant?.name ?? null,
    customer: d.customer
      ? {
          name: d.customer.name ?? null,
          ordersCountOnMerchant: d.customer.ordersCountOnMerchant ?? null,
          phone: customerPhone(d.customer.phone),
        }
      : null,
    items: d.items,
    total: d.total
      ? {
          subTotal: d.total.subTotal ?? null,
          deliveryFee: d.total.deliveryFee ?? null,
          benefits: d.total.benefits ?? null,
          additionalFees: d.total.additionalFees ?? null,
          orderAmount: d.total.orderAmount ?? null,
        }
      : null,
    payments: d.payments ? { prepaid: d.payments.prepaid ?? null, pending: d.payments.pending ?? null, methods: d.payments.methods } : null,
    delivery: d.delivery
      ? {
          mode: d.delivery.mode ?? null,
          deliveredBy,
          deliveryDateTime: d.delivery.deliveryDateTime ?? null,
          observations: d.delivery.observations ?? null,
          address: d.delivery.deliveryAddress ?? null,
        }
      : null,
    takeoutDateTime: d.takeout?.takeoutDateTime ?? null,
    schedule: d.schedule ? { start: d.schedule.deliveryDateTimeStart ?? null, end: d.schedule.deliveryDateTimeEnd ?? null } : null,
  };
}
