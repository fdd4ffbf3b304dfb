import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

/**
 * keytar against a real keychain: a private D-Bus session with gnome-keyring's Secret Service,
 * unlocked with a throwaway password (CI installs gnome-keyring, dbus-x11 and libsecret-1-0).
 */
const root = join(import.meta.dirname, '..', '..', '..');
const script = join(root, 'test', 'support', 'auth', 'keychain-roundtrip.ts');

function missing(): string | undefined {
  for (const binary of ['dbus-run-session', 'gnome-keyring-daemon']) {
    if (spawnSync('sh', ['-c', `command -v ${binary}`]).status !== 0) return `${binary} is not installed (apt: dbus-x11 / gnome-keyring)`;
  }
  return undefined;
}

const skip = missing();
if (skip) console.log(`# keychain test skipped: ${skip}`);

describe('OS keychain through keytar (headless gnome-keyring)', () => {
  it('stores, rotates, lists and deletes secrets in the keychain; auto picks it', { skip: skip ?? false }, () => {
    // A fresh keyring folder each run: the daemon creates the login keyring with this password.
    const keyrings = mkdtempSync(join(tmpdir(), 'st-keyring-'));
    const inner = `printf throwaway | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "${process.execPath}" --import tsx "${script}"`;
    const run = spawnSync('dbus-run-session', ['--', 'sh', '-c', inner], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, DISPLAY: '', XDG_DATA_HOME: keyrings },
    });
    rmSync(keyrings, { recursive: true, force: true });
    const line = run.stdout.trim().split('\n').pop() ?? '';
    assert.equal(run.status, 0, `child failed: ${run.stderr}`);
    const seen = JSON.parse(line) as Record<string, unknown>;
    assert.equal(seen.unavailable, undefined, `the keychain should be usable: ${String(seen.unavailable)}`);
    assert.deepEqual(seen, {
      kind: 'keychain',
      read: 'demo-secret',
      rotated: 'r2',
      accounts: ['client-secret:demo', 'refresh-token:demo'],
      afterDelete: null,
      autoKind: 'keychain',
    });
  });
});
