import { z } from 'zod';
import { channel } from '../channel';
import { MerchantId } from './stores';
import { IdempotencyKey, StoreActionEntry } from './store-actions';

/**
 * The store's menu on screen (spec §4.6): categories and their items, what customers cannot buy and
 * why (the unsellable reasons), an item or a whole category paused ("86") or back, a price changed.
 * Changes go through the store outbox: queued offline, sent once.
 */
export const MenuItemView = z.object({
  id: z.string(),
  categoryId: z.string(),
  name: z.string(),
  /** `AVAILABLE` or `UNAVAILABLE` (kept open). */
  status: z.string(),
  price: z.number().nullable(),
  externalCode: z.string().nullable(),
  /** Why customers cannot buy it now (`ITEM_PAUSED`, `CATEGORY_PAUSED`, ...); empty when sellable. */
  restrictions: z.array(z.string()),
});
export type MenuItemView = z.infer<typeof MenuItemView>;

export const MenuCategoryView = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  items: z.array(MenuItemView),
});
export type MenuCategoryView = z.infer<typeof MenuCategoryView>;

export const MenuView = z.object({ categories: z.array(MenuCategoryView), fetchedAt: z.string() });
export type MenuView = z.infer<typeof MenuView>;

export const MenuStatus = z.enum(['AVAILABLE', 'UNAVAILABLE']);

/** The most a price may be set to from the screen (a slip of the finger adds zeros). */
export const MAX_MENU_PRICE = 10_000;

/** An add-on of a dish (spec: options of its option groups), with its own availability. */
export const MenuOptionView = z.object({ id: z.string(), name: z.string(), status: z.string(), price: z.number().nullable() });
export type MenuOptionView = z.infer<typeof MenuOptionView>;
export const MenuOptionGroupView = z.object({ id: z.string(), name: z.string(), options: z.array(MenuOptionView) });
export type MenuOptionGroupView = z.infer<typeof MenuOptionGroupView>;

/** A dish sold out until tomorrow: when it comes back on sale by itself. */
export const MenuComeback = z.object({ id: z.number().int(), itemId: z.string(), resumeAt: z.string(), byHours: z.boolean() });
export type MenuComeback = z.infer<typeof MenuComeback>;

const ItemRef = { merchantId: MerchantId, itemId: z.string().min(1).max(100) };

export const menuChannels = {
  'menu:catalog': channel(z.object({ merchantId: MerchantId }).strict(), MenuView),
  'menu:setItemStatus': channel(z.object({ ...ItemRef, status: MenuStatus, idempotencyKey: IdempotencyKey.optional() }).strict(), StoreActionEntry),
  /** Sold out now, back on sale at the store's first opening tomorrow (midnight when its hours are unknown). */
  'menu:soldOutUntilTomorrow': channel(z.object(ItemRef).strict(), z.object({ entry: StoreActionEntry, comeback: MenuComeback })),
  /** A dish's add-ons by group, read on demand (GET /items/{itemId}/flat). */
  'menu:itemOptions': channel(z.object(ItemRef).strict(), z.array(MenuOptionGroupView)),
  'menu:setOptionStatus': channel(
    z.object({ merchantId: MerchantId, optionId: z.string().min(1).max(100), status: MenuStatus, idempotencyKey: IdempotencyKey.optional() }).strict(),
    StoreActionEntry,
  ),
  'menu:comebacks': channel(z.object({ merchantId: MerchantId }).strict(), z.array(MenuComeback)),
  'menu:setCategoryStatus': channel(
    z.object({ merchantId: MerchantId, categoryId: z.string().min(1).max(100), status: MenuStatus, idempotencyKey: IdempotencyKey.optional() }).strict(),
    StoreActionEntry,
  ),
  'menu:setItemPrice': channel(
    z.object({ ...ItemRef, price: z.number().positive().max(MAX_MENU_PRICE), idempotencyKey: IdempotencyKey.optional() }).strict(),
    StoreActionEntry,
  ),
} as const;
