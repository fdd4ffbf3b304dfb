import { z } from 'zod';
import { ErrorInfo } from '../../errors';
import { PAUSE_DESCRIPTION_MAX } from '../../store-rules/pauses';
import { MAX_SHIFTS } from '../../store-rules/opening-hours';
import { Interruption, NewShift, OperationStatus, Shift, StoreDetail, StoreListItem } from '../../wire/merchant';
import { channel } from '../channel';
import { IdempotencyKey, StoreActionEntry } from './store-actions';

/**
 * The merchant module on screen (spec §4.4): the stores the credential sees and their details; and
 * running a store: its status per operation and channel, kept current by the main process (pushed
 * as `stores:status`), pauses, opening hours, and the driver check-in QR sheet.
 */

// Any 8-4-4-4-12 hex id: the platform does not promise RFC 4122 versions.
export const MerchantId = z.guid();

const IsoTime = z.string();

/**
 * What a counter clerk needs to know at a glance, judged from the operations' states:
 * open — every configured operation is OK; warning — orders come in but something needs a look;
 * paused — closed by a pause; closed — closed as expected (outside hours); problem — closed by an
 * error (not connected, catalog off, ...); unavailable — no operation is configured; unknown — not
 * checked yet.
 */
export const StoreSummary = z.enum(['open', 'warning', 'paused', 'closed', 'problem', 'unavailable', 'unknown']);
export type StoreSummary = z.infer<typeof StoreSummary>;

export const StoreStatusSnapshot = z.object({
  merchantId: z.string(),
  summary: StoreSummary,
  /** The platform's entries, one per operation and sales channel, as last read. */
  entries: z.array(OperationStatus),
  /** Last successful read; null before the first. */
  checkedAt: IsoTime.nullable(),
  /** Why the last read failed (the entries are then older), null after a success. */
  error: ErrorInfo.nullable(),
});
export type StoreStatusSnapshot = z.infer<typeof StoreStatusSnapshot>;

export const StoreStatusBoard = z.object({
  stores: z.array(StoreStatusSnapshot),
  /** How often the main process reads the status. */
  intervalSeconds: z.number(),
});
export type StoreStatusBoard = z.infer<typeof StoreStatusBoard>;

const IsoInstant = z.iso.datetime({ offset: true });

export const PauseInput = z
  .object({
    merchantId: MerchantId,
    description: z.string().max(PAUSE_DESCRIPTION_MAX),
    /** Omitted: now (the main process's clock). */
    start: IsoInstant.optional(),
    end: IsoInstant,
    idempotencyKey: IdempotencyKey.optional(),
  })
  .strict();
export type PauseInput = z.input<typeof PauseInput>;

export const OpeningHoursView = z.object({ shifts: z.array(Shift) });
export type OpeningHoursView = z.infer<typeof OpeningHoursView>;

export const ForStore = z.object({ merchantId: MerchantId }).strict();

/** A pause made at once, or waiting in the store outbox until the platform can be reached. */
export const PauseOutcome = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('created'), interruption: Interruption }),
  z.object({ outcome: z.literal('queued'), action: StoreActionEntry }),
]);
export type PauseOutcome = z.infer<typeof PauseOutcome>;

/** A reopening done (`removed` names the pause), or waiting in the store outbox. */
export const ResumeOutcome = z.object({ removed: z.string().nullable(), action: StoreActionEntry.nullable() });
export type ResumeOutcome = z.infer<typeof ResumeOutcome>;

export const HoursOutcome = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('replaced'), shifts: z.array(Shift) }),
  z.object({ outcome: z.literal('queued'), action: StoreActionEntry }),
]);
export type HoursOutcome = z.infer<typeof HoursOutcome>;

export const storesChannels = {
  /** The stores this terminal serves; with `all`, every store of the account (to choose from). */
  'stores:list': channel(z.object({ all: z.boolean().default(false) }).strict(), z.array(StoreListItem)),
  'stores:detail': channel(ForStore, StoreDetail),
  /** The status of every store; with `merchantId` and `fresh`, that store is read again first. */
  'stores:status': channel(z.object({ merchantId: MerchantId.optional(), fresh: z.boolean().default(false) }).strict(), StoreStatusBoard),
  'stores:interruptions': channel(ForStore, z.array(Interruption)),
  'stores:pause': channel(PauseInput, PauseOutcome),
  'stores:resume': channel(
    z.object({ merchantId: MerchantId, interruptionId: z.string().min(1).max(200), idempotencyKey: IdempotencyKey.optional() }).strict(),
    ResumeOutcome,
  ),
  'stores:hours': channel(ForStore, OpeningHoursView),
  'stores:replaceHours': channel(
    z.object({ merchantId: MerchantId, shifts: z.array(NewShift).min(1).max(MAX_SHIFTS), idempotencyKey: IdempotencyKey.optional() }).strict(),
    HoursOutcome,
  ),
} as const;

export const storesPushEvents = {
  /** One store's status, after every read (every 30 s, and right after a pause changes). */
  'stores:status': StoreStatusSnapshot,
} as const;
