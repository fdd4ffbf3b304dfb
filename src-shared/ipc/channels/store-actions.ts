import { z } from 'zod';
import { ErrorInfo } from '../../errors';
import { channel } from '../channel';

/**
 * Store actions that wait in the terminal's store outbox when the platform cannot be reached, like
 * order actions do: pauses and reopening, opening hours, review answers. Each is written before it
 * is sent, tried at once, and sent once when the link is back (menu availability and prices too); the screen shows what still waits
 * and why one failed.
 */
export const StoreActionKind = z.enum([
  'pause',
  'resume',
  'replaceHours',
  'answerReview',
  'itemStatus',
  'categoryStatus',
  'itemPrice',
  'optionStatus',
  /** A product sold out or back by its external code, as item and add-on (a chain console's bulk sold-out). */
  'productStatus',
  'promotion',
  'deliveryConfirmAddress',
  'deliveryAddressChange',
  'deliveryCancel',
]);
export type StoreActionKind = z.infer<typeof StoreActionKind>;

/** queued: waiting to be sent (offline, retrying); done; failed (refused, with the reason); cancelled before it left. */
export const StoreActionState = z.enum(['queued', 'done', 'failed', 'cancelled']);
export type StoreActionState = z.infer<typeof StoreActionState>;

/**
 * A press of a store lever, named by the terminal that made it: a terminal of a chain sends the same
 * key at every try of the same press (after a cut, a restart), and its server makes one action of it.
 */
export const IdempotencyKey = z.string().min(8).max(100);

export const StoreActionEntry = z.object({
  id: z.number().int(),
  merchantId: z.string(),
  kind: StoreActionKind,
  /** What it is about: a review id, a pause's id or description; for the screen. */
  subject: z.string().nullable(),
  /** What the screen needs to say what it is (a pause's end, the review answer's text, ...). */
  summary: z.record(z.string(), z.unknown()),
  state: StoreActionState,
  attempts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  /** Why it failed, or the last transient error while it waits. */
  reason: ErrorInfo.nullable(),
  /** It had to wait (its first try did not settle it): the screen lists how it ended. */
  waited: z.boolean(),
  /** The platform's answer once done (the created pause, the stored answer). */
  result: z.unknown().nullable(),
  /** The press's key, where a terminal of a chain gave one: the entry a screen kept and the server's entry of the same press are one. */
  key: IdempotencyKey.nullable().optional(),
});
export type StoreActionEntry = z.infer<typeof StoreActionEntry>;

export const storeActionChannels = {
  /** Actions still waiting, and those settled in the last hours that had to wait, newest first. */
  'storeActions:list': channel(z.object({ merchantId: z.guid().optional() }).strict(), z.array(StoreActionEntry)),
  /** Withdraws an action that has not left yet. */
  'storeActions:cancel': channel(z.object({ id: z.number().int().positive() }).strict(), StoreActionEntry),
} as const;

export const storeActionPushEvents = {
  'storeActions:changed': StoreActionEntry,
} as const;
