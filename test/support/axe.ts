import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser build, read once. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; summary: string }[];
}

/**
 * The accessibility rules the terminal is held to on every screen: WCAG 2.x AA, contrast included
 * (a tired eye at a bright counter), and touch targets of at least 44 px (WCAG 2.5.5, AAA: the
 * terminal is a touch screen used in a rush; axe's own target-size rule checks 24 px).
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core in the page (injected by the test, never shipped) and answers the violations of the
 * given tags. The page's CSP allows only its own scripts; Playwright's evaluate is not bound by it.
 */
export async function axeViolations(page: Page, options: { tags?: string[]; include?: string } = {}): Promise<AxeViolation[]> {
  const injected = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!injected) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, include }) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
      const result = await axe.run(include ? { include: [include] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target, summary: (n as unknown as { failureSummary?: string }).failureSummary ?? '' })),
      }));
    },
    { tags: options.tags ?? AXE_TAGS, include: options.include },
  );
}

/** Elements a finger taps that are smaller than 44 × 44 CSS px (visible ones only), as `selector: w×h`. */
export async function smallTargets(page: Page, minimum = 44): Promise<string[]> {
  return page.evaluate((min) => {
    const tappable = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=switch], [role=checkbox], [role=radio], summary',
    );
    const small: string[] = [];
    for (const el of tappable) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // A control inside a larger label or row that takes the tap counts by that box.
      const label = el.closest('label');
      const target = label && label.getBoundingClientRect().height > box.height ? label.getBoundingClientRect() : box;
      if (target.width < min || target.height < min) {
        const id = el.dataset.testid
          ? `[data-testid="${el.dataset.testid}"]`
          : `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}`;
        small.push(
          `${id} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}": ${Math.round(target.width)}×${Math.round(target.height)}`,
        );
      }
    }
    return small;
  }, minimum);
}
