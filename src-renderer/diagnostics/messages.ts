import { defineMessages } from '../i18n/define';

export const diagnosticsMessages = defineMessages(
  {
    'settings.diagnostics.body':
      'Um arquivo com os registros recentes, as versões, os ajustes e o estado das filas, para enviar ao suporte. Ele não leva senhas nem segredos.',
    'settings.diagnostics.export': 'Exportar diagnóstico',
    'settings.diagnostics.busy': 'Preparando o arquivo…',
    'settings.diagnostics.done': 'Arquivo baixado: {name}',
    'settings.diagnostics.failed': 'Não foi possível exportar o diagnóstico: {reason}',
  },
  {
    'settings.diagnostics.body': 'One file with the recent logs, versions, settings and queue states, to send to support. It carries no passwords or secrets.',
    'settings.diagnostics.export': 'Export diagnostics',
    'settings.diagnostics.busy': 'Preparing the file…',
    'settings.diagnostics.done': 'File downloaded: {name}',
    'settings.diagnostics.failed': 'The diagnostics could not be exported: {reason}',
  },
);
