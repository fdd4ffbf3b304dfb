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
    'rush.warning.driver-coming':
      '{store}: a cozinha está atrás — {expected, plural, one {# entregador vai esperar} other {# entregadores vão esperar}} mais de {minutes} min — a plataforma pode fechar a loja',
    'rush.warning.late-share': '{store}: {late} de {orders} pedidos da última hora atrasaram — a plataforma pode fechar a loja',
    'rush.warnings.label': 'Risco de fechamento pela plataforma',
    'rush.risk': '{n, plural, one {Risco de fechamento} other {# riscos de fechamento}}',
    'rush.close': 'Fechar',
    'rush.pause': 'Pausar {store} por 15 min',
    'rush.pause.reason': 'Cozinha lotada — voltamos em 15 minutos',
    'rush.pause.done': '{store} pausada até {time}.',
    'rush.pause.queued': '{store}: pausa na fila até {time} — vai quando a conexão voltar.',
    'rush.pause.failed': 'A pausa não foi feita. Tente na página Loja.',
    'rush.confirm': '{n, plural, one {Confirmar o pedido no prazo} other {Confirmar os # pedidos no prazo}}',
    'rush.confirm.done':
      '{store}: {done, plural, =0 {nenhum pedido confirmado} one {# pedido confirmado} other {# pedidos confirmados}}{failed, plural, =0 {} one {; # não foi, veja no quadro} other {; # não foram, veja no quadro}}.',
    'rush.ready': 'Pronto',
    'rush.ready.driver': 'entregador no balcão',
    'rush.ready.late': 'na cozinha há {minutes} min',
    'rush.busy.title': 'Modo movimento',
    'rush.busy.hint':
      'Quando a loja fica lotada e aberta, o terminal a pausa sozinho por {minutes} min e ela reabre no fim da pausa. Nunca mexe numa pausa feita por alguém nem num fechamento da plataforma.',
    'rush.busy.minutes': 'Minutos de pausa',
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
    'rush.warning.driver-coming':
      '{store}: the kitchen is behind — {expected, plural, one {# driver will wait} other {# drivers will wait}} over {minutes} min — the platform may close the store',
    'rush.warning.late-share': "{store}: {late} of the last hour's {orders} orders were late — the platform may close the store",
    'rush.warnings.label': 'Risk of the platform closing a store',
    'rush.risk': '{n, plural, one {Closure risk} other {# closure risks}}',
    'rush.close': 'Close',
    'rush.pause': 'Pause {store} for 15 min',
    'rush.pause.reason': 'Kitchen swamped — back in 15 minutes',
    'rush.pause.done': '{store} paused until {time}.',
    'rush.pause.queued': '{store}: pause queued until {time} — it goes when the connection is back.',
    'rush.pause.failed': 'The pause was not made. Try from the Store page.',
    'rush.confirm': '{n, plural, one {Confirm the order on time} other {Confirm the # orders on time}}',
    'rush.confirm.done':
      '{store}: {done, plural, =0 {no order confirmed} one {# order confirmed} other {# orders confirmed}}{failed, plural, =0 {} other {; # not, see the board}}.',
    'rush.ready': 'Ready',
    'rush.ready.driver': 'driver at the counter',
    'rush.ready.late': 'in the kitchen for {minutes} min',
    'rush.busy.title': 'Busy mode',
    'rush.busy.hint':
      'When a store is swamped and open, the terminal pauses it by itself for {minutes} min and it reopens when the pause ends. It never touches a pause someone made nor a closure by the platform.',
    'rush.busy.minutes': 'Minutes of pause',
  },
);
