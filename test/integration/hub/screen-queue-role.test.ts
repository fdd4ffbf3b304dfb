import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { JoinOutcome, LinkView } from '../../../src-shared/ipc/channels/join';
import { ManualClock } from '../../../src-main/base/clock';
import { CONFIG_FILE } from '../../../src-main/config/terminal-config';
import { SCREEN_OUTBOX_FILE } from '../../../src-main/db/screen-outbox/screen-outbox-db';
import { readHubCard } from '../../../src-main/hub/link/hub-card';
import { hubRequest, rawScreen, testHub } from '../../support/hub/link';
import { answeringHub, startTerminalApp, startTestHub } from '../../support/hub/screen-hub';
import { FakeEndpoint } from '../../support/hub/fakes';
import { waitFor } from '../../support/sync/harness';

/**
 * Which kind of hub a screen is paired to: a chain's server says `server` on its card and in every
 * `ready`; a screen learns it when it pairs (the card, on a connection pinned to the proven
 * certificate) and keeps it in config.json; a screen of a store's hub never opens the screen outbox.
 */
const closers: (() => Promise<void>)[] = [];
after(async () => {
  for (const close of closers.reverse()) await close();
});

describe("a hub started as a chain's server", () => {
  it("says so on its card and in every ready; a store's hub says terminal", async () => {
    const clock = new ManualClock();
    for (const role of ['server', 'terminal'] as const) {
      const hub = await testHub(clock, role === 'server' ? { role } : {});
      const server = await hub.start();
      closers.push(() => server.close());
      const card = JSON.parse((await hubRequest(server.port, '/hub')).body) as { role: string };
      assert.equal(card.role, role);
      assert.equal((await readHubCard({ host: '127.0.0.1', port: server.port }, hub.identity.fingerprint)).role, role, 'read pinned, as a screen does');
      const screen = await rawScreen(server.port);
      screen.send(hub.devices.pair('Balcão'));
      assert.equal((await screen.next((m) => m.ready === true)).role, role);
      screen.ws.close();
    }
  });

  it('a pinned card read refuses another certificate', async () => {
    const hub = await testHub(new ManualClock());
    const server = await hub.start();
    closers.push(() => server.close());
    await assert.rejects(
      readHubCard({ host: '127.0.0.1', port: server.port }, 'a'.repeat(64)),
      (e: unknown) => (e as { reason?: string }).reason === 'not-the-hub',
    );
  });
});

describe("a screen pairing with a chain's server", () => {
  it("keeps its role in config.json, and a screen of a store's hub opens no screen outbox", async () => {
    for (const role of ['server', 'terminal'] as const) {
      const hub = await startTestHub({ endpoint: answeringHub(new FakeEndpoint()), role });
      closers.push(() => hub.close());
      const terminal = await startTerminalApp();
      closers.push(async () => {
        await terminal.stop();
        rmSync(terminal.dataDir, { recursive: true, force: true });
      });
      const outcome = await terminal.invoke<JoinOutcome>('join:pair', {
        target: { via: 'address', address: `127.0.0.1:${hub.port}` },
        code: hub.openCode(),
        kind: 'counter',
        name: 'Balcão 2',
      });
      assert.ok(outcome.outcome === 'paired', JSON.stringify(outcome));
      assert.equal(outcome.screen.hubRole, role);
      assert.equal(JSON.parse(readFileSync(join(terminal.dataDir, CONFIG_FILE), 'utf8')).screen.role, role);
      await waitFor(async () => (await terminal.invoke<LinkView | null>('join:link'))?.state === 'connected', 'linked');
      assert.equal(existsSync(join(terminal.dataDir, SCREEN_OUTBOX_FILE)), role === 'server', "only a server's screen keeps actions on its disk");
    }
  });
});
