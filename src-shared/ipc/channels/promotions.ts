import { z } from 'zod';
import { ErrorInfo } from '../../errors';
import { PromotionDraft } from '../../store-rules/promotion';
import { PromotionItem } from '../../wire/promotion';
import { channel } from '../channel';
import { MerchantId } from './stores';
import { StoreActionState } from './store-actions';

/**
 * Promotions on screen (spec §4.2): the ones this terminal created with the platform's status of
 * each product, a new one checked with the spec's rules before it is sent, its processing followed
 * as the spec says to poll, and the store's whole set ended (reset with an empty set). Creation goes
 * through the store outbox: offline it waits and is sent once.
 */
export const PromotionView = z.object({
  /** The store action that sends it (the terminal's own id for it). */
  actionId: z.number().int(),
  merchantId: z.string(),
  /** `create`: a new promotion; `endAll`: the store's whole set ended. */
  kind: z.enum(['create', 'endAll']),
  /** Replaces the store's whole set (reset=true): the store's other promotions end. */
  replaceAll: z.boolean(),
  name: z.string().nullable(),
  promotionType: z.string().nullable(),
  eans: z.array(z.string()),
  discountValue: z.number().nullable(),
  quantityToBuy: z.number().nullable(),
  quantityToPay: z.number().nullable(),
  initialDate: z.string().nullable(),
  finalDate: z.string().nullable(),
  createdAt: z.string(),
  /** Where its request stands in the store outbox. */
  state: StoreActionState,
  /** Why the platform refused it, or the last transient error while it waits. */
  reason: ErrorInfo.nullable(),
  /** The id the platform answered (202); null until sent. */
  aggregationId: z.string().nullable(),
  /** The platform's status of each product code, as last read; empty before the first read. */
  items: z.array(PromotionItem),
  checkedAt: z.string().nullable(),
  /** The terminal is polling it now (some item still PROCESSING). */
  following: z.boolean(),
});
export type PromotionView = z.infer<typeof PromotionView>;

const ForStore = z.object({ merchantId: MerchantId }).strict();

/** A line of an order a store promotion reached (spec §4.2: read from the order's virtual bag). */
export const PromotedLine = z.object({ uniqueId: z.string(), merchantDiscount: z.number(), finalPrice: z.number() });
export type PromotedLine = z.infer<typeof PromotedLine>;

export const promotionChannels = {
  /** The promotions this terminal created for the store, newest first, as last read. */
  'promotions:list': channel(ForStore, z.array(PromotionView)),
  /** Reads again the status of every promotion whose items may still change; answers the list. */
  'promotions:refresh': channel(ForStore, z.array(PromotionView)),
  'promotions:create': channel(z.object({ merchantId: MerchantId, draft: PromotionDraft, replaceAll: z.boolean() }).strict(), PromotionView),
  /** Ends every promotion of the store (reset with an empty set). */
  'promotions:endAll': channel(ForStore, PromotionView),
  /** The order's lines a promotion of the store reached, with the discount and the price paid. */
  'promotions:inOrder': channel(z.object({ orderId: z.guid() }).strict(), z.array(PromotedLine)),
} as const;

export const promotionPushEvents = {
  'promotions:changed': PromotionView,
} as const;
