import type { Interruption } from '../../../src-shared/wire/merchant';
import type { MerchantApi } from '../../api/merchant';
import { platformWords } from '../../ipc/refusals';
import type { StoreStatusMonitor } from '../../merchant/status-monitor';
import type { StoreActionSenders } from '../../sync/store-outbox';

/**
 * How the merchant module's store actions reach the platform through the store outbox: pauses,
 * reopening, opening hours. Each one done makes the status monitor read the store again (the
 * platform judges it anew). A pause resent after a lost answer is found among the store's pauses
 * instead of being made twice; a reopening whose pause is gone already is done.
 */
export function storeSenders(
  merchant: Pick<MerchantApi, 'createInterruption' | 'deleteInterruption' | 'listInterruptions' | 'replaceOpeningHours'>,
  monitor: Pick<StoreStatusMonitor, 'check'>,
): StoreActionSenders {
  const recheck = <T>(merchantId: string, result: T): T => {
    void monitor.check(merchantId);
    return result;
  };
  const samePause = (a: Interruption, body: Record<string, unknown>): boolean =>
    a.description === body.description && Date.parse(a.start) === Date.parse(String(body.start)) && Date.parse(a.end) === Date.parse(String(body.end));

  return {
    pause: {
      send: async (merchantId, body, signal) =>
        recheck(
          merchantId,
          await platformWords(merchant.createInterruption(merchantId, body as { description: string; start: string; end: string }, { signal })),
        ),
      alreadyDone: async (merchantId, body, signal) => {
        const found = (await merchant.listInterruptions(merchantId, { signal })).find((a) => samePause(a, body));
        return found ? { result: recheck(merchantId, found) } : undefined;
      },
    },
    resume: {
      send: async (merchantId, { interruptionId }, signal) => {
        await platformWords(merchant.deleteInterruption(merchantId, String(interruptionId), { signal }));
        return recheck(merchantId, { removed: interruptionId });
      },
      alreadyDone: async (merchantId, { interruptionId }, signal) => {
        const still = (await merchant.listInterruptions(merchantId, { signal })).some((a) => a.id === interruptionId);
        return still ? undefined : { result: recheck(merchantId, { removed: interruptionId }) };
      },
    },
    replaceHours: {
      // A complete replacement: sending it again is harmless.
      send: async (merchantId, body, signal) =>
        recheck(
          merchantId,
          await platformWords(merchant.replaceOpeningHours(merchantId, body as Parameters<MerchantApi['replaceOpeningHours']>[1], { signal })),
        ),
    },
  };
}
