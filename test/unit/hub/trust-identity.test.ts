import assert from 'node:assert/strict';
import { createHash, createPrivateKey, X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { createLogger } from '../../../src-main/base/log';
import { DAMAGED_IDENTITY_FILE, hubFolder, IDENTITY_FILE, loadHubIdentity } from '../../../src-main/hub/trust/identity';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function setup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-identity-'));
  dirs.push(dataDir);
  const lines: { level: string; msg: string; why?: string }[] = [];
  const logger = createLogger({ write: (line) => lines.push(JSON.parse(line) as (typeof lines)[number]) });
  const clock = new ManualClock();
  const load = (name = 'Pizzaria Bella') => loadHubIdentity({ dataDir, name, clock, logger });
  return { dataDir, file: join(hubFolder(dataDir), IDENTITY_FILE), lines, clock, load };
}

const mode = (path: string): number => statSync(path).mode & 0o777;
const YEAR_MS = 365 * 86_400_000;

describe('hub identity', () => {
  it('is made on first use: an EC key and a self-signed certificate for ten years, fingerprint = SHA-256 of the DER', async () => {
    const { load, clock } = setup();
    const identity = await load();
    const certificate = new X509Certificate(identity.certPem);
    assert.equal(identity.fingerprint, createHash('sha256').update(certificate.raw).digest('hex'));
    assert.match(identity.fingerprint, /^[0-9a-f]{64}$/);
    assert.equal(certificate.issuer, certificate.subject);
    assert.equal(certificate.checkPrivateKey(createPrivateKey(identity.keyPem)), true);
    assert.equal(certificate.publicKey.asymmetricKeyType, 'ec');
    const years = (Date.parse(certificate.validTo) - clock.now()) / YEAR_MS;
    assert.ok(years > 9.9 && years < 10.1, `${years} years`);
    assert.match(identity.hubId, /^[0-9a-f]{32}$/);
    assert.equal(identity.name, 'Pizzaria Bella');
  });

  it(
    'is kept owner-only: the folder 0700, the key’s file 0600, a looser folder tightened',
    { skip: process.platform === 'win32' && 'POSIX modes' },
    async () => {
      const { dataDir, file, load } = setup();
      mkdirSync(hubFolder(dataDir), { mode: 0o755 });
      chmodSync(hubFolder(dataDir), 0o755);
      await load();
      assert.equal(mode(hubFolder(dataDir)), 0o700);
      assert.equal(mode(file), 0o600);
      assert.match(readFileSync(file, 'utf8'), /PRIVATE KEY/);
    },
  );

  it('persists across restarts: the same id, key and certificate; the name follows the store', async () => {
    const { load } = setup();
    const first = await load();
    const again = await load('Pizzaria Bella — Centro');
    assert.equal(again.hubId, first.hubId);
    assert.equal(again.fingerprint, first.fingerprint);
    assert.equal(again.keyPem, first.keyPem);
    assert.equal(again.name, 'Pizzaria Bella — Centro');
  });

  it('replaces a damaged file with a warning, never a crash, and keeps the damaged one aside', async () => {
    const damages: [string, (text: string) => string][] = [
      ['garbage', () => 'not json at all'],
      ['truncated', (text) => text.slice(0, text.length / 2)],
      ['not an identity', () => JSON.stringify({ v: 1, hubId: 'x' })],
      ['a key of another certificate', (text) => text],
    ];
    for (const [what, damage] of damages) {
      const { file, dataDir, lines, load } = setup();
      const first = await load();
      let text = readFileSync(file, 'utf8');
      if (what === 'a key of another certificate') {
        const other = setup();
        const stranger = await other.load();
        text = JSON.stringify({ ...JSON.parse(text), keyPem: stranger.keyPem });
      }
      writeFileSync(file, damage(text));
      const replaced = await load();
      assert.notEqual(replaced.fingerprint, first.fingerprint, what);
      assert.notEqual(replaced.hubId, first.hubId, what);
      assert.ok(
        lines.some((l) => l.level === 'warn' && /pair again/.test(l.msg)),
        what,
      );
      assert.ok(existsSync(join(hubFolder(dataDir), DAMAGED_IDENTITY_FILE)), what);
      assert.equal((await load()).fingerprint, replaced.fingerprint, `${what}: the replacement is kept`);
    }
  });

  it('replaces a certificate past its ten years', async () => {
    const { clock, lines, load } = setup();
    const first = await load();
    await clock.advance(10 * YEAR_MS + 30 * 86_400_000);
    const renewed = await load();
    assert.notEqual(renewed.fingerprint, first.fingerprint);
    assert.ok(lines.some((l) => l.level === 'warn' && l.why === 'the certificate has expired'));
  });

  it('never logs the key', async () => {
    const { lines, load } = setup();
    const identity = await load();
    const logged = JSON.stringify(lines);
    assert.ok(!logged.includes('PRIVATE KEY'));
    assert.ok(logged.includes(identity.fingerprint));
  });
});
