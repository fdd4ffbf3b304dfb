import { z } from 'zod';

/**
 * The terminal's settings as the manager sets them on screen, kept by the main process in the data
 * folder (`config.json`) and shared with the renderer, which keeps no settings of its own. Every
 * field has a default, so a file written by an older version reads as today's.
 */

// Any 8-4-4-4-12 hex id: the platform does not promise RFC 4122 versions.
const StoreId = z.guid();

export const Locale = z.enum(['pt-BR', 'en']);
export type Locale = z.infer<typeof Locale>;

/** The sounds the terminal can play for a new order (synthesised: nothing to ship, works offline). */
export const AlertSound = z.enum(['chime', 'bell', 'beep']);
export type AlertSound = z.infer<typeof AlertSound>;

/**
 * How the terminal calls for attention. A new order rings every `repeatSeconds` until every new
 * order is confirmed or opened; a mute undoes itself after `muteMinutes`; an offline terminal rings
 * after `offlineAlarmMinutes` (the platform closes a store 30 s after its last poll).
 */
const alertFields = {
  sound: AlertSound,
  /** 0 to 100. */
  volume: z.number().int().min(0).max(100),
  repeatSeconds: z.number().int().min(3).max(120),
  muteMinutes: z.number().int().min(1).max(120),
  offlineAlarmMinutes: z.number().int().min(1).max(60),
  /** System notifications (and the taskbar's attention request) besides the sound. */
  notifications: z.boolean(),
};
export const AlertSettings = z.object({
  sound: alertFields.sound.default('chime'),
  volume: alertFields.volume.default(80),
  repeatSeconds: alertFields.repeatSeconds.default(10),
  muteMinutes: alertFields.muteMinutes.default(10),
  offlineAlarmMinutes: alertFields.offlineAlarmMinutes.default(2),
  notifications: alertFields.notifications.default(true),
});
export type AlertSettings = z.infer<typeof AlertSettings>;

/** `auto`: compact cards on a short screen (under 800 px tall, e.g. 1024x600), roomy ones otherwise. */
export const BoardDensity = z.enum(['auto', 'comfortable', 'compact']);
export type BoardDensity = z.infer<typeof BoardDensity>;

export const Settings = z.object({
  locale: Locale.default('pt-BR'),
  /** The stores this terminal serves: every store of the account, or the ones chosen. */
  stores: z.union([z.literal('all'), z.array(StoreId).min(1)]).default('all'),
  /** The store the Store page opens on. */
  currentStoreId: StoreId.nullable().default(null),
  alerts: AlertSettings.prefault({}),
  density: BoardDensity.default('auto'),
  /**
   * Stores whose new orders the terminal confirms as soon as they are stored (off for every store by
   * default). Only stores the terminal serves; never a scheduled order before its start.
   */
  autoConfirm: z.array(StoreId).max(500).default([]),
  /** Days a closed order stays in the terminal's history (a daily job removes older ones). */
  historyDays: z.number().int().min(1).max(366).default(30),
});
export type Settings = z.infer<typeof Settings>;

/** What a screen may change (one field or several at once). */
export const SettingsPatch = z
  .object({
    locale: Locale,
    stores: Settings.shape.stores.unwrap(),
    currentStoreId: StoreId.nullable(),
    // Without defaults: a patch changes the fields it names and no others.
    alerts: z.object(alertFields).partial().strict(),
    density: BoardDensity,
    autoConfirm: Settings.shape.autoConfirm.unwrap(),
    historyDays: Settings.shape.historyDays.unwrap(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

/** The settings after a patch: the alert settings merge field by field, the rest replace. */
export function applySettingsPatch(settings: Settings, patch: SettingsPatch): Settings {
  const { alerts, ...rest } = patch;
  return { ...settings, ...rest, alerts: { ...settings.alerts, ...alerts } };
}
