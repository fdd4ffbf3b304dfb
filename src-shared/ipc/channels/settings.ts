import { Settings, SettingsPatch } from '../../settings';
import { channel, noInput } from '../channel';

/** What the manager sets on this terminal (src-shared/settings.ts is the schema): read, changed, heard. */

export const settingsChannels = {
  'settings:get': channel(noInput, Settings),
  'settings:update': channel(SettingsPatch, Settings),
} as const;

export const settingsPushEvents = {
  'settings:changed': Settings,
} as const;
