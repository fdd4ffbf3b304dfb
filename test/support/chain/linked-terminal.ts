import assert from 'node:assert/strict';
import type pg from 'pg';
import type { PushName } from '../../../src-shared/ipc/contract';
import { systemClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { PgChainDevices } from '../../../src-main/chain/db/chain-devices';
import { RemoteEndpoint } from '../../../src-main/hub/link/remote-endpoint';
import { waitFor } from '../sync/harness';

export interface LinkedTerminal {
  /** The device the replica knows it by (the trail's device). */
  deviceId: string;
  endpoint: RemoteEndpoint;
  pushes: { event: PushName; payload: unknown }[];
}

/**
 * A store terminal paired for `stores` (the manager's invite, redeemed) and linked to a replica as
 * a terminal links: its device credential over the screens' socket, the replica's certificate pinned.
 */
export async function linkTerminal(options: {
  pool: pg.Pool;
  port: number;
  fingerprint: string;
  now: number;
  stores: string[];
  name: string;
}): Promise<LinkedTerminal> {
  const devices = new PgChainDevices(options.pool, silentLogger);
  const invite = await devices.invite({ storeIds: options.stores, name: options.name, kind: 'counter' }, 120_000, options.now);
  const paired = await devices.redeem(invite.inviteId, invite.code, options.now);
  assert.ok(paired.ok, JSON.stringify(paired));
  const endpoint = new RemoteEndpoint({
    hub: () => ({ host: '127.0.0.1', port: options.port }),
    fingerprint: options.fingerprint,
    credential: paired.credential,
    role: 'server',
    clock: systemClock,
    logger: silentLogger,
  });
  const pushes: LinkedTerminal['pushes'] = [];
  endpoint.connect((event, payload) => pushes.push({ event, payload }));
  endpoint.start();
  await waitFor(() => endpoint.link().state === 'connected', `${options.name} linked`);
  return { deviceId: paired.device.id, endpoint, pushes };
}
