import { defineMessages } from '../i18n/define';

export const rushMessages = defineMessages(
  {
    'rush.level.calm': 'Calmo',
    'rush.level.busy': 'Movimentado',
    'rush.level.swamped': 'Lotado',
    'rush.badge.title': 'Carga da loja: pedidos esperando confirmação, a cozinha contra o ritmo de hoje, entregadores no balcão.',
    'rush.warning.timeouts':
      '{store}: {timedOut, plural, =0 {nenhum pedido expirou} one {# pedido expirou} other {# pedidos expiraram}} sem confirmação{about, plural, =0 {} one { e # está para expirar} other { e # estão para expirar}} — com {limit} a plataforma fecha a loja',
    'rush.warning.driver-wait':
      '{store}: {waiting, plural, one {# entregador esperando} other {# entregadores esperando}} há mais de {minutes} min — a plataforma pode fechar a loja',
    'rush.warning.late-share': '{store}: {late} de {orders} pedidos da última hora atrasaram — a plataforma pode fechar a loja',
    'rush.warnings.label': 'Risco de fechamento pela plataforma',
    'rush.risk': '{n, plural, one {Risco de fechamento} other {# riscos de fechamento}}',
    'rush.close': 'Fechar',
  },
  {
    'rush.level.calm': 'Calm',
    'rush.level.busy': 'Busy',
    'rush.level.swamped': 'Swamped',
    'rush.badge.title': "The store's load: orders waiting to be confirmed, the kitchen against today's pace, drivers at the counter.",
    'rush.warning.timeouts':
      '{store}: {timedOut, plural, =0 {no order timed out} one {# order timed out} other {# orders timed out}} unconfirmed{about, plural, =0 {} one { and # is about to} other { and # are about to}} — at {limit} the platform closes the store',
    'rush.warning.driver-wait':
      '{store}: {waiting, plural, one {# driver waiting} other {# drivers waiting}} over {minutes} min — the platform may close the store',
    'rush.warning.late-share': "{store}: {late} of the last hour's {orders} orders were late — the platform may close the store",
    'rush.warnings.label': 'Risk of the platform closing a store',
    'rush.risk': '{n, plural, one {Closure risk} other {# closure risks}}',
    'rush.close': 'Close',
  },
);
