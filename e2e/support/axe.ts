import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface AxeCheckOptions {
  /** Names the page or state in the failure message. */
  label?: string;
  /** Records the failure and lets the test go on, so one run lists every page with violations. */
  soft?: boolean;
}

/** Fails the test on any axe violation, listing rule ids and the offending selectors. */
export async function expectNoAxeViolations(page: Page, options: AxeCheckOptions = {}): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  (options.soft ? expect.soft : expect)(summary, options.label).toEqual([]);
}
