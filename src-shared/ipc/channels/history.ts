import { z } from 'zod';
import { channel } from '../channel';
import { BoardRow, OrderStatus } from './orders';
import { TrailEntry } from './staff';

/**
 * Order history and the day's summary, read from the terminal's SQLite (every order stays there for
 * the retention set in Settings). Both work offline: nothing here calls the platform.
 */

const Id = z.guid();
const Instant = z.iso.datetime({ offset: true });
const MAX_RANGE_MS = 366 * 24 * 3600_000;

export const HistoryQuery = z
  .object({
    /** A short code, a customer's name, or a part of either (accents and case do not matter). */
    text: z.string().trim().max(64).optional(),
    merchantId: Id.optional(),
    status: OrderStatus.optional(),
    orderType: z.enum(['DELIVERY', 'TAKEOUT', 'DINE_IN', 'INDOOR']).optional(),
    scheduledOnly: z.boolean().optional(),
    /** Orders created at or after `from` and before `to`. */
    from: Instant.optional(),
    to: Instant.optional(),
    /** The `next` of the previous page. */
    cursor: z.string().max(200).optional(),
    limit: z.number().int().min(1).max(200).default(50),
  })
  .strict()
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), { message: '`from` must not be after `to`', path: ['to'] });
export type HistoryQuery = z.input<typeof HistoryQuery>;

export const HistoryPage = z.object({
  /** Newest first. */
  rows: z.array(BoardRow),
  /** Pass as `cursor` for the next page; null on the last page. */
  next: z.string().nullable(),
  /**
   * Who last acted on each order of the page (docs/staff.md): its latest trail line done by a signed-in
   * person or approved by a manager; an order nobody signed in acted on has none.
   */
  lastActs: z.record(z.string(), TrailEntry),
});
export type HistoryPage = z.infer<typeof HistoryPage>;

export const SummaryInput = z
  .object({
    /** The day's start and end in the store's time zone (the screen knows it), at most a year apart. */
    from: Instant,
    to: Instant,
  })
  .strict()
  .refine((q) => Date.parse(q.from) < Date.parse(q.to) && Date.parse(q.to) - Date.parse(q.from) <= MAX_RANGE_MS, {
    message: '`to` must be after `from`, at most a year later',
    path: ['to'],
  });

const Durations = z.object({ averageSeconds: z.number(), worstSeconds: z.number(), count: z.number().int() });

export const StoreSummary = z.object({
  /** Null for the total of every store. */
  merchantId: Id.nullable(),
  orders: z.number().int(),
  open: z.number().int(),
  concluded: z.number().int(),
  cancelled: z.number().int(),
  /** Sum of the order amounts of orders not cancelled. */
  gross: z.number(),
  /** Per origin, code and the platform's words: the screen words the reason by its code (as the board does). */
  cancellations: z.array(
    z.object({ origin: z.string().nullable(), reason: z.string().nullable(), code: z.string().nullable().default(null), count: z.number().int() }),
  ),
  /** From arrival to the platform's confirmation; null when no order was confirmed. */
  toConfirm: Durations.nullable(),
  /** From arrival to ready (or dispatched, for deliveries that skip ready). */
  toReady: Durations.nullable(),
  byType: z.record(z.string(), z.number().int()),
  scheduled: z.number().int(),
  /** Orders created in each hour from `from` (index 0 = the first hour). */
  perHour: z.array(z.number().int()),
});
export type StoreSummary = z.infer<typeof StoreSummary>;

export const DaySummary = z.object({
  from: z.string(),
  to: z.string(),
  stores: z.array(StoreSummary),
  total: StoreSummary,
});
export type DaySummary = z.infer<typeof DaySummary>;

export const historyChannels = {
  'history:list': channel(HistoryQuery, HistoryPage),
  'history:summary': channel(SummaryInput, DaySummary),
} as const;
