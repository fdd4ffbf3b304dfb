import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import { configFromFlags, defaultDataDir, loadConfig, readTerminalCommandLine, terminalUsage } from '../../../src-main/config/config';

describe('configuration from flags and environment', () => {
  it("defaults to no account from flags (the first-run screen or the saved one decides), a window, the mode's poll interval", () => {
    const config = loadConfig([], { HOME: '/home/x' });
    assert.equal(config.apiBaseUrl, undefined);
    assert.equal(config.demo, false);
    assert.equal(config.pollIntervalSeconds, undefined);
    assert.equal(loadConfig(['--poll-interval', '12'], {}).pollIntervalSeconds, 12);
    assert.equal(loadConfig(['--demo'], {}).demo, true);
    assert.equal(config.clockRate, undefined, 'real time unless asked');
    assert.equal(loadConfig(['--clock-at', '2026-11-24T12:00:00-03:00', '--clock-rate', '40'], {}).clockRate, 40);
    assert.equal(loadConfig(['--clock-at', '2026-11-24T12:00:00-03:00'], { STORE_TERMINAL_CLOCK_RATE: '2.5' }).clockRate, 2.5);
    assert.equal(loadConfig([], { STORE_TERMINAL_DEMO: '1' }).demo, true);
    assert.equal(config.openWindow, true);
    assert.ok(config.dataDir.endsWith('store-terminal'));
  });

  it('reads every flag, and STORE_TERMINAL_* variables when a flag is absent (flags win)', () => {
    const config = loadConfig(
      [
        '--api-base-url',
        'https://api.example.test/base',
        '--client-id',
        'abc',
        '--data-dir',
        '/tmp/d',
        '--poll-interval',
        '15',
        '--shell',
        'web',
        '--no-window',
      ],
      { STORE_TERMINAL_CLIENT_SECRET: 's3cret', STORE_TERMINAL_CLIENT_ID: 'ignored', STORE_TERMINAL_POLL_INTERVAL: '20' },
    );
    assert.equal(config.apiBaseUrl, 'https://api.example.test/base');
    assert.equal(config.clientId, 'abc');
    assert.equal(config.clientSecret, 's3cret');
    assert.equal(config.dataDir, '/tmp/d');
    assert.equal(config.pollIntervalSeconds, 15);
    assert.equal(config.shell, 'web');
    assert.equal(config.openWindow, false);
    assert.equal(loadConfig([], { STORE_TERMINAL_NO_WINDOW: '1' }).openWindow, false);
  });

  it('refuses a real API without credentials, a bad URL, a poll interval over 30 s, an unknown shell', () => {
    const cases: [string[], string][] = [
      [['--api-base-url', 'https://api.example.test'], 'clientId'],
      [['--api-base-url', 'ftp://nope', '--client-id', 'a'], 'apiBaseUrl'],
      [['--api-base-url', 'http://api.example.test', '--client-id', 'a'], 'apiBaseUrl'],
      [['--client-secret', 'b'], 'clientSecret'],
      [['--client-secret-file', '/nonexistent/secret'], 'clientSecret'],
      [['--poll-interval', '45'], 'pollIntervalSeconds'],
      [['--poll-interval', 'soon'], 'pollIntervalSeconds'],
      [['--shell', 'tty'], 'shell'],
      // A faster clock only from a chosen instant, 1 to 60 times real time.
      [['--clock-rate', '40'], 'clockRate'],
      ...['0', '0.5', '-3', '61', 'fast', 'Infinity', '1e9'].map((rate): [string[], string] => [
        ['--clock-at', '2026-11-24T12:00:00-03:00', '--clock-rate', rate],
        'clockRate',
      ]),
    ];
    for (const [argv, field] of cases) {
      assert.throws(
        () => loadConfig(argv, {}),
        (error: unknown) => error instanceof AppError && error.code === 'bad-input' && error.field === field,
        `${argv.join(' ')} should be refused on ${field}`,
      );
    }
  });

  it('takes the secret from the environment or an owner-only file, never from a flag; http only on this machine', () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-secret-'));
    writeFileSync(join(dir, 'secret'), 'from-a-file\n', { mode: 0o600 });
    assert.equal(loadConfig(['--client-secret-file', join(dir, 'secret')], {}).clientSecret, 'from-a-file');
    assert.equal(loadConfig([], { STORE_TERMINAL_CLIENT_SECRET: 'from-env' }).clientSecret, 'from-env');
    assert.throws(
      () => loadConfig(['--client-secret', 'visible-in-ps'], {}),
      (e: unknown) => e instanceof AppError && /STORE_TERMINAL_CLIENT_SECRET/.test(e.message) && !/visible-in-ps/.test(e.message),
    );
    for (const local of ['http://127.0.0.1:8787', 'http://localhost:9', 'http://[::1]:8080']) {
      assert.equal(loadConfig(['--api-base-url', local, '--client-id', 'a'], {}).apiBaseUrl, local);
    }
  });

  it('takes the secret out of the environment it read it from, so no process started later inherits it', () => {
    const env: NodeJS.ProcessEnv = { STORE_TERMINAL_CLIENT_SECRET: 'env-secret-1', PATH: '/usr/bin' };
    assert.equal(loadConfig([], env).clientSecret, 'env-secret-1');
    assert.deepEqual(env, { PATH: '/usr/bin' });

    // The real environment: a child started after the configuration is read (as the web shell starts
    // its Chromium window) must not see the secret.
    const before = process.env.STORE_TERMINAL_CLIENT_SECRET;
    process.env.STORE_TERMINAL_CLIENT_SECRET = 'env-secret-2';
    try {
      assert.equal(loadConfig([], process.env).clientSecret, 'env-secret-2');
      const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(JSON.stringify(process.env))'], { encoding: 'utf8' });
      assert.equal(child.status, 0);
      assert.ok(!child.stdout.includes('env-secret-2'), 'the child inherited the secret');
      assert.ok(!('STORE_TERMINAL_CLIENT_SECRET' in (JSON.parse(child.stdout) as Record<string, string>)));
    } finally {
      if (before === undefined) delete process.env.STORE_TERMINAL_CLIENT_SECRET;
      else process.env.STORE_TERMINAL_CLIENT_SECRET = before;
    }
  });

  it('refuses a secret file the group or others may read, saying how to make it owner-only (not on Windows)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-secret-'));
    const file = join(dir, 'secret');
    writeFileSync(file, 'loose-secret\n');
    for (const mode of [0o644, 0o640, 0o604, 0o660, 0o602]) {
      chmodSync(file, mode);
      for (const [argv, env] of [
        [['--client-secret-file', file], {}],
        [[], { STORE_TERMINAL_CLIENT_SECRET_FILE: file }],
      ] as const) {
        assert.throws(
          () => loadConfig(argv, { ...env }, 'linux'),
          (e: unknown) =>
            e instanceof AppError &&
            e.code === 'bad-input' &&
            e.field === 'clientSecret' &&
            e.message.includes(`chmod 600 ${file}`) &&
            !e.message.includes('loose-secret'),
          `mode ${mode.toString(8)} should be refused`,
        );
      }
    }
    chmodSync(file, 0o400);
    assert.equal(loadConfig(['--client-secret-file', file], {}, 'linux').clientSecret, 'loose-secret');
    chmodSync(file, 0o644);
    assert.equal(loadConfig(['--client-secret-file', file], {}, 'win32').clientSecret, 'loose-secret', 'Windows has no such modes');
  });

  it('ignores switches that Electron or Chromium add', () => {
    assert.doesNotThrow(() => loadConfig(['--enable-logging', '--inspect=9229', 'out/main/main.js'], {}));
  });

  it('places the data folder where Electron puts userData on each platform', () => {
    assert.match(defaultDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux'), /^\/cfg\/store-terminal$/);
    assert.match(defaultDataDir({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32'), /Store Terminal$/);
    assert.match(defaultDataDir({}, 'darwin'), /Library\/Application Support\/Store Terminal$/);
  });
});

describe("the terminal's command line: its usage and its refusals", () => {
  it('asks for the usage on --help or -h, whatever else the line holds, before any flag is read', () => {
    for (const argv of [['--help'], ['-h'], ['--demo', '--help'], ['--bogus', '-h'], ['--poll-interval', '99', '--help']]) {
      for (const unknownFlags of ['refuse', 'pass'] as const)
        assert.deepEqual(readTerminalCommandLine(argv, { unknownFlags }), { kind: 'help' }, argv.join(' '));
    }
    assert.equal(readTerminalCommandLine(['--', '--help'], { unknownFlags: 'pass' }).kind, 'run', 'after -- it is not a flag');
  });

  it("refuses an unknown flag or a stray argument in the web shell, and passes Chromium's switches in Electron", () => {
    assert.deepEqual(readTerminalCommandLine(['--demo', '--bogus'], { unknownFlags: 'refuse' }), { kind: 'refused', reason: 'unknown flag --bogus' });
    assert.deepEqual(readTerminalCommandLine(['--no-windows'], { unknownFlags: 'refuse' }), { kind: 'refused', reason: 'unknown flag --no-windows' });
    assert.deepEqual(readTerminalCommandLine(['demo'], { unknownFlags: 'refuse' }), { kind: 'refused', reason: 'unexpected argument demo' });
    assert.equal(readTerminalCommandLine(['--data-dir'], { unknownFlags: 'refuse' }).kind, 'refused', 'a flag without its value');
    const electron = readTerminalCommandLine(['out/main/main.js', '--no-sandbox', '--demo'], { unknownFlags: 'pass' });
    assert.ok(electron.kind === 'run' && electron.parsed.demo === true);
    const web = readTerminalCommandLine(['--demo', '--web-port', '0'], { unknownFlags: 'refuse' });
    assert.ok(web.kind === 'run');
    assert.equal(configFromFlags(web.parsed, {}).webPort, 0);
  });

  it("lists every flag of the README's integrators table with its environment variable, in 80 columns", () => {
    const usage = terminalUsage();
    const readme = readFileSync(join(import.meta.dirname, '..', '..', '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## For integrators'), readme.indexOf('### What the web shell promises'));
    const rows = section.split('\n').filter((row) => /^\| (`--|—)/.test(row));
    assert.ok(rows.length >= 15, `the table's rows: ${rows.length}`);
    for (const row of rows) {
      const [, flagCell = '', variableCell = ''] = row.split(/(?<!\\)\|/).map((cell) => cell.trim());
      const flag = /`(--[a-z-]+)/.exec(flagCell)?.[1];
      const variable = /`(STORE_TERMINAL_[A-Z_]+(=1)?)`/.exec(variableCell)?.[1];
      if (flag) assert.match(usage, new RegExp(`^  ${flag}\\b`, 'm'), `${flag} is listed`);
      if (variable) assert.ok(usage.includes(variable), `${variable} is listed`);
      if (flag && variable) assert.match(usage, new RegExp(`^  ${flag}.*\\n?.*\\[${variable}\\]`, 'm'), `${flag} with ${variable}`);
    }
    for (const line of usage.split('\n')) assert.ok(line.length <= 80, `longer than 80 columns: ${line}`);
  });
});
