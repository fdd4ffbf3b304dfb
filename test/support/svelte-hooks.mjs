// Node module hooks that let unit tests import Svelte components (`.svelte`) and rune modules
// (`.svelte.ts`) and render them with `svelte/server`: components are compiled for the server, rune
// modules have their TypeScript stripped by esbuild and their runes compiled by Svelte.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { compile, compileModule } from 'svelte/compiler';

export async function resolve(specifier, context, nextResolve) {
  // `./orders-state.svelte` names `orders-state.svelte.ts`, as Vite resolves it.
  if (specifier.endsWith('.svelte') && context.parentURL && specifier.startsWith('.')) {
    const url = new URL(`${specifier}.ts`, context.parentURL);
    if (!existsSync(new URL(specifier, context.parentURL)) && existsSync(url)) return { url: url.href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (url.endsWith('.svelte')) {
    const filename = fileURLToPath(url);
    const { js } = compile(await readFile(filename, 'utf8'), { filename, generate: 'server', css: 'external' });
    return { format: 'module', source: js.code, shortCircuit: true };
  }
  if (url.endsWith('.svelte.ts')) {
    const filename = fileURLToPath(url);
    const { code } = await transform(await readFile(filename, 'utf8'), { loader: 'ts', format: 'esm', target: 'es2022', sourcefile: filename });
    const { js } = compileModule(code, { filename, generate: 'server' });
    return { format: 'module', source: js.code, shortCircuit: true };
  }
  return nextLoad(url, context);
}
