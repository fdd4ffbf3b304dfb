import type { Locale } from '../../../src-shared/settings';

/** What tickets say, in the terminal's language (a ticket is read by the cook and by the driver). */
export interface TicketWords {
  kitchen: string;
  customer: string;
  cancelled: string;
  cancelledBody: string;
  test: string;
  testBody: string;
  type: Record<string, string>;
  scheduled: string;
  placedAt: string;
  store: string;
  customerLabel: string;
  notes: string;
  subtotal: string;
  deliveryFee: string;
  additionalFees: string;
  benefits: string;
  total: string;
  paid: string;
  toCollect: string;
  changeFor: string;
  change: string;
  address: string;
  reference: string;
  pickupCode: string;
  localizer: string;
  deliveredBy: Record<string, string>;
  payment: Record<string, string>;
  printedAt: string;
}

const WORDS: Record<Locale, TicketWords> = {
  'pt-BR': {
    kitchen: 'COZINHA',
    customer: 'PEDIDO',
    cancelled: 'CANCELADO',
    cancelledBody: 'NÃO PREPARAR / NÃO ENTREGAR',
    test: 'TESTE DE IMPRESSÃO',
    testBody: 'Acentuação: ação, pão, maçã, café, você, órgão',
    type: { DELIVERY: 'ENTREGA', TAKEOUT: 'RETIRADA', DINE_IN: 'NO LOCAL', INDOOR: 'NO LOCAL' },
    scheduled: 'AGENDADO: preparo às',
    placedAt: 'Pedido às',
    store: 'Loja',
    customerLabel: 'Cliente',
    notes: 'Obs.',
    subtotal: 'Subtotal',
    deliveryFee: 'Taxa de entrega',
    additionalFees: 'Taxas',
    benefits: 'Descontos',
    total: 'TOTAL',
    paid: 'Pago online',
    toCollect: 'A COBRAR',
    changeFor: 'Troco para',
    change: 'Troco',
    address: 'Endereço',
    reference: 'Ref.',
    pickupCode: 'Código de retirada',
    localizer: 'Código do cliente',
    deliveredBy: { PLATFORM: 'Entregador da plataforma', MERCHANT: 'Entrega própria' },
    payment: { CREDIT: 'Crédito', DEBIT: 'Débito', CASH: 'Dinheiro', PIX: 'Pix', MEAL_VOUCHER: 'Vale-refeição', FOOD_VOUCHER: 'Vale-alimentação' },
    printedAt: 'Impresso em',
  },
  en: {
    kitchen: 'KITCHEN',
    customer: 'ORDER',
    cancelled: 'CANCELLED',
    cancelledBody: 'DO NOT PREPARE / DO NOT HAND OVER',
    test: 'TEST PRINT',
    testBody: 'Accents: ação, pão, maçã, café, você, órgão',
    type: { DELIVERY: 'DELIVERY', TAKEOUT: 'TAKEOUT', DINE_IN: 'DINE IN', INDOOR: 'DINE IN' },
    scheduled: 'SCHEDULED: start at',
    placedAt: 'Placed at',
    store: 'Store',
    customerLabel: 'Customer',
    notes: 'Notes',
    subtotal: 'Subtotal',
    deliveryFee: 'Delivery fee',
    additionalFees: 'Fees',
    benefits: 'Discounts',
    total: 'TOTAL',
    paid: 'Paid online',
    toCollect: 'TO COLLECT',
    changeFor: 'Change for',
    change: 'Change',
    address: 'Address',
    reference: 'Ref.',
    pickupCode: 'Pickup code',
    localizer: 'Customer code',
    deliveredBy: { PLATFORM: 'Platform driver', MERCHANT: 'Own delivery' },
    payment: { CREDIT: 'Credit card', DEBIT: 'Debit card', CASH: 'Cash', PIX: 'Pix', MEAL_VOUCHER: 'Meal voucher', FOOD_VOUCHER: 'Food voucher' },
    printedAt: 'Printed at',
  },
};

export function ticketWords(locale: Locale): TicketWords {
  return WORDS[locale];
}
