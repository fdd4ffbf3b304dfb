import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { clusterOrSkip } from '../../support/chain/db';
import type { PgCluster } from '../../support/chain/pg-cluster';
import { ROOT } from '../../support/shells/web-shell';

/**
 * The programs an integrator or a manager runs, as processes: the built terminal and chain server
 * (`npm run -s build` first), and the sandbox. `--help` prints the usage and starts nothing; an
 * unknown flag is refused with the usage; the manager's commands print their answer alone.
 */

const WEB = join(ROOT, 'out', 'main', 'web.js');
const SERVER = join(ROOT, 'out', 'main', 'server.js');
const built = existsSync(WEB) && existsSync(SERVER) ? false : 'run `npm run -s build` first';

/** The environment an integrator's shell has: no log level of the test runner's, no window should anything start. */
function environment(more: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, STORE_TERMINAL_NO_WINDOW: '1', ...more };
  delete env.STORE_TERMINAL_LOG_LEVEL;
  delete env.NODE_ENV;
  return env;
}

function run(args: string[], env: NodeJS.ProcessEnv = environment()): SpawnSyncReturns<string> {
  // The timeout only ends a program that wrongly started (the defect): a right one exits at once.
  return spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: 'utf8', timeout: 30_000 });
}

/** A data folder that must never be made. */
function absentDataDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'st-cli-')), 'data');
}

describe('the built terminal: its usage, and nothing started', { skip: built }, () => {
  for (const flag of ['--help', '-h']) {
    it(`node out/main/web.js ${flag}: the flags on stdout, exit 0, no data folder touched`, () => {
      const dataDir = absentDataDir();
      const shown = run([WEB, flag], environment({ STORE_TERMINAL_DATA_DIR: dataDir }));
      assert.equal(shown.stderr, '');
      assert.match(shown.stdout, /^usage: npm start -- \[flags\]\n/);
      assert.match(shown.stdout, /^ {2}--data-dir DIR {2}\[STORE_TERMINAL_DATA_DIR\]$/m);
      assert.equal(shown.status, 0);
      assert.ok(!existsSync(dataDir), 'the data folder was made: the terminal started');
    });
  }

  it('an unknown flag: exit 2, the reason and the usage on stderr, nothing started', () => {
    const dataDir = absentDataDir();
    const refused = run([WEB, '--demo', '--no-windows'], environment({ STORE_TERMINAL_DATA_DIR: dataDir }));
    assert.equal(refused.stdout, '');
    assert.match(refused.stderr, /^Store Terminal: unknown flag --no-windows\n\nusage: npm start -- \[flags\]\n/);
    assert.equal(refused.status, 2);
    assert.ok(!existsSync(dataDir), 'the data folder was made: the terminal started');
  });
});

describe('the built chain server: its usage', { skip: built }, () => {
  it("node out/main/server.js invite --help: invite's flags on stdout, exit 0", () => {
    const shown = run([SERVER, 'invite', '--help']);
    assert.equal(shown.stderr, '');
    assert.match(shown.stdout, /^usage: npm run server -- invite --database-url URL --stores ID,ID --name NAME\n/);
    assert.match(shown.stdout, /^ {2}--json$/m);
    assert.equal(shown.status, 0);
    assert.match(run([SERVER, '--help']).stdout, /^Commands:\n {2}serve\n/m);
  });

  it("an unknown flag or another command's flag: exit 2, the usage on stderr", () => {
    const refused = run([SERVER, 'devices', '--stores', 'A']);
    assert.equal(refused.stdout, '');
    assert.match(refused.stderr, /^unknown flag --stores\n\nusage: npm run server -- devices /);
    assert.equal(refused.status, 2);
  });
});

describe("the chain server's manager commands on a throwaway PostgreSQL", { skip: built }, () => {
  let cluster: PgCluster | null = null;
  let databaseUrl = '';
  before(async () => {
    cluster = await clusterOrSkip('the chain server commands');
    if (cluster) databaseUrl = await cluster.database(`cli_${process.pid}`);
  });
  after(() => cluster?.stop());

  it('invite: the code block alone, and nothing on stderr (what a terminal shows of both)', (t) => {
    if (!cluster) return t.skip('no PostgreSQL here');
    const made = run([SERVER, 'invite', '--database-url', databaseUrl, '--stores', 'STORE_A,STORE_B', '--name', 'Balcão Centro', '--kind', 'counter']);
    assert.equal(made.stderr, '');
    assert.match(
      made.stdout,
      /^Pairing code {2}\d{8}\nFor {11}"Balcão Centro" \(counter\); stores STORE_A, STORE_B\nValid until {3}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(10 min\); five tries, one terminal\n\nAt the store terminal: .*\n.*this code\.\n$/,
    );
    assert.equal(made.status, 0);
  });

  it('--json: one JSON object on stdout, for invite, devices and revoke', (t) => {
    if (!cluster) return t.skip('no PostgreSQL here');
    const made = run([
      SERVER,
      'invite',
      '--json',
      '--database-url',
      databaseUrl,
      '--stores',
      'STORE_A',
      '--name',
      'Cozinha',
      '--kind',
      'kitchen',
      '--ttl-minutes',
      '5',
    ]);
    assert.equal(made.status, 0, made.stderr);
    const invite = JSON.parse(made.stdout) as Record<string, unknown>;
    assert.match(String(invite.code), /^\d{8}$/);
    assert.deepEqual(
      { ...invite, code: undefined, expiresAt: undefined },
      { code: undefined, expiresAt: undefined, name: 'Cozinha', kind: 'kitchen', storeIds: ['STORE_A'] },
    );
    assert.ok(Number.isFinite(Date.parse(String(invite.expiresAt))));

    const listed = run([SERVER, 'devices', '--json', '--database-url', databaseUrl]);
    assert.deepEqual([listed.status, JSON.parse(listed.stdout)], [0, { devices: [] }]);
    const revoked = run([SERVER, 'revoke', '--json', '--database-url', databaseUrl, 'no-such-device']);
    assert.deepEqual([revoked.status, JSON.parse(revoked.stdout)], [0, { deviceId: 'no-such-device', revoked: false }]);
  });
});

describe('the sandbox: its usage', () => {
  const sandbox = (args: string[]) => run(['--import', 'tsx', join(ROOT, 'src-sandbox', 'cli.ts'), ...args]);

  it('npm run sandbox -- -h prints its flags and exits 0; an unknown flag exits 2 with the usage on stderr', () => {
    const shown = sandbox(['-h']);
    assert.match(shown.stdout, /^usage: npm run sandbox -- \[flags\]\n/);
    assert.match(shown.stdout, /^ {2}--scenario busy\|quiet\|none$/m);
    assert.equal(shown.status, 0);
    const refused = sandbox(['--port', '0', '--scenarios', 'busy']);
    assert.equal(refused.stdout, '');
    assert.match(refused.stderr, /^unknown flag --scenarios\n\nusage: npm run sandbox -- \[flags\]\n/);
    assert.equal(refused.status, 2);
  });
});
