import type { WebSocket } from 'ws';
import type { HubRole } from '../../../src-shared/ipc/channels/join';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import { DeviceCredential, type ContractEndpoint, type Device, type DeviceAuthority } from '../contract';
import { serveContractSocket, type Admission, type ContractSocket, type Refusal } from './contract-socket';
import { CLOSE } from './protocol';
import { screenMayHear, screenMayInvoke } from './screen-channels';

/** How patient and how generous the hub is with its screens; tests shorten them. */
export interface ScreenLimits {
  /** A socket that has not shown its device credential by then is closed. */
  credentialWithinMs: number;
  /** A device's last contact is written at most this often (the list shows minutes, not milliseconds). */
  touchEveryMs: number;
  /** Bytes of pushes a screen may leave unread before it is cut. */
  maxBufferedBytes: number;
  maxInFlight: number;
  /** A screen pings every few seconds: one silent this long is gone (a pulled cable sends no goodbye). */
  silentAfterMs: number;
}

export const SCREEN_LIMITS: ScreenLimits = {
  credentialWithinMs: 5_000,
  touchEveryMs: 5_000,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxInFlight: 64,
  silentAfterMs: 45_000,
};

interface Connection {
  device: Device;
  socket: ContractSocket;
  ws: WebSocket;
  heardAt: number;
}

/**
 * The hub's screens connected now: each socket is admitted by its device credential alone, serves
 * the channels screens may call with the device named as the caller, and is closed at once when
 * its device is revoked.
 */
export class ScreenSockets {
  private readonly connections = new Set<Connection>();
  private readonly touchedAt = new Map<string, number>();

  constructor(
    private readonly options: {
      devices: DeviceAuthority;
      endpoint: ContractEndpoint;
      clock: Clock;
      logger: Logger;
      limits: ScreenLimits;
      /** Said with every `ready` (protocol.ts ReadyMessage). */
      role?: HubRole;
      /** A screen came or went (the hub's list shows which are connected). */
      presence?: () => void;
    },
  ) {}

  get count(): number {
    return this.connections.size;
  }

  /** The devices with a socket admitted now. */
  connectedDevices(): Set<string> {
    return new Set([...this.connections].map((c) => c.device.id));
  }

  /** Serves a screen's socket; `proven` is told once its device credential holds (the server's guard stops counting it as a stranger). */
  serve(ws: WebSocket, proven?: () => void): void {
    const { limits, logger } = this.options;
    let connection: Connection | undefined;
    const socket = serveContractSocket(ws, {
      logger,
      admit: (first) => {
        const credential = DeviceCredential.safeParse(first);
        if (!credential.success) return { code: CLOSE.NO_CREDENTIAL, reason: 'no credential' };
        const admitted = (device: Device | null): Admission | Refusal => {
          if (!device) {
            logger.warn('hub: a screen showed a credential the hub did not give', { device: credential.data.deviceId });
            return { code: CLOSE.UNKNOWN_DEVICE, reason: 'unknown device' };
          }
          // Gone while its credential was being looked up (a chain server's database).
          if (ws.readyState !== ws.OPEN) return { code: 1001, reason: 'gone' };
          connection = { device, socket, ws, heardAt: this.options.clock.now() };
          this.connections.add(connection);
          this.touch(connection);
          proven?.();
          this.options.presence?.();
          return this.admission(connection);
        };
        const found = this.options.devices.verify(credential.data);
        return found instanceof Promise ? found.then(admitted) : admitted(found);
      },
      firstMessageWithinMs: limits.credentialWithinMs,
      late: { code: CLOSE.NO_CREDENTIAL, reason: 'no credential' },
      maxBufferedBytes: limits.maxBufferedBytes,
      maxInFlight: limits.maxInFlight,
    });
    // The screen's heartbeat counts as contact too.
    ws.on('ping', () => connection && this.touch(connection));
    ws.on('close', () => connection && this.connections.delete(connection) && this.options.presence?.());
  }

  /** Closes every socket of the device now: no answer or push reaches it after this. */
  closeDevice(deviceId: string): void {
    for (const connection of this.connections) {
      if (connection.device.id !== deviceId) continue;
      this.options.logger.info('hub: a revoked screen was disconnected', { device: deviceId });
      connection.socket.end({ code: CLOSE.REVOKED, reason: 'revoked' });
      this.connections.delete(connection);
      this.options.presence?.();
    }
  }

  /** Cuts the screens not heard from for too long; their sockets would otherwise hold pushes forever. */
  sweepSilent(): void {
    const now = this.options.clock.now();
    for (const connection of this.connections) {
      if (now - connection.heardAt < this.options.limits.silentAfterMs) continue;
      this.options.logger.info('hub: a silent screen was cut', { device: connection.device.id });
      connection.ws.terminate();
      this.connections.delete(connection);
      this.options.presence?.();
    }
  }

  private admission(connection: Connection): Admission {
    const { id, name, kind } = connection.device;
    return {
      endpoint: this.options.endpoint,
      ready: { device: { id, name, kind }, role: this.options.role ?? 'terminal' },
      origin: { id, name, kind },
      mayInvoke: screenMayInvoke,
      mayHear: screenMayHear,
      heard: () => this.touch(connection),
    };
  }

  private touch(connection: Connection): void {
    const now = this.options.clock.now();
    connection.heardAt = now;
    const id = connection.device.id;
    if (now - (this.touchedAt.get(id) ?? -Infinity) < this.options.limits.touchEveryMs) return;
    this.touchedAt.set(id, now);
    try {
      this.options.devices.touched(id, now);
    } catch (error) {
      // The list's last contact is news, not a gate: a registry that cannot write it keeps the screen served.
      this.options.logger.warn("hub: a screen's last contact could not be written", { device: id, error });
    }
  }
}
