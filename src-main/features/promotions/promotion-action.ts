import { checkPromotionDraft, toPromotionRequest, type PromotionDraft } from '../../../src-shared/store-rules/promotion';
import { dayOf } from '../../../src-shared/local-day';
import { refuseBrokenRule } from '../../ipc/refusals';
import type { StoreActionInput } from '../../sync/store-outbox';

/**
 * A promotion as the store outbox sends it, its rules checked first (a refusal is a `bad-input` error
 * naming the field): the Promotions page's on every role, and a chain console's for a group.
 */
export function promotionAction(input: { merchantId: string; draft: PromotionDraft; replaceAll: boolean }, now: number): StoreActionInput {
  const { merchantId, draft, replaceAll } = input;
  const check = checkPromotionDraft(draft, dayOf(now));
  if (!check.ok) refuseBrokenRule('promotion', check.problems);
  const subject = draft.name.trim() || draft.eans[0] || null;
  return { merchantId, kind: 'promotion', subject, payload: { request: toPromotionRequest(draft), reset: replaceAll } };
}
