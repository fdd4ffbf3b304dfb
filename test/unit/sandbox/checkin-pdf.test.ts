import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkinContent, checkinLanguage, checkinPdf } from '../../../src-sandbox/merchant/checkin-pdf';
import { seedStores } from '../../../src-sandbox/seed/stores';

const tools = ['pdftoppm', 'zbarimg'];
const missing = tools.filter((b) => spawnSync('sh', ['-c', `command -v ${b}`]).status !== 0);

describe('check-in PDF', () => {
  it('renders one page per store, each QR decoding to that store', { skip: missing.length > 0 ? `needs ${missing.join(', ')}` : false }, async () => {
    const pdf = await checkinPdf(seedStores, new Date('2025-01-01T00:00:00Z'));
    const dir = mkdtempSync(join(tmpdir(), 'checkin-unit-'));
    try {
      writeFileSync(join(dir, 'a.pdf'), pdf);
      assert.equal(spawnSync('pdftoppm', ['-png', '-r', '90', join(dir, 'a.pdf'), join(dir, 'p')]).status, 0);
      const pages = readdirSync(dir)
        .filter((f) => f.endsWith('.png'))
        .sort();
      assert.equal(pages.length, seedStores.length);
      const codes = pages.map((p) =>
        spawnSync('zbarimg', ['-q', '--raw', join(dir, p)])
          .stdout.toString()
          .trim(),
      );
      assert.deepEqual(
        codes,
        seedStores.map((s) => checkinContent(s.id)),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(
    'speaks the language asked (Accept-Language), Portuguese by default',
    { skip: spawnSync('sh', ['-c', 'command -v pdftotext']).status !== 0 ? 'needs pdftotext' : false },
    async () => {
      assert.deepEqual(
        [checkinLanguage('en-US,en;q=0.9'), checkinLanguage('pt-BR'), checkinLanguage(undefined), checkinLanguage('fr')],
        ['en', 'pt', 'pt', 'pt'],
      );
      const text = async (language: 'pt' | 'en') => {
        const dir = mkdtempSync(join(tmpdir(), 'checkin-words-'));
        try {
          writeFileSync(join(dir, 'a.pdf'), await checkinPdf(seedStores.slice(0, 1), new Date('2025-01-01T00:00:00Z'), language));
          return spawnSync('pdftotext', [join(dir, 'a.pdf'), '-']).stdout.toString();
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      };
      assert.match(await text('pt'), /Check-in do entregador[\s\S]*Escaneie este código ao chegar/);
      assert.match(await text('en'), /Driver check-in[\s\S]*Scan this code when you arrive/);
    },
  );

  it('names only the store in the content, so codes never expire', () => {
    assert.equal(checkinContent('abc'), checkinContent('abc'));
    assert.ok(checkinContent('abc').endsWith('/abc'));
  });
});
