import { z } from 'zod';
import { channel, noInput } from '../channel';

const IsoTime = z.string();

/**
 * Signs that another poller reads this credential's event queue (the split-queue trap): events for
 * stores this terminal does not serve; orders known here only from a later event, their start taken
 * by someone else; the platform calling a store disconnected while this terminal polls fine.
 */
export const SharedQueueSign = z.enum(['foreign-stores', 'missed-events', 'not-connected']);
export type SharedQueueSign = z.infer<typeof SharedQueueSign>;

export const SharedQueueView = z.object({
  /** A sign was seen lately (it clears on its own some time after the last one). */
  suspected: z.boolean(),
  signs: z.array(SharedQueueSign),
  /** Orders whose start this terminal never received. */
  missedOrders: z.number().int().min(0),
  /** Stores the signs concern (ids), for the line that names them. */
  stores: z.array(z.string()),
  lastSeenAt: IsoTime.nullable(),
});
export type SharedQueueView = z.infer<typeof SharedQueueView>;

export const sharedQueueChannels = {
  'sharedQueue:state': channel(noInput, SharedQueueView),
} as const;

export const sharedQueuePushEvents = {
  'sharedQueue:changed': SharedQueueView,
} as const;
