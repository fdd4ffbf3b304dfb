import { z } from 'zod';
import { channel } from '../channel';
import { noInput } from '../channel';

/**
 * The hub's side of "one store, many screens" (Settings › Telas): the terminal that polls the
 * platform lets other terminals of the store pair with it as screens (a second counter, a kitchen
 * display, expo, a pickup board) over the store's own network. These channels are the hub's own
 * (a screen never opens pairing nor revokes: hub/link/screen-channels.ts). The shared-queue warning
 * (two pollers on one credential) is every screen's to see.
 */

/** What a paired screen is for (it decides which screen the renderer opens on it). */
export const ScreenKind = z.enum(['counter', 'kitchen', 'expo', 'pickup']);
export type ScreenKind = z.infer<typeof ScreenKind>;

/**
 * Which paired screen made a call (the hub says who did it: "Confirmado por Cozinha 1"). A call from
 * the hub's own windows has no origin (null): "this terminal".
 */
export const ActionOrigin = z.object({
  id: z.string().min(8).max(64),
  name: z.string().min(1).max(60),
  kind: ScreenKind,
});
export type ActionOrigin = z.infer<typeof ActionOrigin>;

const IsoTime = z.string();

/** A paired screen as Settings › Telas lists it (revoked ones are gone from the list). */
export const PairedScreenView = z.object({
  id: z.string(),
  name: z.string(),
  kind: ScreenKind,
  pairedAt: IsoTime,
  /** When the hub last heard from it; null before its first connection. */
  lastContactAt: IsoTime.nullable(),
  /** Connected to the hub now. */
  connected: z.boolean(),
});
export type PairedScreenView = z.infer<typeof PairedScreenView>;

/** Why a pairing code takes nothing more: none shown, two minutes passed, five wrong tries, it paired a screen, a newer one. */
export const PairingClosed = z.enum(['none', 'expired', 'ended', 'used', 'replaced']);
export type PairingClosed = z.infer<typeof PairingClosed>;

/** A QR's modules, row by row ('1' dark): the same shape as the first run's QR, drawn the same way. */
export const PairingQr = z.object({ size: z.number().int().positive(), modules: z.string().regex(/^[01]*$/) });
export type PairingQr = z.infer<typeof PairingQr>;

export const PairingView = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('open'),
    /** Six digits, typed on the screen. */
    code: z.string().regex(/^\d{6}$/),
    expiresAt: IsoTime,
    attemptsLeft: z.number().int().min(0),
    /** The QR's text (`store-terminal://pair?...`): where the hub is, its certificate and the code; null when this machine has no address to give. */
    uri: z.string().nullable(),
    qr: PairingQr.nullable(),
  }),
  z.object({ state: z.literal('closed'), why: PairingClosed }),
]);
export type PairingView = z.infer<typeof PairingView>;

/**
 * Why screens cannot reach the hub: its port is taken by another program, the system refuses it, its
 * identity or its list of screens cannot be used. Never a crash: the terminal works on alone.
 */
export const HubProblemKind = z.enum(['port-in-use', 'no-permission', 'listen-failed', 'storage']);
export type HubProblemKind = z.infer<typeof HubProblemKind>;

/** Why screens may not find the hub by name (they can still type its address). */
export const DiscoveryTrouble = z.enum(['no-interface', 'port-in-use', 'no-permission', 'socket-failed', 'announce-failed']);
export type DiscoveryTrouble = z.infer<typeof DiscoveryTrouble>;

/**
 * The hub now: `off` (screens not accepted: the setting, or no account open), `idle` (accepted,
 * but no screen is paired and no code is shown, so no port is open on the network), `listening`,
 * `failed` (the problem says why).
 */
export const HubState = z.enum(['off', 'idle', 'listening', 'failed']);
export type HubState = z.infer<typeof HubState>;

export const ScreensState = z.object({
  state: HubState,
  /** The setting "Aceitar telas". */
  enabled: z.boolean(),
  /** The port screens connect to (the setting's). */
  port: z.number().int(),
  problem: z.object({ kind: HubProblemKind, message: z.string() }).nullable(),
  discovery: DiscoveryTrouble.nullable(),
  /** The name screens see when they list hubs. */
  name: z.string(),
  /** The first hex digits of the hub's certificate fingerprint, grouped: staff compare them with the screen's. Null before the identity exists. */
  fingerprint: z.string().nullable(),
  /** Addresses to type on a screen that cannot find the hub by name (`192.168.0.10:47110`). */
  addresses: z.array(z.string()),
  pairing: PairingView,
  screens: z.array(PairedScreenView),
});
export type ScreensState = z.infer<typeof ScreensState>;

export const RevokeInput = z.object({ deviceId: z.string().min(8).max(64) }).strict();

export const screenChannels = {
  'screens:state': channel(noInput, ScreensState),
  /** Shows a new code for two minutes (opening the hub's port if it was not open). */
  'screens:openPairing': channel(noInput, ScreensState),
  'screens:closePairing': channel(noInput, ScreensState),
  /** Revokes a screen for good: its connection is closed at once. */
  'screens:revoke': channel(RevokeInput, ScreensState),
} as const;

export const screenPushEvents = {
  'screens:changed': ScreensState,
} as const;
