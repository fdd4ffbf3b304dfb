import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../../support/shells/web-shell';

/**
 * The docs name files and functions to guide a maintainer through the code; a rename must not leave
 * them pointing at nothing. Every path written in backticks in docs/ and README.md exists, and every
 * `file.ts` `name` pair names something the file declares.
 */
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const TOP = ['src-main', 'src-shared', 'src-renderer', 'src-sandbox', 'test', 'bench', 'scripts', 'docs', '.ci', 'resources', 'security'];
const SOURCE_ROOTS = ['src-main', 'src-shared', 'src-renderer', 'src-sandbox'];
const FILE = /^[\w.@/-]+\.(ts|mjs|js|svelte|md|json|yml|css|html)$/;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.') || name === 'out') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}
const everyFile = TOP.filter((d) => existsSync(join(ROOT, d))).flatMap((d) => walk(join(ROOT, d)));
const basenames = new Set(everyFile.map((f) => basename(f)));

/** Where a path written in a doc is: from the repository's root, else under one of the source roots (`orders/progress.ts`). */
function resolve(path: string): string | undefined {
  const clean = path.replace(/\/$/, '');
  if (existsSync(join(ROOT, clean))) return join(ROOT, clean);
  for (const root of SOURCE_ROOTS) if (existsSync(join(ROOT, root, clean))) return join(ROOT, root, clean);
  // A path written from its room (`printers/network.ts` on the printing page): a file that ends so.
  return everyFile.find((f) => f.endsWith(`/${clean}`));
}

/** Backticked spans of a doc, outside fenced code blocks, with the span right after each (for `file.ts` `name`). */
function spans(text: string): { span: string; next: string | undefined }[] {
  const prose = text.replace(/```[\s\S]*?```/g, '');
  const found = [...prose.matchAll(/`([^`\n]+)`(\s*`([^`\n]+)`)?/g)];
  return found.map((m) => ({ span: m[1] ?? '', next: m[3] }));
}

const looksLikePath = (span: string): boolean => {
  if (/[<>*{}\s]/.test(span) || span.startsWith('.')) return false;
  const first = span.split('/')[0] ?? '';
  return (TOP.includes(first) && span.includes('/')) || (span.includes('/') && FILE.test(span)) || (FILE.test(span) && /\.(ts|svelte|mjs)$/.test(span));
};

/** Whether a source file declares `name` (a function, class, type, constant, method or object key). */
function declares(source: string, name: string): boolean {
  const id = name.replace(/\(\)$/, '').split('.').at(-1) ?? name;
  const escaped = id.replace(/[$]/g, '\\$');
  return new RegExp(
    `(function\\*?|class|interface|type|const|let|enum|abstract class)\\s+${escaped}\\b|^\\s*(?:(?:private|protected|public|static|async|readonly|override|get)\\s+)*${escaped}\\s*[(<=]|['"]${escaped}['"]\\s*:|\\b${escaped}\\s*:\\s*\\(`,
    'm',
  ).test(source);
}

describe('the docs name what exists', () => {
  for (const doc of DOCS) {
    it(`every path and function ${doc} names exists`, () => {
      const text = readFileSync(join(ROOT, doc), 'utf8');
      const missing: string[] = [];
      for (const { span, next } of spans(text)) {
        if (!looksLikePath(span)) continue;
        const file = span.includes('/') ? resolve(span) : basenames.has(span) ? everyFile.find((f) => basename(f) === span) : undefined;
        if (!file) {
          missing.push(`${span} (no such file)`);
          continue;
        }
        const symbol = next?.trim();
        if (symbol && /^[A-Za-z_$][\w$.]*(\(\))?$/.test(symbol) && /\.(ts|svelte|mjs)$/.test(file) && statSync(file).isFile()) {
          if (!declares(readFileSync(file, 'utf8'), symbol)) missing.push(`${span} ${symbol} (not declared there)`);
        }
      }
      for (const [, link = ''] of text.matchAll(/\]\(([^)#\s]+\.md)(#[^)]*)?\)/g)) {
        if (/^https?:/.test(link)) continue;
        const from = doc.includes('/') ? doc.slice(0, doc.lastIndexOf('/')) : '';
        if (!existsSync(join(ROOT, from, link))) missing.push(`${link} (linked, no such page)`);
      }
      assert.deepEqual(missing, [], `${doc} names what does not exist`);
    });
  }

  it('the check itself bites: a made-up path and a made-up function are caught', () => {
    assert.equal(resolve('src-main/sync/no-such-file.ts'), undefined);
    assert.ok(resolve('orders/progress.ts'), 'a path under a source root resolves');
    const source = readFileSync(join(ROOT, 'src-main/queue/durable-queue.ts'), 'utf8');
    assert.ok(declares(source, 'DurableQueue'));
    assert.ok(declares(source, 'tryNow()'));
    assert.ok(!declares(source, 'noSuchFunction'));
  });
});
