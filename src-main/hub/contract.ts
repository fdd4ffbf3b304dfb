import { z } from 'zod';
import { ScreenKind, type ActionOrigin } from '../../src-shared/ipc/channels/screens';
import type { IpcResult, PushName } from '../../src-shared/ipc/contract';

/**
 * What the hub room is built on: the seams a store's hub terminal and, later, a chain's server
 * replicas share (docs/architecture.md § Hub and screens). A screen is a device paired to the hub;
 * it never sees the marketplace's credentials. Each interface here has one implementation on a
 * terminal (SQLite, in process) and may get another on a server (PostgreSQL, LISTEN/NOTIFY).
 */

/** What a paired screen is for (it decides which screen the renderer opens on it): the contract's own. */
export { ScreenKind };

/** A paired screen as the hub knows it. */
export const Device = z.object({
  id: z.string().min(8).max(64),
  name: z.string().min(1).max(60),
  kind: ScreenKind,
  pairedAt: z.number().int(),
  lastContactAt: z.number().int().nullable(),
  revokedAt: z.number().int().nullable(),
});
export type Device = z.infer<typeof Device>;

/** The long-lived secret a screen shows the hub on every connection (kept in the screen's keychain). */
export const DeviceCredential = z.object({
  deviceId: z.string().min(8).max(64),
  secret: z.string().min(32).max(128),
});
export type DeviceCredential = z.infer<typeof DeviceCredential>;

/** The hub's identity on the store's network: its self-signed TLS certificate, pinned by screens. */
export interface HubIdentity {
  hubId: string;
  /** The name screens show when they list hubs (the store's name, or the terminal's). */
  name: string;
  certPem: string;
  keyPem: string;
  /** SHA-256 of the certificate's DER, lowercase hex: what a screen pins. */
  fingerprint: string;
}

/** Who may connect: the hub's list of paired screens. */
export interface DeviceAuthority {
  /**
   * The device when the credential is its own and it is not revoked; null otherwise. A hub's list
   * answers at once and never throws; a chain server's asks its database (a promise, which rejects
   * when the database cannot answer: the screen is then told to try again, not that it is unknown).
   */
  verify(credential: DeviceCredential): Device | null | Promise<Device | null>;
  /** The device was heard from (the hub's list shows the last contact). */
  touched(deviceId: string, at: number): void;
  /** A revoked device's connections are closed at once. */
  onRevoked(listener: (deviceId: string) => void): () => void;
}

/** One pairing step as the HTTPS route hands it over: an untrusted body, answered with a status and a body. */
export interface PairingDesk {
  answer(step: string, body: unknown, peer: { address: string }): Promise<{ status: number; body: unknown }>;
}

/**
 * Which paired screen made a call, so the hub can say who did it ("confirmed by Kitchen 1").
 * Absent for the hub's own windows.
 */
export type InvokeOrigin = ActionOrigin;

/**
 * The contract as a hub serves it: the same channels and pushes the Electron preload and the web
 * shell serve (`App.ipc.invoke`, `App.push.connect`).
 */
export interface ContractEndpoint {
  invoke(channel: unknown, input: unknown, origin?: InvokeOrigin): Promise<IpcResult<unknown>>;
  /**
   * `origin`: the paired device whose socket hears these pushes, so an endpoint that serves several
   * stores (a chain's server) can filter them per device; a hub serves one store and ignores it.
   */
  connect(sink: (event: PushName, payload: unknown) => void, origin?: InvokeOrigin): () => void;
}
