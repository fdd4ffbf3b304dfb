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
