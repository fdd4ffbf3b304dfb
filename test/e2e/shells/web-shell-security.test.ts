import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { request } from 'undici';
import { TEST_INSTANT } from '../../support/clock';
import { ROOT, startWebShell, type RunningShell } from '../../support/shells/web-shell';

/** Sends raw bytes on a fresh connection; resolves once the host answered or closed (or after a while). */
function raw(port: number, bytes: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (): void => {
      socket.destroy();
      resolve();
    };
    socket.on('data', done);
    socket.on('error', done);
    socket.on('close', done);
    socket.write(bytes);
    setTimeout(done, 1_500);
  });
}

/** Every entry under `dir` with its permission bits. */
function modes(dir: string): { path: string; mode: number; dir: boolean }[] {
  const out: { path: string; mode: number; dir: boolean }[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    out.push({ path, mode: statSync(path).mode & 0o777, dir: entry.isDirectory() });
    if (entry.isDirectory()) out.push(...modes(path));
  }
  return out;
}

/**
 * The web shell as a local attacker meets it: the real process, its data folder, its output. No
 * malformed request ends it, another local user reads none of its files, and the launch token is on
 * neither its command line nor its output.
 */
describe('web shell process: survives hostile input, keeps its data private, leaks no secret', () => {
  let shell: RunningShell;
  const dataDir = join(mkdtempSync(join(tmpdir(), 'st-sec-')), 'data');

  before(async () => {
    // A folder left loose by an older version or a backup restore: the terminal tightens it.
    mkdirSync(dataDir, { mode: 0o755 });
    writeFileSync(join(dataDir, 'stores.json'), '{"list":null,"details":{}}');
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'stores.json'), 0o644);
    shell = await startWebShell({ args: ['--demo'], dataDir });
    // Let the demo place orders and write its database and WAL.
    await new Promise((r) => setTimeout(r, 6_000));
  });
  after(() => shell?.stop());

  it('answers after each malformed request and stays up', async () => {
    const port = Number(new URL(shell.origin).port);
    const host = `Host: 127.0.0.1:${port}\r\n`;
    for (const bytes of [
      `GET / HTTP/1.1\r\n${host}Cookie: st_session=%E0%A4%A\r\n\r\n`,
      `GET http://[ HTTP/1.1\r\n${host}\r\n`,
      `GET /ipc HTTP/1.1\r\n${host}Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: http://127.0.0.1:${port}\r\nCookie: st_session=%E0%A4%A\r\n\r\n`,
      `GET http://[ HTTP/1.1\r\n${host}Connection: Upgrade\r\nUpgrade: websocket\r\n\r\n`,
      `GET / HTTP/1.1\r\n${host}X: ${'a'.repeat(70_000)}\r\n\r\n`,
      'NOT HTTP AT ALL\r\n\r\n',
    ]) {
      await raw(port, bytes);
      const page = await request(`${shell.origin}/`);
      await page.body.text();
      assert.equal(page.statusCode, 200);
    }
    assert.equal(shell.process.exitCode, null, 'the process is still running');
  });

  it('keeps the data folder 0700 and every file in it 0600 (database, WAL, stores, launch link, logs)', () => {
    assert.equal(statSync(dataDir).mode & 0o777, 0o700);
    const entries = modes(dataDir);
    const names = entries.map((e) => e.path.slice(dataDir.length + 1));
    for (const expected of [
      'demo/store-terminal.sqlite',
      'demo/store-terminal.sqlite-wal',
      'stores.json',
      'launch-url',
      'launch.html',
      'logs/store-terminal.log',
    ]) {
      assert.ok(names.includes(expected), `${expected} exists (${names.join(', ')})`);
    }
    for (const entry of entries) assert.equal(entry.mode, entry.dir ? 0o700 : 0o600, `${entry.path} is ${entry.mode.toString(8)}`);
  });

  it('prints no launch token, logs none, and has none on its command line', () => {
    const token = /#launch=([\w-]+)/.exec(readFileSync(join(dataDir, 'launch-url'), 'utf8'))?.[1];
    assert.ok(token);
    assert.ok(!shell.output().includes(token), 'not in stdout or stderr');
    assert.ok(!readFileSync(join(dataDir, 'logs', 'store-terminal.log'), 'utf8').includes(token), 'not in the log file');
    assert.doesNotMatch(shell.output(), /#launch=|secret=/);
    const cmdline = readFileSync(`/proc/${shell.process.pid}/cmdline`, 'utf8');
    assert.ok(!cmdline.includes(token));
  });
});

describe('web shell window: the Chromium it opens inherits no secret', () => {
  it('starts the window without STORE_TERMINAL_CLIENT_SECRET in its environment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-window-'));
    const seen = join(dir, 'window-env.txt');
    // Stands in for Chromium: writes down the environment it was given, then closes (which stops the shell).
    const fakeChromium = join(dir, 'chromium');
    writeFileSync(fakeChromium, `#!/bin/sh\nenv > '${seen}'\nexit 0\n`, { mode: 0o700 });
    const secret = 'e2e-SECRET-from-the-environment';
    const child = spawn(process.execPath, [join(ROOT, 'out', 'main', 'web.js'), '--demo', '--data-dir', join(dir, 'data'), '--clock-at', TEST_INSTANT], {
      env: { ...process.env, DISPLAY: ':99', STORE_TERMINAL_CHROMIUM: fakeChromium, STORE_TERMINAL_CLIENT_SECRET: secret, STORE_TERMINAL_LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (output += String(d)));
    const code = await new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGTERM');
        reject(new Error(`the shell did not stop after its window closed:\n${output}`));
      }, 30_000);
      child.once('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    assert.equal(code, 0, output);
    assert.match(output, /Opening a Chromium app window/);
    const environment = readFileSync(seen, 'utf8');
    assert.match(environment, /^DISPLAY=:99$/m, 'the window got the environment');
    assert.ok(!environment.includes(secret), 'the window inherited the client secret');
    assert.doesNotMatch(environment, /^STORE_TERMINAL_CLIENT_SECRET=/m);
    assert.ok(!output.includes(secret), 'nor did the shell print it');
  });
});
