import { defineMessages } from '../i18n/define';

/** The order drawer's words: the customer's phone, the change to take, a code being checked, ready answers to a complaint. */
export const drawerMessages = defineMessages(
  {
    'orders.drawer.requests': 'Pedido do cliente para responder',
    'orders.drawer.store': 'Loja',
    'orders.detail.call': 'Para ligar: {number}',
    'orders.detail.callCode': 'código {code}',
    'orders.detail.callHint': 'Ligue para o número e digite o código quando pedirem.',
    'orders.detail.codeUntil': 'válido até {time}',
    'orders.detail.codeExpired': 'expirou às {time}',
    'orders.detail.bringChange': 'Levar troco: {amount}',
    'orders.detail.paysWith': 'o cliente paga com {amount}',
    'orders.detail.exactCash': 'Sem troco: o cliente paga com {amount}',
    'orders.codeCheck.checking': 'Verificando…',
    'orders.dispute.accept.CANCELLATION': 'Aceitar e cancelar o pedido',
    'orders.dispute.accept.PARTIAL_CANCELLATION': 'Aceitar e cancelar parte do pedido',
    'orders.dispute.presets': 'Motivos comuns (toque para usar, dá para editar)',
    'orders.dispute.preset.complete': 'O pedido saiu completo e lacrado',
    'orders.dispute.preset.checked': 'Os itens foram conferidos antes de sair',
    'orders.dispute.preset.asOrdered': 'Preparado como o cliente pediu',
    'orders.dispute.preset.onTime': 'Saiu no horário combinado',
  },
  {
    'orders.drawer.requests': 'Customer request to answer',
    'orders.drawer.store': 'Store',
    'orders.detail.call': 'To call: {number}',
    'orders.detail.callCode': 'code {code}',
    'orders.detail.callHint': 'Call the number and key in the code when asked.',
    'orders.detail.codeUntil': 'valid until {time}',
    'orders.detail.codeExpired': 'expired at {time}',
    'orders.detail.bringChange': 'Bring change: {amount}',
    'orders.detail.paysWith': 'the customer pays with {amount}',
    'orders.detail.exactCash': 'No change: the customer pays with {amount}',
    'orders.codeCheck.checking': 'Checking…',
    'orders.dispute.accept.CANCELLATION': 'Accept and cancel the order',
    'orders.dispute.accept.PARTIAL_CANCELLATION': 'Accept and cancel part of the order',
    'orders.dispute.presets': 'Common reasons (tap to use, you can edit)',
    'orders.dispute.preset.complete': 'The order left complete and sealed',
    'orders.dispute.preset.checked': 'Every item was checked before it left',
    'orders.dispute.preset.asOrdered': 'Made as the customer asked',
    'orders.dispute.preset.onTime': 'Left at the agreed time',
  },
);

/** The ready answers offered when a complaint is rejected, in the order they are shown. */
export const DISPUTE_PRESETS = ['complete', 'checked', 'asOrdered', 'onTime'] as const;
