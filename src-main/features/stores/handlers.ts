import { Interruption, Shift } from '../../../src-shared/wire/merchant';
import type { MerchantApi } from '../../api/merchant';
import type { Clock } from '../../base/clock';
import type { LastKnownStores } from '../../merchant/last-known-stores';
import type { StoreStatusMonitor } from '../../merchant/status-monitor';
import { acceptedOrThrow, type StoreOutbox } from '../../sync/store-outbox';
import type { Handlers } from '../../ipc/dispatcher';
import { hoursAction, pauseAction } from '../../sync/lever-actions';

export interface StoreHandlerDeps {
  merchant: Pick<
    MerchantApi,
    'listStores' | 'getStore' | 'listInterruptions' | 'createInterruption' | 'deleteInterruption' | 'getOpeningHours' | 'replaceOpeningHours'
  >;
  lastKnown: Pick<LastKnownStores, 'list' | 'detail'>;
  /** The stores this terminal serves (the manager's choice), or all of the account's. */
  served?: () => 'all' | readonly string[];
  monitor: Pick<StoreStatusMonitor, 'current' | 'snapshot' | 'check' | 'intervalMs'>;
  clock: Clock;
  /** Pauses, reopening and opening hours go through the store outbox (senders.ts sends them). */
  actions: Pick<StoreOutbox, 'submit'>;
}

type StoreChannel =
  'stores:list' | 'stores:detail' | 'stores:status' | 'stores:interruptions' | 'stores:pause' | 'stores:resume' | 'stores:hours' | 'stores:replaceHours';

/** The merchant module (spec §4.4): stores, status, pauses, opening hours. */
export function storeHandlers(deps: StoreHandlerDeps): Pick<Handlers, StoreChannel> {
  const { merchant, lastKnown, monitor, clock, actions } = deps;
  const serves = (id: string): boolean => {
    const served = deps.served?.() ?? 'all';
    return served === 'all' || served.includes(id);
  };

  return {
    'stores:list': async ({ all }) => (await lastKnown.list(() => merchant.listStores())).filter((s) => all || serves(s.id)),
    'stores:detail': ({ merchantId }) => lastKnown.detail(merchantId, () => merchant.getStore(merchantId)),

    'stores:status': async ({ merchantId, fresh }) => {
      if (merchantId && (fresh || !monitor.snapshot(merchantId))) await monitor.check(merchantId);
      return { stores: monitor.current(), intervalSeconds: Math.round(monitor.intervalMs / 1000) };
    },

    'stores:interruptions': ({ merchantId }) => merchant.listInterruptions(merchantId),

    'stores:pause': async (input) => {
      const entry = acceptedOrThrow(await actions.submit(pauseAction(input, clock.now())));
      if (entry.state === 'queued') return { outcome: 'queued', action: entry };
      return { outcome: 'created', interruption: Interruption.parse(entry.result) };
    },

    'stores:resume': async ({ merchantId, interruptionId }) => {
      const entry = acceptedOrThrow(await actions.submit({ merchantId, kind: 'resume', subject: interruptionId, payload: { interruptionId } }));
      return entry.state === 'queued' ? { removed: null, action: entry } : { removed: interruptionId, action: null };
    },

    'stores:hours': async ({ merchantId }) => {
      const groups = await merchant.getOpeningHours(merchantId);
      return { shifts: groups.flatMap((g) => g.shifts) };
    },

    'stores:replaceHours': async (input) => {
      const entry = acceptedOrThrow(await actions.submit(hoursAction(input)));
      if (entry.state === 'queued') return { outcome: 'queued', action: entry };
      return { outcome: 'replaced', shifts: Shift.array().parse((entry.result as { shifts?: unknown } | null)?.shifts ?? []) };
    },
  };
}
