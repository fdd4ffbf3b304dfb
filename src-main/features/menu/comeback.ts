import type { MenuComeback } from '../../../src-shared/ipc/channels/menu';
import { secondsUntilOpeningTomorrow, weekMomentOf } from '../../../src-shared/store-rules/opening-hours';
import type { MerchantApi } from '../../api/merchant';
import { payloadOf, type ScheduledActionRecord } from '../../db/store-outbox/scheduled-actions-repo';
import { ONLINE_BUDGET_MS } from '../../ipc/online-budget';

/**
 * When a dish sold out until tomorrow comes back: the store's first shift that starts tomorrow or
 * later, by its opening hours; when they cannot be read (offline) or hold no shift, midnight, when
 * the store is closed anyway.
 */
export async function tomorrowsOpening(
  merchant: Pick<MerchantApi, 'getOpeningHours'>,
  merchantId: string,
  now: number,
): Promise<{ at: number; byHours: boolean }> {
  try {
    const hours = await merchant.getOpeningHours(merchantId, { signal: AbortSignal.timeout(ONLINE_BUDGET_MS) });
    const seconds = secondsUntilOpeningTomorrow(
      hours.flatMap((h) => h.shifts),
      weekMomentOf(new Date(now)),
    );
    if (seconds !== null) return { at: now + seconds * 1000, byHours: true };
  } catch {
    // Offline or refused: midnight below.
  }
  const today = new Date(now);
  return { at: new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1).getTime(), byHours: false };
}

export const comebackOf = (r: ScheduledActionRecord): MenuComeback => ({
  id: r.id,
  itemId: r.subject ?? '',
  resumeAt: new Date(r.due_ms).toISOString(),
  byHours: payloadOf(r).byHours === true,
});
