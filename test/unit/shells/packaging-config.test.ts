import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { load } from 'js-yaml';
import { ROOT } from '../../support/shells/web-shell';

const config = () => load(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;

describe('electron-builder configuration', () => {
  it("validates against app-builder-lib's own schema", () => {
    const require = createRequire(import.meta.url);
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as object;
    const ajv = new Ajv({ allErrors: true, strict: false });
    const valid = ajv.validate(schema, config());
    assert.ok(valid, JSON.stringify(ajv.errors, null, 2));
    assert.ok(!ajv.validate(schema, { ...config(), notAnOption: true }), 'the check can fail');
    assert.ok(!ajv.validate(schema, { ...config(), electronFuses: { runAsNode: 'no' } }), 'and a fuse must be a boolean');
  });

  it('packages the built output and unpacks native modules (better-sqlite3, keytar) from the asar', () => {
    const { files, asarUnpack, asar } = config() as { files: string[]; asarUnpack: string[]; asar: boolean };
    assert.ok(files.includes('out/**'));
    assert.ok(asarUnpack.some((p) => p.endsWith('*.node')));
    assert.equal(asar, true);
  });

  it("ships node_modules' Node-API builds as they are: no native rebuild, no SQLite sources", () => {
    const { files, npmRebuild } = config() as { files: string[]; npmRebuild: boolean };
    assert.equal(npmRebuild, false);
    assert.ok(files.includes('!node_modules/better-sqlite3/{src,deps,binding.gyp}'));
  });

  it('locks the packaged app: no Node runtime through it, code only from its checked app.asar', () => {
    assert.deepEqual((config() as { electronFuses: Record<string, boolean> }).electronFuses, {
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
      loadBrowserProcessSpecificV8Snapshot: false,
    });
  });

  it('has an update feed over https and checks update signatures on Windows', () => {
    const { publish, win } = config() as { publish: { provider: string; url: string }; win: { verifyUpdateCodeSignature: boolean } };
    assert.equal(publish.provider, 'generic');
    assert.match(publish.url, /^https:\/\//);
    assert.equal(win.verifyUpdateCodeSignature, true);
  });
});
