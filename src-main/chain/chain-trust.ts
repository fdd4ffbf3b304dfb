import { toAppError } from '../../src-shared/errors';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import type { Device, DeviceAuthority, DeviceCredential } from '../hub/contract';
import type { PairingCodes, PairingSerial } from '../hub/trust/pairing-desk';
import type { ChainDevices } from './contract';
import type { DeviceGrants } from './device-grants';

/** A hello's session waits this long for its confirmation (pair-client.ts sends it right after the hello). */
const SESSION_MS = 2 * 60_000;

/**
 * The hub's pairing (SPAKE2 bound to the certificate the screen pinned) with a chain server's codes:
 * the invite a manager printed (`npm run server -- invite`), kept in the database so that any
 * replica answers a hello. The device is registered with the stores, name and kind the invite
 * approved. The PAKE's session between hello and confirm stays in the answering replica's memory
 * (docs/chain-server.md: a load balancer keeps a client on one replica — the two steps come within
 * seconds on one TLS connection's address).
 */
export function inviteCodes(devices: ChainDevices, clock: Clock, logger: Logger): PairingCodes {
  // What each hello's charge said, per invite: a wrong confirmation reports the tries left as of its
  // hello, and a session not confirmed within SESSION_MS is over (the screen confirms at once).
  const charged = new Map<string, { attemptsLeft: number; at: number }>();
  const invite = (serial: PairingSerial): string => String(serial);
  const forget = (now: number): void => {
    for (const [id, turn] of charged) if (now - turn.at >= SESSION_MS) charged.delete(id);
  };
  return {
    try: async (named) => {
      const now = clock.now();
      forget(now);
      const inviteId = await devices.currentInvite(now, named);
      if (inviteId === null) return { ok: false, closed: 'none' };
      const turn = await devices.chargeInvite(inviteId, now);
      if (!turn.ok) return turn;
      charged.set(inviteId, { attemptsLeft: turn.attemptsLeft, at: now });
      return { ok: true, code: turn.code, serial: inviteId, attemptsLeft: turn.attemptsLeft };
    },
    confirmable: (serial) => {
      const turn = charged.get(invite(serial));
      return turn && clock.now() - turn.at < SESSION_MS ? null : 'expired';
    },
    attemptsLeft: (serial) => charged.get(invite(serial))?.attemptsLeft ?? 0,
    redeem: async (serial) => {
      const used = await devices.useInvite(invite(serial), clock.now());
      if (!used.ok) return { closed: used.closed };
      charged.delete(invite(serial));
      logger.info('chain: a store terminal paired', { device: used.device.id, stores: used.device.storeIds, kind: used.device.kind });
      return { credential: used.credential };
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
      devices
        .touched(deviceId, at)
        .catch((error: unknown) => logger.warn("chain: a device's last contact could not be written", { device: deviceId, error: toAppError(error) }));
    },
    onRevoked: (listener) => grants.onRevoked(listener),
  };
}
