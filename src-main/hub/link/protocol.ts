import { z } from 'zod';
import { ErrorInfo, type ErrorCode } from '../../../src-shared/errors';
import { HubRole } from '../../../src-shared/ipc/channels/join';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import { Device } from '../contract';

/**
 * The screen protocol: what a hub and its screens say to each other over the store's network. The
 * hub answers `GET /hub` with its card; a screen opens `wss://…/screen`, shows its device credential
 * first, hears `ready`, then invokes channels and hears pushes exactly as the web shell's page does
 * over its loopback socket (the same messages, the same code: contract-socket.ts).
 */

/** Bumped when a screen of an older version could no longer understand the hub. */
export const SCREEN_PROTOCOL = 1;
/** The hub's port on the store's network when none is chosen: the one constant discovery uses too. */
export { HUB_PORT } from '../../../src-shared/hub-port';
export const SCREEN_PATH = '/screen';
/** The largest message either side takes; a board of 900 orders is well under it. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/**
 * Close codes a hub sends a screen (4000-4999 are the application's own, RFC 6455 §7.4.2).
 * After `UNKNOWN_DEVICE` or `REVOKED` a screen stops knocking: only a new pairing helps.
 */
export const CLOSE = {
  /** The first message was not a device credential, or none came within the time allowed. */
  NO_CREDENTIAL: 4400,
  /** The credential is not one the hub gave (never paired, forged, or revoked before this connection). */
  UNKNOWN_DEVICE: 4401,
  /** The device was revoked while connected. */
  REVOKED: 4403,
} as const;

export function closeRefusesDevice(code: number): boolean {
  return code === CLOSE.UNKNOWN_DEVICE || code === CLOSE.REVOKED;
}

/**
 * What `GET /hub` answers: enough for a screen to show the hub in a list, know it speaks its
 * protocol, and know whether it is a store's hub or a chain's server (`role`; a hub of a version
 * before servers says nothing: a store's hub).
 */
export const HubCard = z.object({ hubId: z.string().max(100), name: z.string().max(100), protocol: z.number().int(), role: HubRole.default('terminal') });
export type HubCard = z.infer<typeof HubCard>;

export const InvokeMessage = z.object({ id: z.number().int(), channel: z.string().max(100), input: z.unknown() });
export type InvokeMessage = z.infer<typeof InvokeMessage>;

/** The hub's word that the credential was taken, with the device as the hub knows it (its name may have changed). */
const ReadyDevice = Device.pick({ id: true, name: true, kind: true });
export type ReadyDevice = z.infer<typeof ReadyDevice>;
/** `role` rides on every `ready`, so a screen learns it again at each connection for free (absent: a store's hub). */
export const ReadyMessage = z.object({ ready: z.literal(true), device: ReadyDevice, role: HubRole.default('terminal') });

export const ResultMessage = z.object({
  id: z.number().int(),
  result: z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), value: z.unknown() }), z.object({ ok: z.literal(false), error: ErrorInfo })]),
});

export const PushMessage = z.object({ push: z.string().max(100), payload: z.unknown() });

/** A call's answer when it failed on the way (the link, the protocol), not in the hub's app. */
export function failure(code: ErrorCode, message: string, reason?: string): IpcResult<never> {
  return { ok: false, error: { code, message, ...(reason ? { reason } : {}) } };
}
