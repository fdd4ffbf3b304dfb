import type { z } from 'zod';
import type { ErrorInfo } from '../errors';
import { checkinChannels } from './channels/checkin';
import { deliveryOrderChannels } from './channels/delivery-orders';
import { diagnosticsChannels } from './channels/diagnostics';
import { historyChannels } from './channels/history';
import { joinChannels, joinPushEvents } from './channels/join';
import { kitchenChannels, kitchenPushEvents } from './channels/kitchen';
import { rushChannels, rushPushEvents } from './channels/rush';
import { menuChannels } from './channels/menu';
import { orderChannels, orderPushEvents } from './channels/orders';
import { printChannels, printPushEvents } from './channels/print';
import { promotionChannels, promotionPushEvents } from './channels/promotions';
import { reviewChannels } from './channels/reviews';
import { screenChannels, screenPushEvents } from './channels/screens';
import { sharedQueueChannels, sharedQueuePushEvents } from './channels/shared-queue';
import { staffChannels, staffPushEvents } from './channels/staff';
import { settingsChannels, settingsPushEvents } from './channels/settings';
import { setupChannels, setupPushEvents } from './channels/setup';
import { statusChannels, statusPushEvents } from './channels/status';
import { storeActionChannels, storeActionPushEvents } from './channels/store-actions';
import { storesChannels, storesPushEvents } from './channels/stores';

/**
 * The one contract between the renderer and the main process. Every channel names a zod schema for
 * its input and its output; every push event names the schema of its payload. Channels are grouped
 * by domain in `channels/`; this file is the whole contract. Both shells (Electron preload, web host)
 * expose exactly this, and the main process parses every input with it.
 */
export const channels = {
  ...statusChannels,
  ...diagnosticsChannels,
  ...setupChannels,
  ...settingsChannels,
  ...storesChannels,
  ...checkinChannels,
  ...orderChannels,
  ...historyChannels,
  ...printChannels,
  ...reviewChannels,
  ...storeActionChannels,
  ...menuChannels,
  ...promotionChannels,
  ...deliveryOrderChannels,
  ...screenChannels,
  ...sharedQueueChannels,
  ...joinChannels,
  ...kitchenChannels,
  ...rushChannels,
  ...staffChannels,
} as const;

export const pushEvents = {
  ...statusPushEvents,
  ...setupPushEvents,
  ...settingsPushEvents,
  ...orderPushEvents,
  ...printPushEvents,
  ...storesPushEvents,
  ...storeActionPushEvents,
  ...promotionPushEvents,
  ...screenPushEvents,
  ...sharedQueuePushEvents,
  ...joinPushEvents,
  ...kitchenPushEvents,
  ...rushPushEvents,
  ...staffPushEvents,
} as const;

export type ChannelName = keyof typeof channels;
export type ChannelInput<C extends ChannelName> = z.input<(typeof channels)[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<(typeof channels)[C]['output']>;
export type PushName = keyof typeof pushEvents;
export type PushPayload<E extends PushName> = z.output<(typeof pushEvents)[E]>;

export const channelNames = Object.keys(channels) as ChannelName[];

/** What every invoke resolves to: handlers never throw across the boundary. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

/** The object the renderer talks to, identical in both shells. */
export type Bridge = {
  readonly [C in ChannelName]: (input: ChannelInput<C>) => Promise<IpcResult<ChannelOutput<C>>>;
} & {
  /** Subscribes to a push event; returns the unsubscribe function. */
  on<E extends PushName>(event: E, listener: (payload: PushPayload<E>) => void): () => void;
};

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(channels, name);
}

export function isPushName(name: unknown): name is PushName {
  return typeof name === 'string' && Object.hasOwn(pushEvents, name);
}

/** The global name under which the Electron preload exposes the bridge. */
export const BRIDGE_GLOBAL = 'storeTerminal';

export type { AppStatus, Connectivity, ConnectivityState } from './channels/status';
export { PLATFORM_DISCONNECTS_AFTER_MS } from './channels/status';
