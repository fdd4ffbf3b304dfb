import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkinContent, checkinPdf } from '../../src-sandbox/merchant/checkin-pdf';
import { seedStores } from '../../src-sandbox/seed/stores';

const tools = ['pdftoppm', 'zbarimg'];
const missing = tools.filter((b) => spawnSync('sh', ['-c', `command -v ${b}`]).status !== 0);

describe('check-in PDF', () => {
  it('renders one page per store, each QR decoding to that store', { skip: missing.length > 0 ? `needs ${missing.join(', ')}` : false }, async () => {
    const pdf = await checkinPdf(seedStores, new Date('2025-01-01T00:00:00Z'));
    const dir = mkdtempSync(join(tmpdir(), 'checkin-unit-'));
    try {
      writeFileSync(join(dir, 'a.pdf'), pdf);
      assert.equal(spawnSync('pdftoppm', ['-png', '-r', '90', join(dir, 'a.pdf'), join(dir, 'p')]).status, 0);
      const pages = readdirSync(dir).filter((f) => f.endsWith('.png')).sort();
      assert.equal(pages.length, seedStores.length);
      const codes = pages.map((p) => spawnSync('zbarimg', ['-q', '--raw', join(dir, p)]).stdout.toString().trim());
      assert.deepEqual(codes, seedStores.map((s) => checkinContent(s.id)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names only the store in the content, so codes never expire', () => {
    assert.equal(checkinContent('abc'), checkinContent('abc'));
    assert.ok(checkinContent('abc').endsWith('/abc'));
  });
});
