import { z } from 'zod';

/** Wire shapes of the merchant module (spec §2.4, §4.4). Open-ended values stay strings. */

export const StoreListItem = z.object({
  id: z.string(),
  name: z.string(),
  corporateName: z.string(),
});
export type StoreListItem = z.infer<typeof StoreListItem>;

export const StoreAddress = z.object({
  street: z.string(),
  number: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  district: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type StoreAddress = z.infer<typeof StoreAddress>;

export const Operation = z.enum(['DELIVERY', 'TAKEOUT', 'INDOOR']);
export type Operation = z.infer<typeof Operation>;

export const SalesChannel = z.enum(['MARKETPLACE', 'WHATSAPP', 'DIGITAL_CATALOG', 'TOTEM']);
export type SalesChannel = z.infer<typeof SalesChannel>;

export const StoreOperation = z.object({
  name: z.string(),
  salesChannels: z.array(z.object({ name: z.string(), enabled: z.boolean() })),
});

export const StoreDetail = z.object({
  id: z.string(),
  name: z.string(),
  corporateName: z.string(),
  description: z.string(),
  averageTicket: z.number(),
  exclusive: z.boolean(),
  /** `RESTAURANT`, `GROCERY`, ... */
  type: z.string(),
  status: z.string(),
  /** Timestamp without zone, as the spec says. */
  createdAt: z.string(),
  address: StoreAddress,
  operations: z.array(StoreOperation),
});
export type StoreDetail = z.infer<typeof StoreDetail>;

export const GROCERY_STORE_TYPE = 'GROCERY';

/** `title`, `subtitle`, `description` of a status or validation message (spec §2.4). */
export const StatusMessage = z.object({
  title: z.string().nullish(),
  subtitle: z.string().nullish(),
  description: z.string().nullish(),
});
export type StatusMessage = z.infer<typeof StatusMessage>;

/** Validation codes: `is-connected`, `opening-hours`, `catalog-enabled`, `delivery-area`, `unavailabilities`. */
export const StatusValidation = z.object({
  id: z.string().nullish(),
  code: z.string(),
  state: z.string(),
  message: StatusMessage.nullish(),
});
export type StatusValidation = z.infer<typeof StatusValidation>;

export const OperationStatus = z.object({
  operation: z.string(),
  salesChannel: z.string().nullish(),
  available: z.boolean(),
  state: z.string(),
  validations: z.array(StatusValidation).default([]),
  message: StatusMessage.nullish(),
});
export type OperationStatus = z.infer<typeof OperationStatus>;

export const Interruption = z.object({
  id: z.string(),
  description: z.string(),
  start: z.string(),
  end: z.string(),
});
export type Interruption = z.infer<typeof Interruption>;

/** POST /merchants/{merchantId}/interruptions: 1 minute to 7 days, description at most 255 chars. */
export const NewInterruption = z.object({
  description: z.string().max(255),
  start: z.string(),
  end: z.string(),
});
export type NewInterruption = z.infer<typeof NewInterruption>;

export const DAYS_OF_WEEK = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export const DayOfWeek = z.enum(DAYS_OF_WEEK);

export const Shift = z.object({
  id: z.string().nullish(),
  dayOfWeek: z.string(),
  /** `HH:MM:SS`. */
  start: z.string(),
  /** Minutes, greater than 0. */
  duration: z.number().int(),
  /** Present after a replace. */
  enabled: z.boolean().nullish(),
  createdAt: z.string().nullish(),
});
export type Shift = z.infer<typeof Shift>;

/** GET opening-hours: a list of objects each holding shifts. */
export const OpeningHours = z.array(z.object({ storeId: z.string().nullish(), shifts: z.array(Shift) }));
export type OpeningHours = z.infer<typeof OpeningHours>;

export const NewShift = z.object({
  dayOfWeek: DayOfWeek,
  start: z.string().regex(/^\d{2}:\d{2}:\d{2}$/),
  duration: z.number().int().positive(),
});
export type NewShift = z.infer<typeof NewShift>;

/** PUT opening-hours: a complete replacement. */
export const OpeningHoursReplace = z.object({ storeId: z.string(), shifts: z.array(NewShift) });
export type OpeningHoursReplace = z.infer<typeof OpeningHoursReplace>;

export const OpeningHoursReplaced = z.object({ storeId: z.string(), shifts: z.array(Shift) });
export type OpeningHoursReplaced = z.infer<typeof OpeningHoursReplaced>;

/** POST /merchants/checkin-qrcode: 1 to 20 grocery stores; answers a PDF. */
export const CheckinQrRequest = z.object({ merchantIds: z.array(z.string()) });
export type CheckinQrRequest = z.infer<typeof CheckinQrRequest>;
export const MAX_CHECKIN_STORES = 20;
