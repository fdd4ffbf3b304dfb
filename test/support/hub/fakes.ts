import { randomBytes, randomUUID, X509Certificate } from 'node:crypto';
import { generate } from 'selfsigned';
import type { IpcResult, PushName } from '../../../src-shared/ipc/contract';
import type {
  ContractEndpoint,
  Device,
  DeviceAuthority,
  DeviceCredential,
  HubIdentity,
  InvokeOrigin,
  PairingDesk,
  ScreenKind,
} from '../../../src-main/hub/contract';
import { normalFingerprint } from '../../../src-main/hub/link/pinned-tls';

/**
 * In-memory stand-ins for the hub's trust room (its identity, its device registry, its pairing
 * desk) and for the app a hub serves, so the link is tested on its own: the real ones are built
 * elsewhere and meet the link only through src-main/hub/contract.ts.
 */

/** A throwaway self-signed certificate, as the hub makes one (EC: quick to make in a test). */
export async function testHubIdentity(name = 'Balcão'): Promise<HubIdentity> {
  const pems = await generate([{ name: 'commonName', value: 'store-terminal-hub' }], { keyType: 'ec', curve: 'P-256', algorithm: 'sha256' });
  return {
    hubId: randomUUID(),
    name,
    certPem: pems.cert,
    keyPem: pems.private,
    fingerprint: normalFingerprint(new X509Certificate(pems.cert).fingerprint256),
  };
}

/** The hub's device registry: pair, revoke, and what the link asked of it. */
export class FakeDevices implements DeviceAuthority {
  readonly devices = new Map<string, Device & { secret: string }>();
  readonly touches: { deviceId: string; at: number }[] = [];
  verifyCalls = 0;
  private readonly revokedListeners = new Set<(deviceId: string) => void>();

  pair(name: string, kind: ScreenKind = 'kitchen'): DeviceCredential {
    const id = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    this.devices.set(id, { id, name, kind, pairedAt: 0, lastContactAt: null, revokedAt: null, secret });
    return { deviceId: id, secret };
  }

  revoke(deviceId: string, at = 1): void {
    const device = this.devices.get(deviceId);
    if (device) device.revokedAt = at;
    for (const listener of this.revokedListeners) listener(deviceId);
  }

  verify(credential: DeviceCredential): Device | null {
    this.verifyCalls++;
    const device = this.devices.get(credential.deviceId);
    if (!device || device.revokedAt !== null || device.secret !== credential.secret) return null;
    const { secret: _secret, ...known } = device;
    return known;
  }

  touched(deviceId: string, at: number): void {
    this.touches.push({ deviceId, at });
  }

  onRevoked(listener: (deviceId: string) => void): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }
}

/** The pairing desk: records each step and answers as told (or throws, to prove the route answers anyway). */
export class FakePairingDesk implements PairingDesk {
  readonly steps: { step: string; body: unknown; address: string }[] = [];
  reply: (step: string, body: unknown) => Promise<{ status: number; body: unknown }> = async (step) => ({ status: 200, body: { step, ok: true } });

  answer(step: string, body: unknown, peer: { address: string }): Promise<{ status: number; body: unknown }> {
    this.steps.push({ step, body, address: peer.address });
    return this.reply(step, body);
  }
}

/** The hub's app: answers every channel with what it was given, records who called, pushes on demand. */
export class FakeEndpoint implements ContractEndpoint {
  readonly calls: { channel: unknown; input: unknown; origin: InvokeOrigin | undefined }[] = [];
  private readonly sinks = new Set<(event: PushName, payload: unknown) => void>();
  answer: (channel: unknown, input: unknown) => Promise<IpcResult<unknown>> = async (channel, input) => ({ ok: true, value: { channel, input } });

  get listeners(): number {
    return this.sinks.size;
  }

  invoke(channel: unknown, input: unknown, origin?: InvokeOrigin): Promise<IpcResult<unknown>> {
    this.calls.push({ channel, input, origin });
    return this.answer(channel, input);
  }

  connect(sink: (event: PushName, payload: unknown) => void): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }

  push(event: PushName, payload: unknown): void {
    for (const sink of this.sinks) sink(event, payload);
  }
}
