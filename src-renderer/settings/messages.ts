import { defineMessages } from '../i18n/define';

export const settingsMessages = defineMessages(
  {
    'settings.title': 'Ajustes',
    'settings.language': 'Idioma',
    'settings.connection': 'Conexão',
    'settings.mode': 'Modo',
    'settings.mode.demo': 'Demonstração (sandbox embutido)',
    'settings.mode.live': 'Plataforma real',
    'settings.apiBaseUrl': 'Endereço da API',
    'settings.shell': 'Janela',
    'settings.dataDir': 'Pasta de dados',
    'settings.pollInterval': 'Intervalo de consulta',
    'settings.seconds': '{n} s',
    'settings.version': 'Versão',
  },
  {
    'settings.title': 'Settings',
    'settings.language': 'Language',
    'settings.connection': 'Connection',
    'settings.mode': 'Mode',
    'settings.mode.demo': 'Demo (embedded sandbox)',
    'settings.mode.live': 'Live platform',
    'settings.apiBaseUrl': 'API address',
    'settings.shell': 'Window',
    'settings.dataDir': 'Data folder',
    'settings.pollInterval': 'Polling interval',
    'settings.seconds': '{n} s',
    'settings.version': 'Version',
  },
);
