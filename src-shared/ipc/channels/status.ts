import { z } from 'zod';
import { ErrorInfo } from '../../errors';
import { MAX_CLOCK_RATE } from '../../running-clock';
import { channel, noInput } from '../channel';

/**
 * The platform calls a store disconnected, and stops offering it to customers, when it received no
 * poll in the last 30 seconds (spec §6, the status module's `is-connected`): `offline` is that.
 */
export const PLATFORM_DISCONNECTS_AFTER_MS = 30_000;

/**
 * `connecting` until the first answer from the API; `degraded`: calls fail but the last good poll is
 * under 30 s old; `offline`: no good poll for 30 s (the platform shows the store closed);
 * `unauthorized`: the credential was refused.
 */
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
  /** How many times faster than real time that clock runs (`--clock-rate`, tests and demos); absent: 1. */
  clockRate: z.number().min(1).max(MAX_CLOCK_RATE).optional(),
});
export type AppStatus = z.infer<typeof AppStatus>;

export const statusChannels = {
  'status:get': channel(noInput, AppStatus),
} as const;

export const statusPushEvents = {
  'status:changed': Connectivity,
} as const;
