import { z } from 'zod';
import { Settings } from '../../settings';
import { StoreListItem } from '../../wire/merchant';
import { channel, noInput } from '../channel';
import { ScreenPairing } from './join';

/**
 * First run, the account and the settings: how a store connects the terminal to its marketplace
 * account (spec §5: a centralized application's client credentials, or a distributed application's
 * authorization code), which stores it serves, and what the manager sets. Secrets go from the
 * screen to the main process once, and never come back.
 */

export const AccountKind = z.enum(['demo', 'centralized', 'distributed']);
export type AccountKind = z.infer<typeof AccountKind>;

export const CredentialStoreInfo = z.object({
  kind: z.enum(['keychain', 'safe-storage', 'file', 'memory']),
  description: z.string(),
});

export const AccountSummary = z.object({
  kind: AccountKind,
  apiBaseUrl: z.string().nullable(),
  clientId: z.string().nullable(),
  stores: Settings.shape.stores.unwrap(),
  /** Given by flags or environment variables (an integrator's setup): the screen cannot change it. */
  fromFlags: z.boolean(),
});
export type AccountSummary = z.infer<typeof AccountSummary>;

export const SetupState = z.object({
  /** Null on a first run (or after signing out): the first-run screen shows. */
  account: AccountSummary.nullable(),
  /** Why the saved settings could not be used (damaged, hand-edited, newer), shown on the first-run screen. */
  problem: z.object({ kind: z.enum(['corrupt', 'newer', 'invalid', 'secret-missing']), message: z.string() }).nullable(),
  credentialStore: CredentialStoreInfo,
  /** This terminal is a screen of a hub (no account of its own): the hub it is paired to. Null on a hub. */
  screen: ScreenPairing.nullable().default(null),
});
export type SetupState = z.infer<typeof SetupState>;

const Secret = z.string().min(1).max(500);
const ClientId = z.string().trim().min(1).max(200);
/** The address as typed: the main process checks it (https, or http on this machine only). */
const Address = z.string().trim().min(1).max(500);

export const CentralizedCredentials = z.object({ apiBaseUrl: Address, clientId: ClientId, clientSecret: Secret }).strict();

/** A QR code as its modules (row by row, '1' dark): drawn as SVG by the screen, no image needed. */
export const QrMatrix = z.object({ size: z.number().int().positive(), modules: z.string() });

export const PendingAuthorizationView = z.object({
  userCode: z.string(),
  verificationUrl: z.string(),
  verificationUrlComplete: z.string(),
  expiresAt: z.string(),
  qr: QrMatrix,
});
export type PendingAuthorizationView = z.infer<typeof PendingAuthorizationView>;

export const CandidateStores = z.object({ stores: z.array(StoreListItem) });
export type CandidateStores = z.infer<typeof CandidateStores>;

export const setupChannels = {
  'setup:state': channel(noInput, SetupState),
  /** Tries the demo: the embedded sandbox, orders afresh at each launch. */
  'setup:demo': channel(noInput, SetupState),
  /** Checks a centralized application (a token, then the store list) before anything is saved. */
  'setup:checkCentralized': channel(CentralizedCredentials, CandidateStores),
  /** A distributed application: asks for a user code for the owner to approve in the portal. */
  'setup:startAuthorization': channel(CentralizedCredentials, PendingAuthorizationView),
  /** Exchanges the authorization code the portal showed the owner. */
  'setup:completeAuthorization': channel(z.object({ authorizationCode: z.string().trim().min(1).max(200) }).strict(), CandidateStores),
  /** Saves the checked account and the stores it serves, and starts the terminal on it. */
  'setup:finish': channel(z.object({ stores: Settings.shape.stores.unwrap() }).strict(), SetupState),
  /** Signs out: secrets erased; the cached orders too when asked. Back to the first-run screen. */
  'setup:signOut': channel(z.object({ deleteOrders: z.boolean() }).strict(), SetupState),
} as const;

export const setupPushEvents = {
  /** The account changed (first run done, signed out): the screens follow. */
  'setup:changed': SetupState,
} as const;
