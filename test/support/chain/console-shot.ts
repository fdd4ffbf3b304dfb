import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeViolations, smallTargets } from '../axe';
import { SHOTS } from '../shells/terminal-fixture';

/** A screenshot of the console under test-results/ (`console-<what>.png`), checked by axe and for 44 px targets. */
export async function consoleShot(page: Page, what: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `console-${what}.png`) });
  const violations = await axeViolations(page);
  assert.deepEqual(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    [],
    `${what} passes axe`,
  );
  assert.deepEqual(await smallTargets(page, 44), [], `${what}: every target 44 px`);
}
