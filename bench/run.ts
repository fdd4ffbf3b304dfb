/**
 * `npm run bench` runs every benchmark; `npm run bench -- NAME` runs one. Each benchmark measures
 * its own baseline in the same run and ends with one line `bench NAME: key=value ...`, ratios first.
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Benchmark {
  /** Runs the benchmark, printing progress; resolves to the final line's key=value pairs. */
  run(): Promise<Record<string, string | number>>;
}

export function formatLine(name: string, values: Record<string, string | number>): string {
  const pairs = Object.entries(values).map(([k, v]) => `${k}=${typeof v === 'number' ? Number(v.toFixed(3)) : v}`);
  return `bench ${name}: ${pairs.join(' ')}`;
}

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => basename(f, '.bench.ts'))
  .sort();

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const names = wanted.length > 0 ? wanted : available;
  for (const name of names) {
    if (!available.includes(name)) {
      console.error(`unknown benchmark "${name}"; available: ${available.join(', ')}`);
      process.exitCode = 2;
      return;
    }
  }
  for (const name of names) {
    const module = (await import(join(here, `${name}.bench.ts`))) as { default: Benchmark };
    console.log(`--- ${name}`);
    const values = await module.default.run();
    console.log(formatLine(name, values));
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
