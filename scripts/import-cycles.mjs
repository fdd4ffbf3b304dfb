// Import cycles among the project's own files, Svelte components included: `npm run lint:cycles`.
// dpdm read only .ts files, so a cycle through a component went unseen. Every import counts, type-only
// ones too (a type cycle still ties two files together). Two checks:
//   files: no file reaches itself through its imports;
//   renderer folders: no feature folder's components or code reach themselves through another
//   folder's (orders' components importing delivery-orders' and back was such a cycle, with no file
//   cycle in it). A folder counts as two parts, its components and its code, as eslint.config.js
//   has them; the strings (i18n/ and every messages.ts) are one part at the bottom.
// Exits 1 and names each cycle when one exists.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { filesUnder } from './files.mjs';

const ROOTS = ['src-shared', 'src-main', 'src-renderer', 'src-sandbox'];
const SCRIPT = /<script\b[^>]*>([\s\S]*?)<\/script>/g;

/** Every .ts and .svelte file under the roots. */
const sourceFiles = (dir) => filesUnder(dir, (name) => /\.(ts|svelte)$/.test(name) && !name.endsWith('.d.ts'));

/** The specifiers a file imports (a component's: those of its script blocks). */
export function importsOf(path, text = readFileSync(path, 'utf8')) {
  const code = path.endsWith('.svelte') ? [...text.matchAll(SCRIPT)].map((m) => m[1]).join('\n;\n') : text;
  return ts.preProcessFile(code, true, true).importedFiles.map((f) => f.fileName);
}

/** The project file a relative specifier names, or undefined (a package, or nothing there). */
function resolveImport(from, specifier, files) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.js$/, '');
  return [base, `${stem}.ts`, `${base}.ts`, `${base}.svelte`, join(base, 'index.ts')].find((candidate) => files.has(candidate));
}

/** Strongly connected components of more than one file (or a file importing itself): the cycles. */
export function findCycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The import graph of the files under `roots` (paths relative to `cwd`). */
export function importGraph(cwd, roots = ROOTS) {
  const files = new Set(roots.flatMap((root) => sourceFiles(join(cwd, root))));
  const graph = new Map();
  for (const file of files) {
    const targets = new Set(
      importsOf(file)
        .map((s) => resolveImport(file, s, files))
        .filter(Boolean),
    );
    graph.set(relative(cwd, file), new Set([...targets].map((t) => relative(cwd, t))));
  }
  return graph;
}

/** The part of the renderer a file belongs to (`src-renderer/orders [components]`), or undefined outside it. */
export function rendererPartOf(file) {
  const parts = file.split(/[\\/]/);
  if (parts[0] !== 'src-renderer') return undefined;
  if (parts.length === 2) return 'src-renderer [root]';
  if (parts[1] === 'i18n' || /messages\.ts$/.test(file)) return 'src-renderer [strings]';
  return `src-renderer/${parts[1]} [${file.endsWith('.svelte') ? 'components' : 'code'}]`;
}

/** The graph of the renderer's parts: one part imports another when one of its files does. */
export function partGraph(graph, partOf = rendererPartOf) {
  const parts = new Map();
  for (const [file, targets] of graph) {
    const from = partOf(file);
    if (!from) continue;
    if (!parts.has(from)) parts.set(from, new Set());
    for (const target of targets) {
      const to = partOf(target);
      if (to && to !== from) parts.get(from).add(to);
    }
  }
  return parts;
}

/** Every cycle, in words: files first, then the renderer's parts. */
export function cycleReport(cwd, roots = ROOTS) {
  const graph = importGraph(cwd, roots);
  return {
    files: graph.size,
    cycles: [
      ...findCycles(graph).map((c) => `import cycle among ${c.length} file(s):\n  ${c.join('\n  ')}`),
      ...findCycles(partGraph(graph)).map((c) => `import cycle among the renderer's folders:\n  ${c.join('\n  ')}`),
    ],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, cycles } = cycleReport(process.cwd());
  for (const cycle of cycles) console.error(cycle);
  if (cycles.length > 0) process.exit(1);
  console.log(`no import cycle among ${files} files (.ts and .svelte), nor among the renderer's folders`);
}
