import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

/** DESIGN.md § Layering is enforced by lint: these imports must each fail it. */
const forbidden: [file: string, source: string][] = [
  ['src-shared/x.ts', "import '../src-main/config';"],
  ['src-shared/x.ts', "import 'node:fs';"],
  ['src-main/api/x.ts', "import 'electron';"],
  ['src-main/api/x.ts', "import '../../src-sandbox/index';"],
  ['src-main/api/x.ts', "import '../../src-renderer/lib/bridge';"],
  ['src-renderer/lib/x.ts', "import '../../src-main/base/log';"],
  ['src-renderer/lib/x.ts', "import 'node:fs';"],
  ['src-sandbox/x.ts', "import '../src-main/api/client';"],
];

const allowed: [file: string, source: string][] = [
  ['src-shared/x.ts', "import { z } from 'zod';\nexport const s = z.string();"],
  ['src-main/demo/x.ts', "import { startSandbox } from '../../src-sandbox/index';\nexport const s = startSandbox;"],
  ['src-main/shells/electron/x.ts', "import { app } from 'electron';\nexport const a = app;"],
  ['src-renderer/lib/x.ts', "import { channelNames } from '../../src-shared/ipc/contract';\nexport const c = channelNames;"],
];

describe('layering rule (lint)', () => {
  const eslint = new ESLint();

  for (const [file, source] of forbidden) {
    it(`refuses ${source.trim()} in ${file}`, async () => {
      const [result] = await eslint.lintText(source, { filePath: file });
      const rules = result?.messages.map((m) => m.ruleId) ?? [];
      assert.ok(
        rules.includes('boundaries/dependencies') || rules.includes('no-restricted-imports'),
        `expected a layering error, got ${JSON.stringify(result?.messages)}`,
      );
    });
  }

  for (const [file, source] of allowed) {
    it(`accepts ${source.split('\n')[0]} in ${file}`, async () => {
      const [result] = await eslint.lintText(source, { filePath: file });
      assert.deepEqual(result?.messages.filter((m) => m.severity === 2), []);
    });
  }
});
