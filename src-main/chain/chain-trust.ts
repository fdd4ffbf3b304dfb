import { toAppError } from '../../src-shared/errors';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import type { Device, DeviceAuthority, DeviceCredential } from '../hub/contract';
import type { PairingCodes, PairingSerial } from '../hub/trust/pairing-desk';
import type { ChainDevices } from './contract';
import type { DeviceGrants } from './device-grants';

/**
 * The hub's pairing (SPAKE2 bound to the certificate the screen pinned) with a chain server's codes:
 * the invite a manager printed (`npm run server -- invite`), kept in the database so that any
 * replica answers a hello. The device is registered with the stores, name and kind the invite
 * approved. The PAKE's session between hello and confirm stays in the answering replica's memory
 * (docs/chain-server.md: a load balancer keeps a client on one replica — the two steps come within
 * seconds on one TLS connection's address).
 */
export function inviteCodes(devices: ChainDevices, clock: Clock, logger: Logger): PairingCodes {
  const invite = (serial: PairingSerial): string => String(serial);
  return {
    try: async () => {
      const turn = await devices.tryInvite(clock.now());
      return turn.ok ? { ok: true, code: turn.code, serial: turn.inviteId, attemptsLeft: turn.attemptsLeft } : turn;
    },
    confirmable: async (serial) => (await devices.inviteState(invite(serial), clock.now())).closed,
    attemptsLeft: async (serial) => (await devices.inviteState(invite(serial), clock.now())).attemptsLeft,
    redeem: async (serial) => {
      const redeemed = await devices.redeem(invite(serial), clock.now());
      if (!redeemed.ok) return { closed: redeemed.closed };
      logger.info('chain: a store terminal paired', { device: redeemed.device.id, stores: redeemed.device.storeIds, kind: redeemed.device.kind });
      return { credential: redeemed.credential };
    },
  };
}

/**
 * Who may connect: a device of the database, not revoked. The lookup is the database's (a replica
 * that cannot reach it tells the screen to try again, never that it is unknown); revocations come
 * from any replica through the bus (DeviceGrants), and close the device's sockets here at once.
 */
export function chainAuthority(devices: ChainDevices, grants: DeviceGrants, logger: Logger): DeviceAuthority {
  return {
    verify: async (credential: DeviceCredential): Promise<Device | null> => {
      const device = await devices.verify(credential);
      // Known here from now on, so its first invoke and pushes need no second read.
      if (device && grants.storesOf(device.id) === null) await grants.reload();
      return device;
    },
    touched: (deviceId, at) => {
      devices.touched(deviceId, at).catch((error: unknown) => logger.warn('chain: a device\'s last contact could not be written', { device: deviceId, error: toAppError(error) }));
    },
    onRevoked: (listener) => grants.onRevoked(listener),
  };
}
