import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
// @ts-expect-error a plain .mjs script, without types
import { cycleReport, importsOf } from '../../../scripts/import-cycles.mjs';

/** `npm run lint:cycles` sees through components: these cycles must each be found. */
describe('import cycles (lint:cycles)', () => {
  const roots: string[] = [];
  after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  function project(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), 'cycles-'));
    roots.push(root);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }
  const script = (code: string): string => `<script lang="ts">\n${code}\n</script>\n<p>{x}</p>`;

  it('reads the imports of both script blocks of a component, type-only ones too', () => {
    const text = `<script module lang="ts">import { a } from './a';</script>\n${script("import type { B } from '../b/b.svelte';\nimport C from './C.svelte';")}`;
    assert.deepEqual(importsOf('X.svelte', text), ['./a', '../b/b.svelte', './C.svelte']);
  });

  it('finds a cycle through a component', () => {
    const root = project({
      'src-renderer/orders/rules.ts': "import type { Props } from './Card.svelte';\nexport type P = Props;",
      'src-renderer/orders/Card.svelte': script("import { rule } from './rules';"),
    });
    const { cycles } = cycleReport(root);
    assert.equal(cycles.length, 2);
    assert.match(cycles[0], /file\(s\):\n {2}src-renderer\/orders\/Card\.svelte\n {2}src-renderer\/orders\/rules\.ts/);
    // And a feature's code importing its own components is a cycle of the folder's two parts.
    assert.match(cycles[1], /folders:\n {2}src-renderer\/orders \[code\]\n {2}src-renderer\/orders \[components\]/);
  });

  it('finds two feature folders whose components import each other, with no file cycle', () => {
    const root = project({
      'src-renderer/orders/Drawer.svelte': script("import Panel from '../delivery-orders/Panel.svelte';"),
      'src-renderer/orders/Facts.svelte': script('let x = 1;'),
      'src-renderer/delivery-orders/Panel.svelte': script('let x = 1;'),
      'src-renderer/delivery-orders/Dialog.svelte': script("import Facts from '../orders/Facts.svelte';"),
    });
    const { cycles } = cycleReport(root);
    assert.deepEqual(cycles, ["import cycle among the renderer's folders:\n  src-renderer/delivery-orders [components]\n  src-renderer/orders [components]"]);
  });

  it('lets components import their state, and the terminal build every state', () => {
    const root = project({
      'src-renderer/app/terminal.ts': "import { OrdersState } from '../orders/orders-state.svelte';\nexport const t = OrdersState;",
      'src-renderer/orders/orders-state.svelte.ts': "import { words } from './messages';\nexport class OrdersState {}",
      'src-renderer/orders/messages.ts': "import { define } from '../i18n/define';\nexport const words = define;",
      'src-renderer/i18n/define.ts': 'export const define = 1;',
      'src-renderer/orders/Card.svelte': script("import { getTerminal } from '../app/terminal';\nimport { OrdersState } from './orders-state.svelte';"),
    });
    assert.deepEqual(cycleReport(root).cycles, []);
  });

  it('finds none in this project', () => {
    const { files, cycles } = cycleReport(process.cwd());
    assert.ok(files > 300, `read ${files} files`);
    assert.deepEqual(cycles, []);
  });
});
