#!/usr/bin/env node
// `npm run audit:electron`: electronegativity over the whole build (main, preload, renderer, HTML),
// failing on any finding above INFORMATIONAL that is not in security/electronegativity-allowlist.json
// with its reason, and on any file it could not parse (an unscanned file is not a clean one).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const ROOT = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const RUNNER = require.resolve('@doyensec/electronegativity/dist/runner.js');

// electronegativity asks the network for updated translations at every run (got 11, with retries).
// The scan must not depend on a network, which CI does not have; and under Node 24 got's retry
// after the failed lookup rejects a promise nobody holds, which fails the run that called the audit.
// Its got is answered "offline" at once, so it keeps the English texts it ships. (The other user of
// got, the check that looks up Electron's security fixes, is excluded below.)
const GOT = require.resolve('got', { paths: [dirname(RUNNER)] });
const offline = () => Promise.reject(new Error('electronegativity runs offline here'));
require.cache[GOT] = { id: GOT, filename: GOT, loaded: true, children: [], paths: [], exports: Object.assign(offline, { default: offline }) };
const run = require(RUNNER);

// electronegativity's parser stops at class private fields (Svelte 5 state classes use them): the
// scan reads a copy of the build whose private fields and methods are lowered (WeakMaps), the same
// code otherwise.
const LOWER_PRIVATE = Object.fromEntries(
  [
    'class-private-field',
    'class-private-method',
    'class-private-accessor',
    'class-private-static-field',
    'class-private-static-method',
    'class-private-static-accessor',
    'class-private-brand-check',
  ].map((f) => [f, false]),
);

/** Scans `dir`; resolves to the lines to print and whether the audit failed. */
export async function audit(dir, { electronVersion, accepted }) {
  const scanned = mkdtempSync(join(tmpdir(), 'st-audit-'));
  cpSync(dir, scanned, { recursive: true });
  for (const entry of readdirSync(scanned, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(c?js|mjs)$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const format = entry.name.endsWith('.cjs') ? 'cjs' : 'esm';
    writeFileSync(file, transformSync(readFileSync(file, 'utf8'), { target: 'esnext', supported: LOWER_PRIVATE, format, loader: 'js' }).code);
  }
  const result = await run({
    input: scanned,
    electronVersionOverride: electronVersion,
    // Which Electron releases fix what is a network lookup (and this is the newest major anyway).
    excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
    isRelative: true,
  });
  rmSync(scanned, { recursive: true, force: true });

  const relative = (file) => String(file).replace(`${scanned}/`, '');
  const lines = [];
  let failed = false;
  for (const error of result.errors ?? []) {
    lines.push(`could not scan ${relative(error.file ?? String(error))}: ${error.message ?? error.error ?? ''}`);
    failed = true;
  }
  for (const issue of result.issues) {
    const file = relative(issue.file);
    const where = `${issue.id} ${issue.severity.name ?? issue.severity.format()} in ${file}:${issue.location.line}`;
    if (issue.severity.value <= 0) {
      lines.push(`informational ${where}`);
      continue;
    }
    const ok = accepted.find((a) => a.check === issue.id && a.file === file);
    if (ok) lines.push(`accepted ${where}: ${ok.reason.slice(0, 90)}…`);
    else {
      lines.push(`FINDING ${where}: ${issue.description}`);
      failed = true;
    }
  }
  lines.push(`${result.globalChecks + result.atomicChecks} checks on Electron ${electronVersion}; ${failed ? 'failed' : 'passed'}`);
  return { lines, failed };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const electronVersion = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
  const { accepted } = JSON.parse(readFileSync(join(ROOT, 'security', 'electronegativity-allowlist.json'), 'utf8'));
  const { lines, failed } = await audit(join(ROOT, 'out'), { electronVersion, accepted });
  for (const line of lines) console.log(`audit:electron: ${line}`);
  process.exit(failed ? 1 : 0);
}
