import { z } from 'zod';
import { channel } from '../channel';
import { noInput } from '../channel';
import { OrderStatus } from './orders';

/**
 * The kitchen's screens: the kitchen display (tickets per station, bumped by touch or a bump bar),
 * the expo screen (every station's progress per order) and the pickup board (display codes only,
 * facing customers). What cooks bump lives in the main process's database, so every screen of the
 * store sees the same; the last station's bump marks the order ready through the orders outbox.
 * Nothing here carries money, a phone or an address: these screens face the kitchen and the street.
 */

const IsoTime = z.string();

/** A station's id: made by the screen that defines it, kept when it is renamed. */
export const StationId = z.string().regex(/^[a-z0-9-]{1,40}$/, 'lower-case letters, digits and hyphens');
export type StationId = z.infer<typeof StationId>;

/** Where the items of no station's categories go while the setup names no default station. */
export const GENERAL_STATION_ID = 'general';

const CategoryId = z.string().min(1).max(100);

/** A station of the kitchen (grill, fryer, drinks...): the menu's categories whose items it makes. */
export const Station = z
  .object({
    id: StationId.refine((id) => id !== GENERAL_STATION_ID, 'this id is the general station'),
    name: z.string().trim().min(1).max(40),
    categories: z.array(CategoryId).max(200),
  })
  .strict();
export type Station = z.infer<typeof Station>;

const Minutes = z.number().int().min(1).max(240);

/**
 * How the kitchen is set up (Settings › Kitchen screens). An item belongs to the first station that
 * lists its category; one no station lists goes to the default station (the general one when none
 * is chosen). A ticket turns amber, then red, when it has waited that many minutes since it was
 * confirmed (a scheduled order: since its preparation start).
 */
export const KitchenSetup = z
  .object({
    stations: z.array(Station).max(12).default([]),
    defaultStationId: StationId.nullable().default(null),
    amberMinutes: Minutes.default(5),
    redMinutes: Minutes.default(10),
    /** The pickup board shows the customer's first name beside the code. */
    pickupFirstName: z.boolean().default(false),
  })
  .strict()
  .refine((s) => new Set(s.stations.map((t) => t.id)).size === s.stations.length, { message: 'two stations with one id', path: ['stations'] })
  .refine((s) => s.stations.flatMap((t) => t.categories).length === new Set(s.stations.flatMap((t) => t.categories)).size, {
    message: 'a category in two stations',
    path: ['stations'],
  })
  .refine((s) => s.defaultStationId === null || s.stations.some((t) => t.id === s.defaultStationId), {
    message: 'the default station is not one of the stations',
    path: ['defaultStationId'],
  })
  .refine((s) => s.redMinutes > s.amberMinutes, { message: 'red comes after amber', path: ['redMinutes'] });
export type KitchenSetup = z.infer<typeof KitchenSetup>;

/** An add-on or a choice the customer made on an item ("Quatro queijos"), highlighted on the ticket. */
export const KitchenOption = z.object({ name: z.string(), quantity: z.number().nullable() });
export type KitchenOption = z.infer<typeof KitchenOption>;

/** One line of an order as the kitchen makes it: no price. */
export const KitchenItem = z.object({
  /** The line's place in its order (stable across reads): what a bump names. */
  key: z.string(),
  name: z.string(),
  quantity: z.number(),
  /** `UN` or `KG` (a weighed item says "0,75 kg"). */
  unit: z.string().nullable(),
  /** What the customer wrote ("sem cebola"): highlighted. */
  observations: z.string().nullable(),
  options: z.array(KitchenOption),
  stationId: z.string(),
  /** When a cook bumped it; null while it waits (a recall makes it wait again). */
  bumpedAt: IsoTime.nullable(),
});
export type KitchenItem = z.infer<typeof KitchenItem>;

/**
 * An order on the kitchen's screens: confirmed, in preparation, or ready (the pickup board shows the
 * ready ones). No money, no phone, no address.
 */
export const KitchenTicket = z.object({
  orderId: z.string(),
  /** The code staff and customers call out; null until the detail arrives. */
  displayId: z.string().nullable(),
  status: OrderStatus,
  orderType: z.string().nullable(),
  timing: z.string().nullable(),
  preparationStartDateTime: IsoTime.nullable(),
  /** When the kitchen's clock starts: its confirmation, or its preparation start when that is later. */
  since: IsoTime.nullable(),
  /** The customer's first name only (the pickup board may show it). */
  customerFirstName: z.string().nullable(),
  /** Empty until the detail arrives (the ticket says so, and a bump takes the whole order). */
  items: z.array(KitchenItem),
  /** Every part bumped: the kitchen is done with it, and its ready is on its way (once). */
  doneAt: IsoTime.nullable(),
});
export type KitchenTicket = z.infer<typeof KitchenTicket>;

export const KitchenBoard = z.object({
  tickets: z.array(KitchenTicket),
  setup: KitchenSetup,
  generatedAt: IsoTime,
});
export type KitchenBoard = z.infer<typeof KitchenBoard>;

/** A station, or null for a display that shows every station. */
const StationChoice = StationId.nullable();

export const BumpInput = z
  .object({
    orderId: z.guid(),
    stationId: StationChoice,
    /** One line of the order; without it, every waiting line of the station (or of the order). */
    itemKey: z.string().min(1).max(80).optional(),
  })
  .strict();
export type BumpInput = z.infer<typeof BumpInput>;

export const BumpResult = z.object({
  ticket: KitchenTicket,
  /** This bump finished the order: its ready went into the orders outbox (the action's id, or null when it needs none). */
  finished: z.object({ actionId: z.number().int().nullable() }).nullable(),
});
export type BumpResult = z.infer<typeof BumpResult>;

export const RecallResult = z.object({
  /** The ticket that came back, or null when nothing bumped can come back. */
  ticket: KitchenTicket.nullable(),
});
export type RecallResult = z.infer<typeof RecallResult>;

/** The menu's categories a station can take, per store. */
export const KitchenCategories = z.object({
  stores: z.array(
    z.object({
      merchantId: z.string(),
      name: z.string().nullable(),
      categories: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
  /** `catalog`: read now; `saved`: the platform could not be reached, the last read is shown. */
  source: z.enum(['catalog', 'saved']),
});
export type KitchenCategories = z.infer<typeof KitchenCategories>;

export const kitchenChannels = {
  'kitchen:board': channel(noInput, KitchenBoard),
  'kitchen:bump': channel(BumpInput, BumpResult),
  /** Brings back the last bump of a station (or of any station): never one that finished its order. */
  'kitchen:recall': channel(z.object({ stationId: StationChoice }).strict(), RecallResult),
  'kitchen:categories': channel(noInput, KitchenCategories),
  'kitchen:saveSetup': channel(KitchenSetup, KitchenSetup),
} as const;

/** Tickets that changed (replace them) and orders that left the kitchen's screens. */
export const KitchenChanged = z.object({ tickets: z.array(KitchenTicket), gone: z.array(z.string()) });
export type KitchenChanged = z.infer<typeof KitchenChanged>;

export const kitchenPushEvents = {
  'kitchen:changed': KitchenChanged,
  'kitchen:setupChanged': KitchenSetup,
} as const;
