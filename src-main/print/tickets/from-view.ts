import type { OrderView } from '../../../src-shared/ipc/channels/orders';
import type { OrderDetail } from '../../../src-shared/wire/order';

/**
 * The order a ticket prints, from the drawer's view of it (`orders:detail`'s `order`): what a screen
 * of a chain's server has of an order, since it keeps no platform detail. Every field a ticket
 * prints is in the view (the code, type, store, times, items with options and notes, totals,
 * payments, the address, the customer's name and phone); what the view leaves out — ids, the status,
 * the pickup code, which no ticket prints — stays null, never made up.
 */
export function detailFromView(orderId: string, view: OrderView): OrderDetail {
  const phone = view.customer?.phone;
  return {
    id: orderId,
    displayId: view.displayId,
    status: null,
    orderType: view.orderType,
    orderTiming: view.orderTiming,
    salesChannel: view.salesChannel,
    category: null,
    createdAt: view.createdAt,
    preparationStartDateTime: view.preparationStartDateTime,
    merchant: view.storeName === null ? null : { id: null, name: view.storeName },
    customer: view.customer
      ? {
          id: null,
          name: view.customer.name,
          ordersCountOnMerchant: view.customer.ordersCountOnMerchant,
          phone: phone ? { number: phone.number, localizer: phone.localizer, localizerExpiration: phone.localizerExpiresAt } : null,
        }
      : null,
    items: view.items,
    total: view.total,
    payments: view.payments,
    delivery: view.delivery
      ? {
          mode: view.delivery.mode,
          deliveredBy: view.delivery.deliveredBy,
          deliveryDateTime: view.delivery.deliveryDateTime,
          pickupCode: null,
          observations: view.delivery.observations,
          deliveryAddress: view.delivery.address,
        }
      : null,
    takeout: view.takeoutDateTime === null ? null : { takeoutDateTime: view.takeoutDateTime },
    schedule: view.schedule ? { deliveryDateTimeStart: view.schedule.start, deliveryDateTimeEnd: view.schedule.end } : null,
  };
}
