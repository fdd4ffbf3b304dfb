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

export const Settings = z.object({
  locale: Locale.default('pt-BR'),
  /** The stores this terminal serves: every store of the account, or the ones chosen. */
  stores: z.union([z.literal('all'), z.array(StoreId).min(1)]).default('all'),
  /** The store the Store page opens on. */
  currentStoreId: StoreId.nullable().default(null),
});
export type Settings = z.infer<typeof Settings>;

/** What a screen may change (one field or several at once). */
export const SettingsPatch = z
  .object({
    locale: Locale,
    stores: Settings.shape.stores.unwrap(),
    currentStoreId: StoreId.nullable(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;
