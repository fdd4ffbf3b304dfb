import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { checkinContent } from '../../../src-sandbox/merchant/checkin-pdf';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import type { withSandbox } from '../../support/sandbox/sandbox';
import { sandboxWithTokens } from '../../support/sandbox/sandbox';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;
const ROUTE = '/merchant/v1.0/merchants/checkin-qrcode';

function hasBinary(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

/** Renders every page of a PDF and decodes the QR codes and text on it (poppler-utils, zbar-tools). */
function readPdf(pdf: Buffer): { pages: number; codes: string[]; text: string } {
  const dir = mkdtempSync(join(tmpdir(), 'checkin-'));
  try {
    const file = join(dir, 'sheet.pdf');
    writeFileSync(file, pdf);
    const render = spawnSync('pdftoppm', ['-png', '-r', '100', file, join(dir, 'page')]);
    assert.equal(render.status, 0, render.stderr.toString());
    const pages = readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort();
    const codes = pages.flatMap((page) => {
      const scan = spawnSync('zbarimg', ['-q', '--raw', join(dir, page)], { env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'disabled:' } });
      return scan.stdout
        .toString()
        .split('\n')
        .filter((l) => l.trim().length > 0);
    });
    const text = spawnSync('pdftotext', ['-layout', file, '-']).stdout.toString();
    return { pages: pages.length, codes, text };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('sandbox driver check-in QR PDF (spec §4.4, §7.4)', () => {
  let sandbox: Sandbox;
  let demo: string;
  const post = (json: unknown, token = demo) => sandbox.http.send('POST', ROUTE, { token, json });
  const expectError = (response: { status: number; body: unknown }, status: number, name: string) => {
    assert.equal(response.status, status);
    assert.equal((response.body as { error: string }).error, name);
  };

  before(async () => ({ sandbox, demo } = await sandboxWithTokens()));
  after(() => sandbox.close());

  it('answers 200 application/pdf with a real PDF for a grocery store', async () => {
    const response = await post({ merchantIds: [DEMO_GROCERY_ID] });
    assert.equal(response.status, 200);
    assert.match(response.headers['content-type'] ?? '', /^application\/pdf/);
    assert.equal(response.bytes.subarray(0, 5).toString(), '%PDF-');
    assert.match(response.bytes.subarray(-8).toString(), /%%EOF/);
  });

  it('holds one page per store with a QR code that decodes to the store check-in content and its name under it', async (t) => {
    const missing = ['pdftoppm', 'pdftotext', 'zbarimg'].filter((b) => !hasBinary(b));
    if (missing.length > 0) {
      const reason = `needs ${missing.join(', ')} (apt: poppler-utils, zbar-tools)`;
      console.log(`skipping QR decoding: ${reason}`);
      t.skip(reason);
      return;
    }
    // Duplicates count once: one page for the grocery.
    const response = await post({ merchantIds: [DEMO_GROCERY_ID, DEMO_GROCERY_ID] });
    assert.equal(response.status, 200);
    const { pages, codes, text } = readPdf(response.bytes);
    assert.equal(pages, 1);
    assert.deepEqual(codes, [checkinContent(DEMO_GROCERY_ID)]);
    assert.ok(text.includes('Mercado Bom Preço'), `store name printed: ${text}`);
    // Codes never expire: a week later the same store prints the same code.
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 7 * 24 * 3600 } });
    demo = await sandbox.http.token();
    const later = await post({ merchantIds: [DEMO_GROCERY_ID] });
    assert.deepEqual(readPdf(later.bytes).codes, codes);
  });

  it('answers 400 BadRequest for an empty list, more than 20 stores, non-uuids and bad bodies', async () => {
    expectError(await post({ merchantIds: [] }), 400, 'BadRequest');
    expectError(await post({ merchantIds: Array.from({ length: 21 }, () => DEMO_GROCERY_ID) }), 400, 'BadRequest');
    expectError(await post({ merchantIds: ['not-a-uuid'] }), 400, 'BadRequest');
    expectError(await post({ merchantIds: DEMO_GROCERY_ID }), 400, 'BadRequest');
    expectError(await post({}), 400, 'BadRequest');
    expectError(await sandbox.http.send('POST', ROUTE, { token: demo, raw: '{"merchantIds":[' }), 400, 'BadRequest');
  });

  it('answers 20 stores at the limit (no error for the count)', async () => {
    const response = await post({ merchantIds: Array.from({ length: 20 }, () => DEMO_GROCERY_ID) });
    assert.equal(response.status, 200);
  });

  it('answers 404 NotFound when one store is unknown, 403 Forbidden when one is not the credential’s', async () => {
    expectError(await post({ merchantIds: [DEMO_GROCERY_ID, '00000000-0000-4000-8000-000000000000'] }), 404, 'NotFound');
    expectError(await post({ merchantIds: [DEMO_GROCERY_ID, OTHER_BAKERY_ID] }), 403, 'Forbidden');
  });

  it('answers 400 BadRequest for a store that is not a grocery (check-in is for grocery stores only)', async () => {
    const response = await post({ merchantIds: [DEMO_GROCERY_ID, DEMO_RESTAURANT_ID] });
    expectError(response, 400, 'BadRequest');
    assert.match((response.body as { message: string }).message, /só para mercados/);
  });

  it('answers 401 Unauthorized without a token', async () => {
    expectError(await sandbox.http.send('POST', ROUTE, { json: { merchantIds: [DEMO_GROCERY_ID] } }), 401, 'Unauthorized');
  });
});
