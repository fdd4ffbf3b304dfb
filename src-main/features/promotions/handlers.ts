import { AppError } from '../../../src-shared/errors';
import type { StoreActionEntry } from '../../../src-shared/ipc/channels/store-actions';
import type { PromotionView } from '../../../src-shared/ipc/channels/promotions';
import type { OrderApi } from '../../api/order';
import { finalItemPrices } from '../../api/promotion-check';
import type { Clock } from '../../base/clock';
import { acceptedOrThrow, type StoreOutbox } from '../../sync/store-outbox';
import type { Handlers } from '../../ipc/dispatcher';
import { onlineBudget } from '../../ipc/online-budget';
import { promotionAction } from './promotion-action';
import type { PromotionTracker } from './tracker';

/** The promotions' channels: a terminal's (index.ts) and a chain's server's (chain.ts). */
export const PROMOTION_CHANNELS = ['promotions:list', 'promotions:refresh', 'promotions:create', 'promotions:endAll', 'promotions:inOrder'] as const;
type PromotionChannel = (typeof PROMOTION_CHANNELS)[number];

export interface PromotionHandlerDeps {
  tracker: Pick<PromotionTracker, 'list' | 'refresh' | 'view'>;
  actions: Pick<StoreOutbox, 'submit'>;
  clock: Clock;
  order: Pick<OrderApi, 'getVirtualBag'>;
}

/** Promotions (spec §4.2): created and ended through the store outbox, followed by the tracker. */
export function promotionHandlers({ tracker, actions, clock, order }: PromotionHandlerDeps): Pick<Handlers, PromotionChannel> {
  const viewOf = async (entry: StoreActionEntry): Promise<PromotionView> => {
    const view = await tracker.view(entry.id);
    if (!view) throw new AppError('internal', 'the promotion was not kept');
    return view;
  };
  return {
    'promotions:list': ({ merchantId }) => tracker.list(merchantId),
    'promotions:refresh': ({ merchantId }) => tracker.refresh(merchantId, AbortSignal.timeout(20_000)),
    // The screen checks the same rules; a draft that breaks them never reaches the outbox.
    'promotions:create': async ({ merchantId, draft, replaceAll }) =>
      viewOf(acceptedOrThrow(await actions.submit(promotionAction({ merchantId, draft, replaceAll }, clock.now())))),
    'promotions:inOrder': async ({ orderId }) =>
      finalItemPrices(await order.getVirtualBag(orderId, { signal: onlineBudget() }))
        .filter((line) => line.promoted)
        .map(({ uniqueId, merchantDiscount, finalPrice }) => ({ uniqueId, merchantDiscount, finalPrice })),
    'promotions:endAll': async ({ merchantId }) =>
      viewOf(acceptedOrThrow(await actions.submit({ merchantId, kind: 'promotion', subject: null, payload: { request: { promotions: [] }, reset: true } }))),
  };
}
