import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

/**
 * docs/sandbox-conformance.md maps every row of the spec to the test that exercises it. This keeps
 * the page true: every row cites at least one test, and every cited phrase is part of the name of a
 * test (`it` or `describe`) in the cited file, so renaming or deleting a test breaks this first.
 */
const DOC = 'docs/sandbox-conformance.md';

function titlesOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  // A title is quoted either way (the formatter picks the quote with fewer escapes).
  return [...source.matchAll(/\b(?:it|describe)\((['"`])((?:\\.|(?!\1).)*?)\1,\s*(?:async|\(|\{)/g)].map((m) => (m[2] ?? '').replace(/\\(['"`])/g, '$1'));
}

function fileOf(short: string): string {
  return short.startsWith('unit/') ? `test/unit/sandbox/${short.slice(5)}.test.ts` : `test/integration/sandbox/${short}.test.ts`;
}

describe('the sandbox conformance matrix', () => {
  const rows = readFileSync(DOC, 'utf8')
    .split('\n')
    .filter((line) => /^\| (\d+(\.\d+)*[a-z]?|R\.\d+) \|/.test(line));

  it('has a row for each spec section and cites a test on every row', () => {
    assert.ok(rows.length >= 290, `${rows.length} rows`);
    for (const prefix of [
      '4.0.',
      '4.1.',
      '4.2.',
      '4.3.',
      '4.4.',
      '4.5.',
      '4.6.',
      '4.7.',
      '3.1.',
      '3.2.',
      '3.3.',
      '3.4.',
      '5.',
      '6.',
      '7.1.',
      '7.2.',
      '7.3.',
      '7.4.',
      '7.5.',
      '8.',
      'R.',
    ]) {
      assert.ok(
        rows.some((r) => r.startsWith(`| ${prefix}`)),
        `rows for ${prefix}`,
      );
    }
    const ids = rows.map((r) => r.split('|')[1]?.trim());
    assert.equal(new Set(ids).size, ids.length, 'row numbers are unique');
    for (const row of rows) assert.match(row, /› "/, `a test for ${row.slice(0, 60)}`);
  });

  it('cites only tests that exist, by words of their names', () => {
    const titles = new Map<string, string[]>();
    for (const row of rows) {
      const cell = row.split('|').at(-2) ?? '';
      for (const [, short = '', words = ''] of cell.matchAll(/((?:unit\/)?[a-z-]+) › "([^"]+)"/g)) {
        const file = fileOf(short);
        assert.ok(existsSync(file), `${file} (cited by ${row.slice(0, 40)})`);
        if (!titles.has(file)) titles.set(file, titlesOf(file));
        assert.ok(
          titles.get(file)?.some((t) => t.includes(words)),
          `${short} has a test named with "${words}"`,
        );
      }
    }
  });
});
