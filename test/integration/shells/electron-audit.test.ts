import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs script of the repo, without types
import { audit } from '../../../scripts/audit-electron.mjs';
import { ROOT } from '../../support/shells/web-shell';

type Audit = (
  dir: string,
  options: { electronVersion: string; accepted: { check: string; file: string; reason: string }[] },
) => Promise<{ lines: string[]; failed: boolean }>;
const run = audit as Audit;
const accepted = (
  JSON.parse(readFileSync(join(ROOT, 'security', 'electronegativity-allowlist.json'), 'utf8')) as {
    accepted: { check: string; file: string; reason: string }[];
  }
).accepted;

/** The security gate of CI (npm run audit:electron): it can fail, and the build passes it. */
describe('electronegativity gate', () => {
  it('fails on a finding that is not in the reviewed allowlist', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-audit-fixture-'));
    mkdirSync(join(dir, 'main'));
    writeFileSync(
      join(dir, 'main', 'main.js'),
      "import { BrowserWindow } from 'electron';\nnew BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } });\n",
    );
    const result = await run(dir, { electronVersion: '45.4.1', accepted });
    assert.equal(result.failed, true);
    assert.ok(
      result.lines.some((l) => /FINDING CONTEXT_ISOLATION_JS_CHECK HIGH in main\/main.js/.test(l)),
      result.lines.join('\n'),
    );
  });

  it(
    'passes on the built app, every file parsed (renderer bundle included)',
    { skip: existsSync(join(ROOT, 'out', 'main', 'main.js')) ? false : 'run `npm run build` first' },
    async () => {
      const result = await run(join(ROOT, 'out'), { electronVersion: '45.4.1', accepted });
      assert.ok(!result.lines.some((l) => /could not scan/.test(l)), result.lines.join('\n'));
      assert.equal(result.failed, false, result.lines.join('\n'));
    },
  );
});
