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

/** A ticket's colours: amber, then red, after it has waited that many minutes. */
export const AgeLimits = z
  .object({ amberMinutes: Minutes, redMinutes: Minutes })
  .strict()
  .refine((a) => a.redMinutes > a.amberMinutes, { message: 'red comes after amber', path: ['redMinutes'] });
export type AgeLimits = z.infer<typeof AgeLimits>;

/** The order types a kitchen times apart (the order detail's `orderType`): a driver waits on one, a customer at the counter on the other. */
export const AGE_ORDER_TYPES = ['DELIVERY', 'TAKEOUT'] as const;
export type AgeOrderType = (typeof AGE_ORDER_TYPES)[number];

/** A preparation target's default when neither the item nor its category has one. */
export const DEFAULT_TARGET_MINUTES = 10;

const ItemId = z.string().min(1).max(100);
const MAX_TARGETS = 2000;

/**
 * How long each dish takes, from started to ready: the item's own target, else its category's,
 * else `defaultMinutes`. The kitchen display starts the items of an order so they finish together.
 */
export const PreparationTargets = z
  .object({
    defaultMinutes: Minutes.default(DEFAULT_TARGET_MINUTES),
    categories: z.record(CategoryId, Minutes).default({}),
    items: z.record(ItemId, Minutes).default({}),
  })
  .strict()
  .refine((t) => Object.keys(t.categories).length + Object.keys(t.items).length <= MAX_TARGETS, { message: 'too many targets', path: ['items'] });
export type PreparationTargets = z.infer<typeof PreparationTargets>;

/**
 * How the kitchen is set up (Settings › Kitchen screens). An item belongs to the first station that
 * lists its category; one no station lists goes to the default station (the general one when none
 * is chosen). A ticket turns amber, then red, when it has waited that many minutes since it was
 * confirmed (a scheduled order: since its preparation start), a delivery's and a takeout's by their
 * own pair when they have one. Each dish has a preparation target (`targets`).
 */
export const KitchenSetup = z
  .object({
    stations: z.array(Station).max(12).default([]),
    defaultStationId: StationId.nullable().default(null),
    amberMinutes: Minutes.default(5),
    redMinutes: Minutes.default(10),
    /** A type's own colours; a type without its own takes the pair above (as does every other type: dine-in). */
    agesByType: z.object({ DELIVERY: AgeLimits.optional(), TAKEOUT: AgeLimits.optional() }).strict().default({}),
    targets: PreparationTargets.default({ defaultMinutes: DEFAULT_TARGET_MINUTES, categories: {}, items: {} }),
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
  /** Its preparation target (the item's, its category's or the default): when it starts so the order finishes together. */
  targetMinutes: z.number().int().positive().default(DEFAULT_TARGET_MINUTES),
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
  /** A cook's mark: `priority` sorts it first; `hold` sorts it last and pauses its timing until it is released. */
  mark: z.enum(['priority', 'hold']).nullable().default(null),
  /** While held: since when. */
  heldAt: IsoTime.nullable().default(null),
  /** How long its past holds lasted: its age and its items' starts leave them out. */
  heldMs: z.number().int().min(0).default(0),
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

/** A cook's mark on a ticket: priority, hold, or neither (`none`: a release, or priority taken off). */
export const MarkInput = z
  .object({
    orderId: z.guid(),
    mark: z.enum(['priority', 'hold', 'none']),
  })
  .strict();
export type MarkInput = z.infer<typeof MarkInput>;

/** The menu's categories a station can take, per store, with their dishes (a dish may have its own target). */
export const KitchenCategories = z.object({
  stores: z.array(
    z.object({
      merchantId: z.string(),
      name: z.string().nullable(),
      categories: z.array(z.object({ id: z.string(), name: z.string(), items: z.array(z.object({ id: z.string(), name: z.string() })).default([]) })),
    }),
  ),
  /** `catalog`: read now; `saved`: the platform could not be reached, the last read is shown. */
  source: z.enum(['catalog', 'saved']),
});
export type KitchenCategories = z.infer<typeof KitchenCategories>;

/** The day (or any span) a speed of service is read for: its start and end in the store's time zone, at most a year apart. */
export const SpeedInput = z
  .object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) })
  .strict()
  .refine((q) => Date.parse(q.from) < Date.parse(q.to) && Date.parse(q.to) - Date.parse(q.from) <= 366 * 24 * 3600_000, {
    message: '`to` must be after `from`, at most a year later',
    path: ['to'],
  });
export type SpeedInput = z.infer<typeof SpeedInput>;

/** A station's speed of service: its tickets of the span, from started to bumped at the station. */
export const StationSpeed = z.object({
  stationId: z.string(),
  /** The setup's name; null for the general station, or one no longer in the setup (the screen words it). */
  name: z.string().nullable(),
  tickets: z.number().int(),
  averageSeconds: z.number(),
  /** Nine tickets in ten were done within this. */
  p90Seconds: z.number(),
});
export type StationSpeed = z.infer<typeof StationSpeed>;

export const KitchenSpeed = z.object({ from: z.string(), to: z.string(), stations: z.array(StationSpeed) });
export type KitchenSpeed = z.infer<typeof KitchenSpeed>;

export const kitchenChannels = {
  'kitchen:board': channel(noInput, KitchenBoard),
  'kitchen:bump': channel(BumpInput, BumpResult),
  /** Brings back the last bump of a station (or of any station): never one that finished its order. */
  'kitchen:recall': channel(z.object({ stationId: StationChoice }).strict(), RecallResult),
  'kitchen:categories': channel(noInput, KitchenCategories),
  'kitchen:saveSetup': channel(KitchenSetup, KitchenSetup),
  /** Marks a ticket priority or hold (or neither) for every screen of the store. */
  'kitchen:mark': channel(MarkInput, KitchenTicket),
  /** Each station's speed of service over a span (a day): average and p90 from started to bumped. */
  'kitchen:speed': channel(SpeedInput, KitchenSpeed),
} as const;

/** Tickets that changed (replace them) and orders that left the kitchen's screens. */
export const KitchenChanged = z.object({ tickets: z.array(KitchenTicket), gone: z.array(z.string()) });
export type KitchenChanged = z.infer<typeof KitchenChanged>;

export const kitchenPushEvents = {
  'kitchen:changed': KitchenChanged,
  'kitchen:setupChanged': KitchenSetup,
} as const;
