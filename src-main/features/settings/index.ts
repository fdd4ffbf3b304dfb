import { applySettingsPatch } from '../../../src-shared/settings';
import { appFeature } from '../../feature-kit/feature';

/** The manager's settings: read, changed without a restart (saved in the settings file, pushed as `settings:changed`). */
export const settingsFeature = appFeature({
  name: 'settings',
  channels: ['settings:get', 'settings:update'],
  start: ({ push, terminal }) => ({
    handlers: {
      'settings:get': () => terminal.file().settings,
      'settings:update': (patch) => {
        const file = terminal.file();
        const settings = applySettingsPatch(file.settings, patch);
        terminal.save({ ...file, settings });
        push.push('settings:changed', settings);
        return settings;
      },
    },
  }),
});
