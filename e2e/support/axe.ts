import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface AxeCheckOptions {
  /** Names the page or state in the failure message. */
  label?: string;
  /** Records the failure and lets the test go on, so one run lists every page with violations. */
  soft?: boolean;
}

/**
 * WCAG 2.1 A and AA, plus two best-practice rules the accessibility statement promises (issue 25):
 * every part of a page sits in a landmark (`region`) and no heading level is skipped
 * (`heading-order`). A rule enabled by name runs alongside the tags (axe-core's rule options).
 */
const RULES = { region: { enabled: true }, 'heading-order': { enabled: true } };

/** Fails the test on any axe violation, listing rule ids and the offending selectors. */
export async function expectNoAxeViolations(page: Page, options: AxeCheckOptions = {}): Promise<void> {
  const results = await new AxeBuilder({ page })
    .options({ rules: RULES })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  (options.soft ? expect.soft : expect)(summary, options.label).toEqual([]);
}
