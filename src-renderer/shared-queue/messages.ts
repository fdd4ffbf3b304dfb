import { defineMessages } from '../i18n/define';

export const sharedQueueMessages = defineMessages(
  {
    'screens.shared.title': 'Outro terminal está lendo os pedidos desta conta: pareie-o como tela deste',
    'screens.shared.body': 'A plataforma entrega cada pedido a um só leitor. Com dois terminais buscando, cada um vê só parte dos pedidos.',
    'screens.shared.sign.missed-events':
      '{n, plural, one {# pedido chegou aqui sem o início, lido pelo outro terminal.} other {# pedidos chegaram aqui sem o início, lidos pelo outro terminal.}}',
    'screens.shared.sign.foreign-stores': 'Chegam pedidos de lojas que este terminal não atende.',
    'screens.shared.sign.not-connected': 'A plataforma diz que a loja está desconectada enquanto este terminal busca pedidos.',
    'screens.shared.how': 'Como parear',
  },
  {
    'screens.shared.title': "Another terminal is reading this account's orders: pair it as a screen of this one",
    'screens.shared.body': 'The platform hands each order to one reader only. With two terminals reading, each sees only part of the orders.',
    'screens.shared.sign.missed-events':
      '{n, plural, one {# order reached this terminal without its start, read by the other terminal.} other {# orders reached this terminal without their start, read by the other terminal.}}',
    'screens.shared.sign.foreign-stores': 'Orders arrive for stores this terminal does not serve.',
    'screens.shared.sign.not-connected': 'The platform says the store is disconnected while this terminal reads its orders.',
    'screens.shared.how': 'How to pair',
  },
);
