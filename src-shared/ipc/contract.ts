import { z } from 'zod';
import { ErrorInfo } from '../errors';
import { StoreDetail, StoreListItem } from '../wire/merchant';

/**
 * The one contract between the renderer and the main process. Every channel names a zod schema for
 * its input and its output; every push event names the schema of its payload. Both shells (Electron
 * preload, web host) expose exactly this, and the main process parses every input with it.
 */

const noInput = z.object({}).strict();

/** `connecting` until the first answer from the API. */
export const ConnectivityState = z.enum(['connecting', 'online', 'degraded', 'offline', 'unauthorized']);
export type ConnectivityState = z.infer<typeof ConnectivityState>;

export const Connectivity = z.object({
  state: ConnectivityState,
  /** ISO time of the last successful call to the API, null before the first. */
  lastSuccessAt: z.string().nullable(),
  /** ISO time of the last successful event poll, null before the first. */
  lastPollAt: z.string().nullable(),
  /** Why the state is not `online`, for the indicator's tooltip. */
  reason: ErrorInfo.nullable(),
});
export type Connectivity = z.infer<typeof Connectivity>;

export const AppStatus = z.object({
  version: z.string(),
  mode: z.enum(['demo', 'live']),
  shell: z.enum(['electron', 'web']),
  apiBaseUrl: z.string(),
  dataDir: z.string(),
  pollIntervalSeconds: z.number(),
  connectivity: Connectivity,
});
export type AppStatus = z.infer<typeof AppStatus>;

// Any 8-4-4-4-12 hex id: the platform does not promise RFC 4122 versions.
const merchantId = z.guid();

function channel<I extends z.ZodType, O extends z.ZodType>(input: I, output: O) {
  return { input, output };
}

export const channels = {
  'app:status': channel(noInput, AppStatus),
  'stores:list': channel(noInput, z.array(StoreListItem)),
  'stores:detail': channel(z.object({ merchantId }).strict(), StoreDetail),
} as const;

export const pushEvents = {
  'connectivity:changed': Connectivity,
} as const;

export type ChannelName = keyof typeof channels;
export type ChannelInput<C extends ChannelName> = z.input<(typeof channels)[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<(typeof channels)[C]['output']>;
export type PushName = keyof typeof pushEvents;
export type PushPayload<E extends PushName> = z.output<(typeof pushEvents)[E]>;

export const channelNames = Object.keys(channels) as ChannelName[];
export const pushNames = Object.keys(pushEvents) as PushName[];

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
