import { toAppError } from '../../src-shared/errors';
import { Listeners } from '../base/listeners';
import type { Logger } from '../base/log';
import type { ChainBus, ChainDevice, ChainDevices } from './contract';

/**
 * The stores each paired device may reach, as this replica knows them: read from the database at
 * start, again on every `device` notice (a revocation or a new grant on any replica), after the bus
 * lost its connection (a notice may have been missed), and for a device it does not know yet (paired
 * through another replica a moment ago). A revoked device has no grant: every invoke and every push
 * asks here first.
 */
export class DeviceGrants {
  private devices = new Map<string, ChainDevice>();
  private loading: Promise<void> | undefined;
  private readonly revoked: Listeners<[string]>;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly options: { devices: ChainDevices; bus: ChainBus; logger: Logger }) {
    this.revoked = new Listeners('revoked devices', options.logger);
  }

  async start(): Promise<void> {
    const { bus } = this.options;
    this.unsubscribe.push(
      bus.subscribe((notice) => {
        if (notice.kind !== 'device') return;
        void this.reload().then(() => {
          if (notice.change === 'revoked') this.revoked.emit(notice.deviceId);
        });
      }),
      bus.onReconnected(() => void this.reload()),
    );
    await this.reload();
  }

  stop(): void {
    for (const off of this.unsubscribe.splice(0)) off();
  }

  /** The device's stores now; null when it is unknown or revoked. */
  storesOf(deviceId: string): readonly string[] | null {
    const device = this.devices.get(deviceId);
    return device && device.revokedAt === null ? device.storeIds : null;
  }

  /** The same, reading the database once when the device is not known here yet. */
  async storesOfFresh(deviceId: string): Promise<readonly string[] | null> {
    if (!this.devices.has(deviceId)) await this.reload();
    return this.storesOf(deviceId);
  }

  /** A device was revoked (on any replica): its sockets here must close now. */
  onRevoked(listener: (deviceId: string) => void): () => void {
    return this.revoked.add(listener);
  }

  /** Reads every device again; reads asked while one is under way share it. Keeps the last list on failure. */
  reload(): Promise<void> {
    this.loading ??= this.options.devices
      .list()
      .then((list) => {
        const before = this.devices;
        this.devices = new Map(list.map((device) => [device.id, device]));
        for (const [id, device] of before) {
          if (device.revokedAt === null && this.storesOf(id) === null) this.revoked.emit(id);
        }
      })
      .catch((error: unknown) => this.options.logger.warn('chain: the device list could not be read', { error: toAppError(error) }))
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }
}
