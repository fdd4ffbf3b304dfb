import { readOrderDetail, type OrderDetail } from '../../../src-shared/wire/order';

/** The order the Settings preview prints: every part of a ticket filled, accents included. */
export function sampleOrder(nowMs: number): OrderDetail {
  const at = (minutes: number) => new Date(nowMs + minutes * 60_000).toISOString();
  return readOrderDetail({
    id: '00000000-0000-4000-8000-000000000000',
    displayId: '7F3A',
    status: 'CONFIRMED',
    orderType: 'DELIVERY',
    orderTiming: 'IMMEDIATE',
    createdAt: at(-3),
    merchant: { name: 'Cantina da Vila' },
    customer: { name: 'Conceição Araújo', phone: { localizer: '12345678' } },
    items: [
      {
        quantity: 2,
        name: 'Pizza Margherita (grande)',
        totalPrice: 89.8,
        options: [{ quantity: 1, name: 'Borda de requeijão', price: 9.9 }],
        observations: 'sem cebola, bem assada',
      },
      { quantity: 1, name: 'Guaraná 2 L', totalPrice: 12.5, options: [] },
    ],
    total: { subTotal: 112.2, deliveryFee: 7.99, benefits: 10, additionalFees: 0.99, orderAmount: 111.18 },
    payments: { prepaid: 0, pending: 111.18, methods: [{ method: 'CASH', type: 'OFFLINE', value: 111.18, cash: { changeFor: 150 } }] },
    delivery: {
      deliveredBy: 'PLATFORM',
      pickupCode: '4821',
      observations: 'Portão azul, interfone 12',
      deliveryAddress: {
        streetName: 'Rua Harmonia',
        streetNumber: '412',
        complement: 'ap. 31',
        neighborhood: 'Vila Madalena',
        city: 'São Paulo',
        state: 'SP',
        reference: 'Em frente à padaria',
      },
    },
  }) as OrderDetail;
}
