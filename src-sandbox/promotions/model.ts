/** Promotion items as the sandbox keeps them (spec §2.2, §3.2). Times are sandbox-clock epoch ms. */

export const PROMOTION_TYPES = ['PERCENTAGE', 'LXPY', 'PERCENTAGE_PER_X_UNITS'] as const;
export const ITEM_STATUSES = ['PROCESSING', 'SCHEDULED', 'ACTIVE', 'DUPLICATE', 'FINISHING', 'FINISHED', 'ERROR'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export type ErrorCode = 'DATE_INVALID' | 'PROMOTION_TYPE_INVALID' | 'DISCOUNT_INVALID' | 'ITEM_NOT_FOUND' | 'INTERNAL_ERROR';

export interface ProgressiveDiscount {
  quantityToBuy?: number;
  quantityToPay?: number | null;
}

/** One item exactly as it was sent (types checked, values not yet). */
export interface ItemInput {
  ean: string;
  discountValue?: number | null;
  initialDate: string;
  finalDate: string;
  promotionType: string;
  progressiveDiscount?: ProgressiveDiscount | null;
}

export interface PromotionItemRecord {
  promotionItemId: string;
  aggregationId: string;
  merchantId: string;
  /** Receipt order across the store, so validation runs first-come first-served. */
  sequence: number;
  input: ItemInput;
  promotionName: string | null;
  channels: string[];
  status: ItemStatus;
  error: ErrorCode | null;
  /** A sentence on why the item is ERROR or DUPLICATE. */
  errorMessage: string | null;
  /** When validation completes. */
  readyAt: number;
  /** When FINISHING began (removal completes FINISH_MS later). */
  finishingAt?: number;
  /** Live items of the same EAN that this item takes over from when it validates (reset). */
  replaces: string[];
}

export interface Aggregation {
  aggregationId: string;
  merchantId: string;
  aggregationTag?: string;
  reset: boolean;
  createdAt: number;
  itemIds: string[];
}

/** Live = validated and counting: SCHEDULED or ACTIVE. */
export function isLive(item: PromotionItemRecord): boolean {
  return item.status === 'SCHEDULED' || item.status === 'ACTIVE';
}

export function itemView(item: PromotionItemRecord) {
  const { input } = item;
  const percentage = input.promotionType === 'PERCENTAGE' || input.promotionType === 'PERCENTAGE_PER_X_UNITS';
  return {
    promotionItemId: item.promotionItemId,
    ean: input.ean,
    status: item.status,
    initialDate: input.initialDate,
    finalDate: input.finalDate,
    promotionType: input.promotionType,
    promotionName: item.promotionName,
    ...(input.progressiveDiscount ? { progressiveDiscount: input.progressiveDiscount } : {}),
    ...(percentage ? { discountValue: input.discountValue ?? null } : {}),
    error: item.error,
    errorMessage: item.errorMessage,
  };
}
