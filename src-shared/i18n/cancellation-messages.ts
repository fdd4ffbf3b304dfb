import { defineMessages } from './define';

/**
 * Why an order was cancelled, by the code the platform sends (the spec's 501–512 for a store's own
 * cancellation, and the codes of one the store did not ask for): said on the board, the drawer, the
 * notices and the cancellation slip, in the screen's or the ticket's language. The platform writes
 * its own text in Portuguese; the code is what the terminal words.
 */
export const cancellationMessages = defineMessages(
  {
    'orders.reason.501': 'Problema no sistema',
    'orders.reason.502': 'Pedido duplicado',
    'orders.reason.503': 'Item indisponível',
    'orders.reason.504': 'Sem entregador disponível',
    'orders.reason.505': 'Cardápio desatualizado',
    'orders.reason.506': 'Endereço fora da área de entrega',
    'orders.reason.507': 'Pedido fraudulento',
    'orders.reason.508': 'Fora do horário de funcionamento',
    'orders.reason.509': 'Problema interno da loja',
    'orders.reason.511': 'Área de risco',
    'orders.reason.512': 'A loja abre mais tarde',
    'orders.reason.CONFIRMATION_TIMEOUT': 'Não foi confirmado em até 8 minutos',
    'orders.reason.CUSTOMER_GAVE_UP': 'O cliente desistiu do pedido',
    'orders.reason.DISPUTE_ACCEPTED': 'A loja aceitou o pedido de cancelamento do cliente',
    'orders.reason.DISPUTE_UNANSWERED': 'O pedido de cancelamento do cliente ficou sem resposta e foi aceito',
    'orders.cancelledBy.CUSTOMER': 'Cancelado pelo cliente',
    'orders.cancelledBy.PLATFORM': 'Cancelado pela plataforma',
    'orders.cancelledBy.MERCHANT': 'Cancelado pela loja',
    'orders.cancelledBy.unknown': 'Cancelado',
  },
  {
    'orders.reason.501': 'System problem',
    'orders.reason.502': 'Duplicate order',
    'orders.reason.503': 'Item unavailable',
    'orders.reason.504': 'No driver available',
    'orders.reason.505': 'Menu out of date',
    'orders.reason.506': 'Address outside the delivery area',
    'orders.reason.507': 'Fraudulent order',
    'orders.reason.508': 'Outside opening hours',
    'orders.reason.509': 'Internal problem of the store',
    'orders.reason.511': 'Risk area',
    'orders.reason.512': 'The store opens later',
    'orders.reason.CONFIRMATION_TIMEOUT': 'Not confirmed within 8 minutes',
    'orders.reason.CUSTOMER_GAVE_UP': 'The customer gave up on the order',
    'orders.reason.DISPUTE_ACCEPTED': 'The store accepted the customer’s cancellation request',
    'orders.reason.DISPUTE_UNANSWERED': 'The customer’s cancellation request went unanswered and was accepted',
    'orders.cancelledBy.CUSTOMER': 'Cancelled by the customer',
    'orders.cancelledBy.PLATFORM': 'Cancelled by the platform',
    'orders.cancelledBy.MERCHANT': 'Cancelled by the store',
    'orders.cancelledBy.unknown': 'Cancelled',
  },
);
