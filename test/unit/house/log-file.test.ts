import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, it } from 'node:test';
import { createLogger } from '../../../src-main/base/log';
import { LOG_FILE, LogOutput, logFilesNewestFirst, logFolder, openLogFile } from '../../../src-main/base/log-file';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJl';
const SECRET = 'cs-FILE-SECRET-789';

function dataDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'st-logs-')), 'data');
}

const modeOf = (path: string): number => statSync(path).mode & 0o777;

describe('log files in the data folder: rotated, owner-only, never a secret', () => {
  it('writes the structured lines to <dataDir>/logs/store-terminal.log, folder 0700 and file 0600, as well as stderr', async () => {
    const dir = dataDir();
    const stderr: string[] = [];
    const output = new LogOutput((line) => stderr.push(line));
    const logger = createLogger({ write: output.write, now: () => new Date('2026-11-24T15:00:00Z') });
    logger.info('before the data folder is known');
    output.toFiles(dir);
    logger.child({ room: 'sync' }).info('polled', { events: 3 });
    logger.debug('below the level: nowhere');
    await output.close();

    const text = readFileSync(join(dir, 'logs', LOG_FILE), 'utf8');
    assert.deepEqual(
      text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as unknown),
      [{ time: '2026-11-24T15:00:00.000Z', level: 'info', msg: 'polled', room: 'sync', events: 3 }],
    );
    assert.equal(stderr.length, 2, 'stderr has every line, from the start');
    assert.equal(modeOf(logFolder(dir)), 0o700);
    assert.equal(modeOf(join(dir, 'logs', LOG_FILE)), 0o600);
    assert.equal(modeOf(dir), 0o700, 'a data folder made for the logs is owner-only too');
  });

  it('never writes a secret, token or bearer header to the file', async () => {
    const dir = dataDir();
    const output = new LogOutput(() => {});
    output.toFiles(dir);
    const logger = createLogger({ write: output.write, level: 'debug' });
    logger.error('token request failed', {
      clientSecret: SECRET,
      request: { headers: { Authorization: `Bearer ${JWT}` }, body: { client_secret: SECRET, refresh_token: 'rt-FILE-1' } },
      url: `http://127.0.0.1:1/?client_secret=${SECRET}&x=1`,
      error: new Error(`401 for ${JWT}`),
    });
    logger.child({ password: SECRET }).debug('child fields are redacted too');
    await output.close();
    const text = readFileSync(join(dir, 'logs', LOG_FILE), 'utf8');
    assert.equal(text.split('\n').filter(Boolean).length, 2);
    for (const secret of [SECRET, JWT, 'rt-FILE-1']) assert.ok(!text.includes(secret), `${secret} reached the log file: ${text}`);
  });

  it('rotates by size, keeps the newest lines in at most the set number of files, each owner-only', async () => {
    const dir = dataDir();
    const file = openLogFile(dir, { limits: { files: 3, bytesPerFile: 1024 } });
    const lines = Array.from({ length: 200 }, (_, i) => JSON.stringify({ level: 'info', msg: 'line', n: i, pad: 'x'.repeat(60) }));
    for (const line of lines) file.write(line);
    await file.close();

    const names = readdirSync(logFolder(dir)).sort();
    assert.deepEqual(names, [LOG_FILE, `${LOG_FILE}.1`, `${LOG_FILE}.2`]);
    const files = logFilesNewestFirst(logFolder(dir));
    assert.deepEqual(
      files.map((f) => basename(f)),
      [LOG_FILE, `${LOG_FILE}.1`, `${LOG_FILE}.2`],
    );
    for (const path of files) {
      assert.equal(modeOf(path), 0o600, `${path} is owner-only`);
      assert.ok(statSync(path).size <= 1024 + 100, `${path} stays near its size (${statSync(path).size})`);
    }
    // Oldest file first, the lines read as one story: the newest ones, in the order written.
    const kept = [...files].reverse().flatMap((path) => readFileSync(path, 'utf8').split('\n').filter(Boolean));
    assert.ok(kept.length >= 20 && kept.length < 200, `${kept.length} lines kept`);
    assert.deepEqual(kept, lines.slice(lines.length - kept.length));
  });

  it('goes on from the file a previous run left, and tightens a log folder someone loosened', async () => {
    const dir = dataDir();
    mkdirSync(join(dir, 'logs'), { recursive: true });
    writeFileSync(join(dir, 'logs', LOG_FILE), '{"msg":"from the last run"}\n');
    chmodSync(join(dir, 'logs'), 0o755);
    chmodSync(join(dir, 'logs', LOG_FILE), 0o644);
    const file = openLogFile(dir);
    file.write('{"msg":"this run"}');
    await file.close();
    assert.equal(readFileSync(join(dir, 'logs', LOG_FILE), 'utf8'), '{"msg":"from the last run"}\n{"msg":"this run"}\n');
    assert.equal(modeOf(join(dir, 'logs')), 0o700);
    assert.equal(modeOf(join(dir, 'logs', LOG_FILE)), 0o600);
  });

  it('a log that cannot be written is said once on stderr; the terminal keeps logging there', async () => {
    const dir = dataDir();
    // Something that is not a file where the log goes.
    mkdirSync(join(dir, 'logs', LOG_FILE), { recursive: true });
    const stderr: string[] = [];
    const output = new LogOutput((line) => stderr.push(line));
    output.toFiles(dir);
    const logger = createLogger({ write: output.write });
    logger.info('one');
    await new Promise((resolve) => setTimeout(resolve, 50));
    logger.info('two');
    await output.close();
    const problems = stderr.filter((l) => l.includes('the log files cannot be written'));
    assert.equal(problems.length, 1, stderr.join('\n'));
    assert.ok(stderr.some((l) => l.includes('"msg":"two"')));

    const notADir = join(dataDir(), 'a-file');
    mkdirSync(join(notADir, '..'), { recursive: true });
    writeFileSync(notADir, '');
    const second = new LogOutput((line) => stderr.push(line));
    assert.doesNotThrow(() => second.toFiles(notADir));
    assert.equal(stderr.filter((l) => l.includes('the log files cannot be written')).length, 2);
  });
});
