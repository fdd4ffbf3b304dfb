import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { load } from 'js-yaml';
import { ROOT } from '../support/web-shell';

describe('electron-builder configuration', () => {
  it("validates against app-builder-lib's own schema", () => {
    const require = createRequire(import.meta.url);
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as object;
    const config = load(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8'));
    const ajv = new Ajv({ allErrors: true, strict: false });
    const valid = ajv.validate(schema, config);
    assert.ok(valid, JSON.stringify(ajv.errors, null, 2));
    assert.ok(!ajv.validate(schema, { ...(config as object), notAnOption: true }), 'the check can fail');
  });

  it('packages the built output and unpacks native modules (better-sqlite3, keytar) from the asar', () => {
    const config = load(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as { files: string[]; asarUnpack: string[] };
    assert.ok(config.files.includes('out/**'));
    assert.ok(config.asarUnpack.some((p) => p.endsWith('*.node')));
  });
});
