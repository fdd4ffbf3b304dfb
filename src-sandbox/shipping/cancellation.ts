import { fail } from '../http/errors';
import type { OrderRecord } from '../orders/model';
import { cancelOrder } from '../orders/platform';
import type { OrdersState } from '../orders/state';
import type { ShippingRecord } from './model';

/** Cancelling a delivery-only order (style B): reasons as {cancelCodeId, description}. */
export const SHIPPING_CANCELLATION_REASONS: readonly { cancelCodeId: string; description: string }[] = [
  { cancelCodeId: '801', description: 'Cliente desistiu do pedido' },
  { cancelCodeId: '802', description: 'Endereço de entrega incorreto' },
  { cancelCodeId: '803', description: 'Pedido registrado em duplicidade' },
  { cancelCodeId: '804', description: 'Loja não consegue preparar o pedido' },
  { cancelCodeId: '805', description: 'Entregador demorou demais' },
];

const CANCELLABLE = ['PLACED', 'CONFIRMED', 'PREPARATION_STARTED', 'READY_TO_PICKUP'];

export function requireDeliveryOnly(record: ShippingRecord | undefined): ShippingRecord {
  if (record?.style !== 'B') throw fail.conflict('NotDeliveryOnlyOrder', 'só um pedido de entrega avulsa registrado pelo módulo de shipping é cancelado aqui');
  return record;
}

export function shippingReasonsFor(order: OrderRecord) {
  return CANCELLABLE.includes(order.detail.status) ? SHIPPING_CANCELLATION_REASONS : [];
}

export function cancelDeliveryOnly(orders: OrdersState, order: OrderRecord, record: ShippingRecord, code: number, reason: string): void {
  const known = SHIPPING_CANCELLATION_REASONS.find((r) => Number(r.cancelCodeId) === code);
  if (!known) throw fail.badRequest(`cancellationCode deve ser um entre ${SHIPPING_CANCELLATION_REASONS.map((r) => r.cancelCodeId).join(', ')}`);
  if (!CANCELLABLE.includes(order.detail.status))
    throw fail.conflict('InvalidOrderStatus', `não é possível cancelar um pedido com status ${order.detail.status}`);
  if (record.driverRequest && record.driverRequest.status !== 'ASSIGNED') record.driverRequest.status = 'CANCELLED';
  cancelOrder(orders, order, { origin: 'MERCHANT', cancelCode: known.cancelCodeId, reason });
}
