import { AppError } from '../../../src-shared/errors';
import type { CheckinSheet } from '../../../src-shared/ipc/channels/merchant';
import { Interruption, Shift } from '../../../src-shared/wire/merchant';
import { checkOpeningHours } from '../../../src-shared/store-rules/opening-hours';
import { checkPause } from '../../../src-shared/store-rules/pauses';
import { ApiError } from '../../api/errors';
import type { MerchantApi } from '../../api/merchant';
import type { Clock } from '../../base/clock';
import type { CheckinSheetResult, CheckinSheets } from '../../print/checkin';
import type { LastKnownStores } from '../../merchant/last-known-stores';
import type { StoreStatusMonitor } from '../../merchant/status-monitor';
import { acceptedOrThrow, type StoreActionQueue } from '../../sync/store-action-queue';
import type { Handlers } from '../dispatcher';

export interface MerchantHandlerDeps {
  merchant: Pick<
    MerchantApi,
    'listStores' | 'getStore' | 'listInterruptions' | 'createInterruption' | 'deleteInterruption' | 'getOpeningHours' | 'replaceOpeningHours'
  >;
  lastKnown: Pick<LastKnownStores, 'list' | 'detail'>;
  /** The stores this terminal serves (the manager's choice), or all of the account's. */
  served?: () => 'all' | readonly string[];
  /** The screen's language, asked of the platform for the check-in sheet's words. */
  language?: () => string;
  monitor: Pick<StoreStatusMonitor, 'current' | 'snapshot' | 'check' | 'intervalMs'>;
  sheets: Pick<CheckinSheets, 'generate' | 'saved' | 'read'>;
  clock: Clock;
  /** Pauses, reopening and opening hours go through the store outbox (merchant-actions.ts sends them). */
  actions: Pick<StoreActionQueue, 'submit'>;
}

type MerchantChannel =
  | 'stores:list'
  | 'stores:detail'
  | 'stores:status'
  | 'stores:interruptions'
  | 'stores:pause'
  | 'stores:resume'
  | 'stores:hours'
  | 'stores:replaceHours'
  | 'checkin:qrPdf'
  | 'checkin:saved'
  | 'checkin:open';

/**
 * The platform's own words travel to the screen: a 400 or 409 of the merchant module carries a
 * message (e.g. which pause overlaps) that an integrator needs; the clerk's sentence comes from the
 * error's kind. Other failures pass through unchanged.
 */
export async function platformWords<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.body?.message && (error.code === 'validation' || error.code === 'conflict')) {
      throw new ApiError(error.code, error.body.message, {
        route: error.route,
        ...(error.status === undefined ? {} : { status: error.status }),
        body: error.body,
        cause: error,
      });
    }
    throw error;
  }
}

/** How far before "now" a pause that starts now is sent as starting (the platform allows a start in the past). */
export const PAUSE_NOW_MARGIN_MS = 60_000;

/** The merchant module (spec §4.4): stores, status, pauses, opening hours, check-in QR sheet. */
export function merchantHandlers(deps: MerchantHandlerDeps): Pick<Handlers, MerchantChannel> {
  const { merchant, lastKnown, monitor, sheets, clock, actions } = deps;
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

    'stores:pause': async ({ merchantId, description, start, end }) => {
      const now = clock.now();
      const problem = checkPause({ description, startMs: start ? Date.parse(start) : now, endMs: Date.parse(end) }, now);
      if (problem) {
        throw new AppError('validation', `The pause breaks a rule: ${problem}`, { field: problem.startsWith('description') ? 'description' : 'end' });
      }
      // "Now" is sent a little in the past: a terminal whose clock runs ahead of the platform's
      // would otherwise make a pause that starts in the platform's future, and the store stays open.
      const startMs = start ? Date.parse(start) : now - PAUSE_NOW_MARGIN_MS;
      const body = { description: description.trim(), start: new Date(startMs).toISOString(), end: new Date(Date.parse(end)).toISOString() };
      const entry = acceptedOrThrow(await actions.submit({ merchantId, kind: 'pause', subject: body.description, payload: body }));
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

    'stores:replaceHours': async ({ merchantId, shifts }) => {
      const check = checkOpeningHours(shifts);
      if (!check.ok) {
        const index = check.problems.findIndex((p) => p !== null);
        const what = check.empty ? 'empty' : check.tooMany ? 'too many shifts' : `${check.problems[index]}`;
        throw new AppError('validation', `The opening hours break a rule: ${what}`, { field: index >= 0 ? `shifts.${index}` : 'shifts' });
      }
      const entry = acceptedOrThrow(await actions.submit({ merchantId, kind: 'replaceHours', payload: { storeId: merchantId, shifts } }));
      if (entry.state === 'queued') return { outcome: 'queued', action: entry };
      return { outcome: 'replaced', shifts: Shift.array().parse((entry.result as { shifts?: unknown } | null)?.shifts ?? []) };
    },

    'checkin:qrPdf': async ({ merchantIds }) => sheetView(await platformWords(sheets.generate([...new Set(merchantIds)], deps.language?.()))),
    'checkin:saved': () => sheets.saved(),
    'checkin:open': async ({ file }) => sheetView(await sheets.read(file)),
  };
}

function sheetView(sheet: CheckinSheetResult): CheckinSheet {
  return { pdfBase64: sheet.pdf.toString('base64'), byteLength: sheet.pdf.byteLength, generatedAt: sheet.generatedAt, saved: sheet.savedTo !== null };
}
