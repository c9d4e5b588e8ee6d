import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';

/**
 * Every axe-core rule, those off by default included (experimental, deprecated, target-size,
 * WCAG 2.5.3's label-in-name, AAA's 7:1 contrast).
 */
const everyRule = Object.fromEntries(axe.getRules().map(({ ruleId }) => [ruleId, { enabled: true }]));

/** Serious and critical axe-core violations of every rule on the page as it is now, described for the report. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Sections skipped by content-visibility (off screen) have no layout of their own: their targets
  // all sit in a placeholder box and seem to overlap. Measure the page as each part is when read.
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  const results = await new AxeBuilder({ page }).options({ rules: everyRule }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}
