import type { BulkPromotionInput, WallStore } from '../../src-shared/console/console-api';
import type { DraftCheck } from '../../src-shared/store-rules/promotion';
import { checkForm, type PromotionForm } from '../promotions/promotion-form';

/**
 * One promotion for every store chosen, from the Promotions page's form (a percentage off only: the
 * console's form has no other type), checked with the same rules before it goes; `today` is the
 * browser's day on the server's clock.
 */
export function promotionInput(stores: readonly WallStore[], form: PromotionForm, nowMs: number): BulkPromotionInput | DraftCheck {
  const { draft, check } = checkForm({ ...form, promotionType: 'PERCENTAGE' }, nowMs);
  return check.ok ? { stores: stores.map((s) => s.storeId), draft } : check;
}
