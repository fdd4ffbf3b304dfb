import { z } from 'zod';
import { HUB_PORT } from './hub-port';

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
 * order is confirmed or opened; a mute undoes itself after `muteMinutes`. An offline terminal rings at
 * once, with no setting to delay it: offline already means the platform has closed the store (no
 * good poll for 30 s), and every minute of it loses orders. A file of an older version that still
 * has `offlineAlarmMinutes` reads as today's (the key is dropped).
 */
const alertFields = {
  sound: AlertSound,
  /** 0 to 100. */
  volume: z.number().int().min(0).max(100),
  repeatSeconds: z.number().int().min(3).max(120),
  muteMinutes: z.number().int().min(1).max(120),
  /** System notifications (and the taskbar's attention request) besides the sound. */
  notifications: z.boolean(),
};
export const AlertSettings = z.object({
  sound: alertFields.sound.default('chime'),
  volume: alertFields.volume.default(80),
  repeatSeconds: alertFields.repeatSeconds.default(10),
  muteMinutes: alertFields.muteMinutes.default(10),
  notifications: alertFields.notifications.default(true),
});
export type AlertSettings = z.infer<typeof AlertSettings>;

/** `auto`: compact cards on a short screen (under 800 px tall, e.g. 1024x600), roomy ones otherwise. */
export const BoardDensity = z.enum(['auto', 'comfortable', 'compact']);
export type BoardDensity = z.infer<typeof BoardDensity>;

export const PaperWidth = z.union([z.literal(58), z.literal(80)]);
export type PaperWidth = z.infer<typeof PaperWidth>;

/** Code pages with Portuguese accents (cp860 is Portuguese; cp858/cp1252 Western European). */
export const PrinterEncoding = z.enum(['cp860', 'cp858', 'cp1252', 'multilingual']);
export type PrinterEncoding = z.infer<typeof PrinterEncoding>;

/** Tickets a printer can print for an order (the cancellation slip follows the kitchen ticket). */
export const OrderTicket = z.enum(['kitchen', 'customer']);
export type OrderTicket = z.infer<typeof OrderTicket>;

const Copies = z.number().int().min(0).max(5);

/** A host name or an IPv4/IPv6 address, nothing that could be a URL or an option. */
const PrinterHost = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(
    /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[?[0-9A-Fa-f:.]+\]?)$/,
    'a host name or an IP address',
  );

/**
 * How the terminal reaches a printer: raw ESC/POS over TCP (port 9100, the usual kitchen printer),
 * a system printer by name (CUPS `lp -o raw` in the web shell, Electron's silent print in the
 * Electron shell), or images saved in the data folder for a terminal with no printer.
 */
export const PrinterConnection = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('network'), host: PrinterHost, port: z.number().int().min(1).max(65535).default(9100) }).strict(),
  z
    .object({
      kind: z.literal('system'),
      device: z
        .string()
        .trim()
        .min(1)
        .max(128)
        .regex(/^[\w.@-]+$/, 'a printer name as the system lists it'),
    })
    .strict(),
  z.object({ kind: z.literal('file') }).strict(),
]);
export type PrinterConnection = z.infer<typeof PrinterConnection>;

export const PrinterSettings = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9-]{1,40}$/),
    name: z.string().trim().min(1).max(60),
    connection: PrinterConnection,
    width: PaperWidth.default(80),
    encoding: PrinterEncoding.default('cp860'),
    tickets: z.array(OrderTicket).min(1).max(2).default(['kitchen']),
    /** Copies of each ticket per order type (0: none for that type). */
    copies: z
      .object({ DELIVERY: Copies.default(1), TAKEOUT: Copies.default(1), DINE_IN: Copies.default(1) })
      .strict()
      .prefault({}),
    /** Print when an order is confirmed here (by staff or auto-confirm). */
    autoPrint: z.boolean().default(true),
  })
  .strict();
export type PrinterSettings = z.infer<typeof PrinterSettings>;

/**
 * Whether this terminal takes screens (Settings › Telas, "Aceitar telas"): other terminals of the
 * store paired to it, over the store's network, on this port.
 */
const hubFields = {
  enabled: z.boolean(),
  port: z.number().int().min(1024).max(65535),
};
export const HubSettings = z.object({ enabled: hubFields.enabled.default(true), port: hubFields.port.default(HUB_PORT) });
export type HubSettings = z.infer<typeof HubSettings>;

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
  /**
   * Busy mode (docs/rush-guard.md): stores the terminal pauses by itself for `busyMinutes` when the
   * rush gauge says swamped and the store is open — off for every store by default.
   */
  busyMode: z.array(StoreId).max(500).default([]),
  busyMinutes: z.number().int().min(5).max(60).default(15),
  /** Days a closed order stays in the terminal's history (a daily job removes older ones). */
  historyDays: z.number().int().min(1).max(366).default(30),
  printers: z
    .array(PrinterSettings)
    .max(8)
    .refine((list) => new Set(list.map((p) => p.id)).size === list.length, 'two printers with one id')
    .default([]),
  hub: HubSettings.prefault({}),
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
    busyMode: Settings.shape.busyMode.unwrap(),
    busyMinutes: Settings.shape.busyMinutes.unwrap(),
    historyDays: Settings.shape.historyDays.unwrap(),
    printers: Settings.shape.printers.unwrap(),
    hub: z.object(hubFields).partial().strict(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

/** The settings after a patch: the alert and hub settings merge field by field, the rest replace. */
export function applySettingsPatch(settings: Settings, patch: SettingsPatch): Settings {
  const { alerts, hub, ...rest } = patch;
  return { ...settings, ...rest, alerts: { ...settings.alerts, ...alerts }, hub: { ...settings.hub, ...hub } };
}
