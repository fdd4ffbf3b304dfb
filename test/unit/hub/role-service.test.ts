import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { HubService, type HubServiceOptions } from '../../../src-main/hub/hub-service';
import type { HubAdvertisement } from '../../../src-main/hub/discovery/advertise';
import { pairWithHub } from '../../../src-main/hub/trust/pair-client';
import { pairAsScreen } from '../../../src-main/features/join/pairing';
import { FakeEndpoint } from '../../support/hub/fakes';
import { advanceUntil } from '../../support/hub/link';

const folders: string[] = [];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'st-hub-service-'));
  folders.push(dir);
  return dir;
}

/** A hub service on loopback, a manual clock, a settings object the test changes, an account open unless said. */
function hubService(options: Partial<HubServiceOptions> & { dataDir?: string } = {}) {
  const clock = new ManualClock(Date.parse('2026-11-24T15:00:00Z'));
  const settings = { enabled: true, port: 0 };
  const role = { hub: true };
  const announced: string[] = [];
  const service = new HubService({
    dataDir: options.dataDir ?? folder(),
    clock,
    logger: silentLogger,
    endpoint: new FakeEndpoint(),
    settings: () => settings,
    isHub: () => role.hub,
    name: async () => 'Cantina da Vila',
    host: '127.0.0.1',
    advertise: async ({ identity }): Promise<HubAdvertisement> => {
      announced.push(identity.name);
      return { problem: null, close: async () => {} };
    },
    ...options,
  });
  return { clock, settings, role, service, announced };
}

/** Whether something answers TCP on the port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function holdPort(): Promise<Server & { port: number }> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => resolve(Object.assign(server, { port: (server.address() as { port: number }).port })));
  });
}

describe('hub service', () => {
  it("a terminal that never paired a screen opens no port and writes nothing of the hub's", async () => {
    const { service } = hubService();
    const dataDir = folders.at(-1) ?? '';
    service.start();
    await service.refresh();
    const view = service.view();
    assert.equal(view.state, 'idle');
    assert.deepEqual(view.screens, []);
    assert.equal(view.pairing.state, 'none');
    assert.equal(existsSync(join(dataDir, 'hub')), false);
    await service.stop();
  });

  it('takes no screens without an account, nor with "Aceitar telas" off: said, and refused', async () => {
    const { service, role, settings } = hubService();
    service.start();
    role.hub = false;
    assert.equal(service.view().state, 'off');
    await assert.rejects(service.openPairing(), (e: unknown) => e instanceof AppError && e.code === 'not-configured');
    role.hub = true;
    settings.enabled = false;
    assert.equal(service.view().state, 'off');
    await assert.rejects(service.openPairing(), (e: unknown) => e instanceof AppError && e.code === 'conflict');
    await service.stop();
  });

  it("a code opens the port under the store's name; the code expiring closes it again when no screen is paired", async () => {
    const { service, clock, announced } = hubService();
    service.start();
    const view = await service.openPairing();
    assert.equal(view.state, 'listening');
    assert.equal(view.name, 'Cantina da Vila');
    assert.equal(view.pairing.state, 'open');
    assert.ok(view.invite, 'the QR has an address to give');
    assert.equal(view.invite?.host, '127.0.0.1');
    assert.match(view.fingerprint ?? '', /^[0-9a-f]{64}$/);
    assert.ok(await answers(view.port));
    await advanceUntil(clock, () => announced.length > 0, 'announced');
    assert.deepEqual(announced, ['Cantina da Vila']);
    await advanceUntil(clock, () => service.view().state === 'idle', 'the port closed after the code expired', 1_000);
    assert.equal(service.view().pairing.state, 'expired');
    assert.equal(await answers(view.port), false);
    await service.stop();
  });

  it('with no screen paired, the fifth wrong code and the right one after it are told the code ended, not met by a closed port; the port closes once that is no longer news', async () => {
    const { service, clock } = hubService();
    service.start();
    const shown = await service.openPairing();
    assert.equal(shown.pairing.state, 'open');
    if (shown.pairing.state !== 'open') return;
    const { code, expiresAt } = shown.pairing;
    // What the screen's join step says (features/join): the same words as for a typed address.
    const join = (digits: string) =>
      pairAsScreen(
        { target: { via: 'address', address: `127.0.0.1:${shown.port}` }, code: digits, name: 'Cozinha 1', kind: 'kitchen' },
        { clock, logger: silentLogger, pair: pairWithHub, found: () => undefined },
      );
    const wrong = code === '000000' ? '000001' : '000000';
    for (const left of [4, 3, 2, 1]) assert.deepEqual(await join(wrong), { outcome: 'refused', reason: 'wrong-code', attemptsLeft: left });
    assert.deepEqual(
      await join(wrong),
      { outcome: 'refused', reason: 'code-ended', attemptsLeft: 0 },
      'the fifth wrong code: ended, not "no terminal answered"',
    );
    await service.refresh();
    assert.deepEqual([service.view().pairing.state, service.view().state], ['ended', 'listening'], 'the hub says the same, and still answers');
    assert.deepEqual(
      await join(code),
      { outcome: 'refused', reason: 'code-ended', attemptsLeft: 0 },
      'the right code after it: ended too, and it pairs nothing',
    );
    assert.deepEqual(service.view().screens, []);

    // Past its two minutes it is told expired, for a while; then nothing opens the port any more.
    await clock.advance(expiresAt - clock.now());
    assert.deepEqual(await join(code), { outcome: 'refused', reason: 'code-expired', attemptsLeft: null });
    await advanceUntil(clock, () => service.view().state === 'idle', 'the port closed', 1_000);
    assert.equal(await answers(shown.port), false);
    await service.stop();
  });

  it('a port taken by another program is a problem on screen, never a throw; tried again, it opens once free', async () => {
    const holder = await holdPort();
    const { service, settings } = hubService({ port: undefined });
    settings.port = holder.port;
    service.start();
    const failed = await service.openPairing();
    assert.equal(failed.state, 'failed');
    assert.equal(failed.problem?.kind, 'port-in-use');
    assert.equal(failed.port, holder.port);
    await new Promise((resolve) => holder.close(resolve));
    await service.refresh();
    const view = service.view();
    assert.equal(view.state, 'listening');
    assert.equal(view.problem, null);
    assert.equal(view.port, holder.port);
    await service.stop();
    assert.equal(await answers(holder.port), false, 'stop let go of the port');
  });

  it('a paired screen keeps the port open, across a restart, and revoking the last one closes it', async () => {
    const dataDir = folder();
    const first = hubService({ dataDir });
    first.service.start();
    const shown = await first.service.openPairing();
    assert.equal(shown.pairing.state, 'open');
    if (shown.pairing.state !== 'open') return;
    const paired = await pairWithHub({
      host: '127.0.0.1',
      port: shown.port,
      code: shown.pairing.code,
      name: 'Cozinha 1',
      kind: 'kitchen',
      expectedFingerprint: shown.fingerprint ?? undefined,
    });
    await first.service.refresh();
    assert.equal(first.service.view().pairing.state, 'used');
    assert.deepEqual(
      first.service.view().screens.map((s) => [s.name, s.kind, s.connected]),
      [['Cozinha 1', 'kitchen', false]],
    );
    await first.service.stop();

    const again = hubService({ dataDir });
    again.service.start();
    await again.service.refresh();
    const back = again.service.view();
    assert.equal(back.state, 'listening', 'no code needed: a screen is paired');
    assert.equal(back.fingerprint, paired.fingerprint, 'the same certificate screens pinned');
    const revoked = await again.service.revoke(paired.credential.deviceId);
    assert.deepEqual(revoked.screens, []);
    assert.equal(revoked.state, 'idle');
    await assert.rejects(again.service.revoke(paired.credential.deviceId), (e: unknown) => e instanceof AppError && e.code === 'not-found');
    await again.service.stop();
  });

  it('turning "Aceitar telas" off closes the port and keeps the screens paired', async () => {
    const { service, settings } = hubService();
    service.start();
    const view = await service.openPairing();
    settings.enabled = false;
    await service.refresh();
    assert.equal(service.view().state, 'off');
    assert.equal(await answers(view.port), false);
    await service.stop();
  });

  it('says why screens cannot find it by name, and still listens for those that type its address', async () => {
    const { service } = hubService({ advertise: async () => ({ problem: { kind: 'no-interface', message: 'no network' }, close: async () => {} }) });
    service.start();
    await service.openPairing();
    await advanceUntil(new ManualClock(), () => service.view().discovery !== null, 'the announcement answered');
    assert.equal(service.view().discovery, 'no-interface');
    assert.equal(service.view().state, 'listening');
    await service.stop();
  });

  it('a store name the platform is slow to give does not hold the port: the last known name serves', async () => {
    const { service, clock } = hubService({ name: () => new Promise(() => {}) });
    service.start();
    const opening = service.openPairing();
    await advanceUntil(clock, () => service.view().state === 'listening', 'listening without the name', 500);
    const view = await opening;
    assert.equal(view.name, 'Store Terminal');
    await service.stop();
  });

  it('tells its listeners when the list or the code changes', async () => {
    const { service } = hubService();
    let told = 0;
    service.onChanged(() => told++);
    service.start();
    await service.openPairing();
    const before = told;
    await service.closePairing();
    assert.ok(told > before);
    assert.equal(service.view().pairing.state, 'none');
    await service.stop();
  });
});
