import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { _electron } from 'playwright-core';
import { ROOT } from '../support/shells/web-shell';

/** The Electron binary, if this machine has one (its download is skipped where there is no network). */
function electronBinary(): string | undefined {
  try {
    const pkgDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const pathFile = join(pkgDir, 'path.txt');
    if (!existsSync(pathFile)) return undefined;
    const binary = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

const binary = electronBinary();
const skip = binary
  ? false
  : 'no Electron binary installed here (ELECTRON_SKIP_BINARY_DOWNLOAD); the shell is covered by test/unit/shells/electron-shell.test.ts with a fake electron module';
if (skip) console.log(`# electron tests skipped: ${skip}`);

describe('Electron app (real binary)', { skip }, () => {
  it('opens a secure window that shows the demo stores', async () => {
    const app = await _electron.launch({
      executablePath: binary,
      args: [join(ROOT, 'out/main/main.js'), '--data-dir', mkdtempSync(join(tmpdir(), 'st-electron-'))],
    });
    try {
      const page = await app.firstWindow();
      await page.getByText('Mercado Bom Preço').waitFor();
      // The page itself must see no Node: no require, no process.
      assert.equal(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require), 'undefined');
      assert.equal(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process), 'undefined');
      const opened = await page.evaluate(() => window.open('https://example.com') === null);
      assert.equal(opened, true, 'new windows are denied');
      assert.equal(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length), 1);
    } finally {
      await app.close();
    }
  });
});
