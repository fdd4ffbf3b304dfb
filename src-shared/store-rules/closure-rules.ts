import { z } from 'zod';

/**
 * The platform's automatic closure of an overloaded store, as this project reads the marketplace's
 * partner pages (docs/rush-guard.md): each rule, when it fires, closes the store for a while. The
 * terminal's rush guard warns before one would fire; the sandbox fires them.
 */
export const ClosureRules = z
  .object({
    /** This many orders cancelled by the confirmation timeout within `timeoutWindowMinutes`. */
    timeouts: z.number().int().min(1).max(50),
    timeoutWindowMinutes: z.number().int().min(1).max(240),
    /** A driver waiting at the store this long for an order that is not ready. */
    driverWaitMinutes: z.number().int().min(1).max(120),
    /** This share (0–1) of the last hour's orders late, once at least `lateMinimum` orders came. */
    lateShare: z.number().min(0.05).max(1),
    lateMinimum: z.number().int().min(1).max(500),
  })
  .strict();
export type ClosureRules = z.infer<typeof ClosureRules>;

/**
 * The late-share rule's reading of "late": an order not out of the kitchen (ready, dispatched,
 * collected, concluded) this long after its preparation start — the store's declared preparation
 * time, 20 minutes unless the store says otherwise. Orders cancelled before then do not count.
 */
export const DECLARED_PREPARATION_MINUTES = 20;

/** The defaults this project reads in the partner pages (docs/rush-guard.md says why each). */
export const DEFAULT_CLOSURE_RULES: ClosureRules = {
  timeouts: 3,
  timeoutWindowMinutes: 30,
  driverWaitMinutes: 10,
  lateShare: 0.5,
  lateMinimum: 6,
};

/** A rule about to fire at a store: what the rush guard warns of, with the numbers it names. */
export const ClosureWarning = z.discriminatedUnion('rule', [
  z.object({ rule: z.literal('timeouts'), timedOut: z.number().int(), limit: z.number().int(), aboutToTimeOut: z.number().int() }),
  z.object({
    rule: z.literal('driver-wait'),
    waiting: z.number().int(),
    longestMs: z.number(),
    limitMs: z.number(),
    /** Drivers not at the store yet whom the kitchen's queue will keep past the limit (rush-gauge.ts: the queue's reading). */
    expected: z.number().int().default(0),
  }),
  z.object({ rule: z.literal('late-share'), late: z.number().int(), orders: z.number().int(), limit: z.number() }),
]);
export type ClosureWarning = z.infer<typeof ClosureWarning>;

export const LoadLevel = z.enum(['calm', 'busy', 'swamped']);
export type LoadLevel = z.infer<typeof LoadLevel>;
