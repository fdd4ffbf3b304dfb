import { z } from 'zod';
import { ErrorInfo } from '../../errors';
import { channel } from '../channel';

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
  /** `setup`: no account yet (first run, or signed out). */
  mode: z.enum(['setup', 'demo', 'live']),
  shell: z.enum(['electron', 'web']),
  apiBaseUrl: z.string().nullable(),
  dataDir: z.string(),
  pollIntervalSeconds: z.number(),
  connectivity: Connectivity,
  /** The main process's clock when it answered: the screen's countdowns run on the same time. */
  now: z.string(),
});
export type AppStatus = z.infer<typeof AppStatus>;

export const noInput = z.object({}).strict();

export const appChannels = {
  'app:status': channel(noInput, AppStatus),
} as const;

export const appPushEvents = {
  'connectivity:changed': Connectivity,
} as const;
