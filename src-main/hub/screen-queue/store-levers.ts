import type { StoreActionEntry, StoreActionKind } from '../../../src-shared/ipc/channels/store-actions';
import type { ChannelName, ChannelOutput } from '../../../src-shared/ipc/contract';

interface Lever<C extends ChannelName> {
  /** The kind of store action the press makes (as the server's store outbox will name it). */
  kind: StoreActionKind;
  /** What it is about, for the screen's list (the item, the review, the pause's reason). */
  subject(input: Record<string, unknown>): string | null;
  /** The channel's answer for a press that waits on this screen. */
  queued(action: StoreActionEntry): ChannelOutput<C>;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The store levers a screen of a chain's server keeps pulling while the server is out of reach:
 * those a single terminal's store outbox would queue offline (a pause, a reopening, tonight's hours,
 * a dish sold out or back, a price, an add-on, a review's answer). Each press waits on the screen
 * with its key and is answered as waiting; the server makes one action of the key however often it
 * hears it. What needs the platform's answer to mean anything (a promotion's checks, a delivery-only
 * order's quote, "until tomorrow", which reads the store's hours) still asks the server, and says so
 * when it cannot be reached.
 */
export const STORE_LEVERS: { readonly [C in ChannelName]?: Lever<C> } = {
  'stores:pause': { kind: 'pause', subject: (i) => text(i.description), queued: (action) => ({ outcome: 'queued', action }) },
  'stores:resume': { kind: 'resume', subject: (i) => text(i.interruptionId), queued: (action) => ({ removed: null, action }) },
  'stores:replaceHours': { kind: 'replaceHours', subject: () => null, queued: (action) => ({ outcome: 'queued', action }) },
  'menu:setItemStatus': { kind: 'itemStatus', subject: (i) => text(i.itemId), queued: (action) => action },
  'menu:setCategoryStatus': { kind: 'categoryStatus', subject: (i) => text(i.categoryId), queued: (action) => action },
  'menu:setItemPrice': { kind: 'itemPrice', subject: (i) => text(i.itemId), queued: (action) => action },
  'menu:setOptionStatus': { kind: 'optionStatus', subject: (i) => text(i.optionId), queued: (action) => action },
  'reviews:answer': { kind: 'answerReview', subject: (i) => text(i.reviewId), queued: (action) => ({ outcome: 'queued', action }) },
};

export function leverOf(channel: string): Lever<ChannelName> | undefined {
  return (STORE_LEVERS as Record<string, Lever<ChannelName> | undefined>)[channel];
}
