import { z } from 'zod';
import { Settings } from '../../settings';
import { channel } from '../channel';
import { noInput } from '../channel';
import { ScreenKind } from './screens';

/**
 * Joining another terminal of the store: the first run finds the store's hub terminal on the network
 * (or takes its address, or the text of its QR), pairs with the code the hub shows, and from then on
 * this terminal is a **screen** of that hub: it never polls the platform, and everything it shows
 * comes from the hub over the store's network. Nothing here is a marketplace secret; the device
 * credential the hub gives stays in the main process (its credential store), never on the wire to
 * the renderer.
 */

/** What the screen is for: the counter (the usual board), the kitchen display, expo, the pickup board (one list, the hub's). */
export { ScreenKind } from './screens';

/**
 * What the terminal a screen pairs with is: a store's own hub on its network (`terminal`), or a
 * chain's server reached over the internet (`server`). A screen of a server keeps working while the
 * link is down (its order actions wait on the screen, each with an idempotency key, and go once when
 * it is back); a screen of a store's hub shows the last board read-only, as its hub is one room away.
 */
export const HubRole = z.enum(['terminal', 'server']);
export type HubRole = z.infer<typeof HubRole>;

/** The screen's name on the hub's list ("Cozinha 1"): one line, no control characters. */
export const ScreenName = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[^\p{Cc}]+$/u, 'no control characters');

/** A hub heard on the network, as the join step lists it. */
export const FoundHubView = z.object({
  hubId: z.string(),
  name: z.string(),
  /** The first hex digits of its certificate's fingerprint: staff compare them with the hub's screen. */
  fingerprintPrefix: z.string(),
  /** Where it answers (host:port), for the list's second line. */
  address: z.string(),
});
export type FoundHubView = z.infer<typeof FoundHubView>;

/** Why this machine cannot look for hubs (the typed address still works). */
export const DiscoveryTrouble = z.enum(['no-interface', 'port-in-use', 'no-permission', 'socket-failed', 'announce-failed']);

export const HubsView = z.object({
  hubs: z.array(FoundHubView),
  problem: DiscoveryTrouble.nullable(),
  /** Whether this terminal is listening now. */
  browsing: z.boolean(),
});
export type HubsView = z.infer<typeof HubsView>;

/** Which hub to pair with: one found on the network, an address typed by hand, or the QR's text. */
export const JoinTarget = z.discriminatedUnion('via', [
  z.object({ via: z.literal('found'), hubId: z.string().min(1).max(64) }).strict(),
  z.object({ via: z.literal('address'), address: z.string().max(300) }).strict(),
  /** The pairing link of the hub's QR (`store-terminal://pair?...`): it names the hub's certificate and carries the code. */
  z.object({ via: z.literal('uri'), uri: z.string().max(600) }).strict(),
]);
export type JoinTarget = z.infer<typeof JoinTarget>;

export const PairingCode = z.string().regex(/^(\d{6}|\d{8})$/, 'six or eight digits');

export const JoinPairInput = z
  .object({
    target: JoinTarget,
    /** The six digits the hub shows; not needed with a pairing link (it carries them). */
    code: PairingCode.optional(),
    kind: ScreenKind,
    name: ScreenName,
  })
  .strict();
export type JoinPairInput = z.infer<typeof JoinPairInput>;

/**
 * Why a pairing did not happen, each said differently on screen:
 * - `wrong-code`: the hub refused the code (`attemptsLeft` says how many tries the code has left);
 * - `code-ended`: the code took five wrong tries and is over (ask the hub for a new one);
 * - `code-expired`: its two minutes are up; `no-code`: the hub shows no code now (closed, used, replaced);
 * - `not-the-hub`: the device that answered is not the hub the QR or the list named (its certificate);
 * - `unreachable`: nothing answered at that address; `too-many-tries`: the hub asks to wait a moment;
 * - `bad-address`, `bad-uri`: what was typed or pasted is not an address or a pairing link;
 * - `hub-gone`: the hub picked from the list is no longer heard; `hub-failed`: the hub could not answer;
 * - `not-first-run`: this terminal already works as an account (sign out first) or is set by flags.
 */
export const JoinRefusal = z.enum([
  'wrong-code',
  'code-ended',
  'code-expired',
  'no-code',
  'not-the-hub',
  'unreachable',
  'too-many-tries',
  'bad-address',
  'bad-uri',
  'hub-gone',
  'hub-failed',
  'not-first-run',
]);
export type JoinRefusal = z.infer<typeof JoinRefusal>;

/** The hub this terminal is a screen of, as Settings and the first run's end show it (no secret in it). */
export const ScreenPairing = z.object({
  hubId: z.string(),
  hubName: z.string(),
  /** host:port where the screen reaches the hub now (discovery may move it). */
  address: z.string(),
  /** The hub's certificate fingerprint, pinned at pairing (hex). */
  fingerprint: z.string(),
  kind: ScreenKind,
  name: z.string(),
  pairedAt: z.string(),
  /** A store's hub or a chain's server: how this screen behaves while the link is down. */
  hubRole: HubRole,
  /** The device credential is not in this machine's credential store (it keeps nothing between launches): pair again. */
  credentialMissing: z.boolean(),
});
export type ScreenPairing = z.infer<typeof ScreenPairing>;

export const JoinOutcome = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('paired'), screen: ScreenPairing }),
  z.object({ outcome: z.literal('refused'), reason: JoinRefusal, attemptsLeft: z.number().int().min(0).nullable() }),
]);
export type JoinOutcome = z.infer<typeof JoinOutcome>;

/**
 * The screen's link to its hub: `connected`; `lost` since a time (the board stays, read-only, marked
 * stale; the screen tries again by itself); `refused` (revoked at the hub, or the credential is gone:
 * only a new pairing helps).
 */
export const LinkView = z.object({
  state: z.enum(['connected', 'lost', 'refused']),
  /** ISO time the link came to this state. */
  since: z.string(),
  reason: z.enum(['starting', 'unreachable', 'wrong-certificate', 'dropped', 'silent', 'revoked', 'unknown-device', 'no-credential']).nullable(),
});
export type LinkView = z.infer<typeof LinkView>;

/**
 * Whose trouble it is when a screen's call fails on its link rather than at its hub, as the
 * failure's `reason` (ErrorInfo): the main terminal or the chain's server out of reach, this screen
 * refused (revoked), the server's own database failing, no replica of the server polling the
 * platform. The screen says it in those words, never "check the internet" nor "this computer".
 */
export const LinkFailureReason = z.enum(['HubOutOfReach', 'ServerOutOfReach', 'ScreenRefused', 'ServerStorage', 'NoReplicaPolling']);
export type LinkFailureReason = z.infer<typeof LinkFailureReason>;

/**
 * The settings a screen keeps for itself: its language, its sounds, its board's density, the store
 * its Store page opens on. The rest (the stores served, auto-confirm, history, printers) are the
 * hub's, set at the hub.
 */
export const SCREEN_OWN_SETTINGS = ['locale', 'alerts', 'density', 'currentStoreId'] as const satisfies readonly (keyof Settings)[];

/**
 * A store terminal of a chain's server prints its store's tickets itself (the server is far away):
 * its printers are its own too, set in its Settings › Impressoras as on a terminal.
 */
export const SERVER_SCREEN_OWN_SETTINGS = [...SCREEN_OWN_SETTINGS, 'printers'] as const satisfies readonly (keyof Settings)[];

/** The settings a screen keeps for itself, by what its hub is. */
export function screenOwnSettings(role: HubRole): readonly (keyof Settings)[] {
  return role === 'server' ? SERVER_SCREEN_OWN_SETTINGS : SCREEN_OWN_SETTINGS;
}

/** The hub's settings as a screen shows them: the hub's, with the screen's own on top. */
export function screenSettings(hub: Settings, own: Settings, role: HubRole = 'terminal'): Settings {
  const merged: Settings = { ...hub };
  for (const key of screenOwnSettings(role)) (merged as Record<string, unknown>)[key] = own[key];
  return Settings.parse(merged);
}

export const joinChannels = {
  /** Starts (`browse: true`) or stops looking for hubs on the store's network; answers what is heard so far (then pushed as `join:hubs`). */
  'join:hubs': channel(z.object({ browse: z.boolean() }).strict(), HubsView),
  /** Pairs with a hub: this terminal becomes its screen (a refusal is an answer, not an error: it says why). */
  'join:pair': channel(JoinPairInput, JoinOutcome),
  /** The link to the hub, null when this terminal is not a screen. */
  'join:link': channel(noInput, LinkView.nullable()),
  /** Tries the hub again now (rather than at the end of the wait). */
  'join:reconnect': channel(noInput, LinkView.nullable()),
  /** Forgets the hub (its credential too): back to the first run. */
  'join:unpair': channel(noInput, z.object({ unpaired: z.boolean() })),
} as const;

export const joinPushEvents = {
  'join:hubs': HubsView,
  'join:link': LinkView,
} as const;
