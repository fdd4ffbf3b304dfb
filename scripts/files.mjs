// The files under a folder that a test picks, sorted: the one walk the scripts share.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir` (sorted, depth first) whose name `accept` takes; none when `dir` is absent. */
export function filesUnder(dir, accept) {
  let entries;
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, accept);
    return accept(name) ? [path] : [];
  });
}
