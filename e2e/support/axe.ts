import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

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

/**
 * axe's own source (the version @axe-core/playwright runs, pinned alike), evaluated only when the
 * page does not have it yet. In legacy mode the builder evaluates the source it is given twice per
 * check (once in `analyze`, once more to inject and configure it): 580 KB parsed and run twice for
 * every check, also for the second theme of a state and for each dialog of the same page. With the
 * guard a document gets axe once, and each check still configures it and runs `axe.run` with the
 * same rules (decision 068).
 */
const AXE_ONCE_PER_DOCUMENT = `if (typeof window.axe?.run !== 'function') {\n${axe.source}\n}`;

/** Fails the test on any axe violation, listing rule ids and the offending selectors. */
export async function expectNoAxeViolations(page: Page, options: AxeCheckOptions = {}): Promise<void> {
  // Only violations are read: axe then skips gathering the details of passes and incomplete
  // checks, the larger part of a run's work on a big page; every rule still runs.
  // `setLegacyMode`: axe runs in the page itself (`axe.run`). The default runs it in parts and
  // opens a blank tab per check to join them, loading axe's 580 KB there twice: a check took
  // about 2.5 s instead of 0.9 s, with the same violations (decision 053). What the default adds
  // is checking frames of another origin, and the app has none (no third-party widget runs in
  // the tests: the bot check is local).
  const results = await new AxeBuilder({ page, axeSource: AXE_ONCE_PER_DOCUMENT })
    .options({ rules: RULES, resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  (options.soft ? expect.soft : expect)(summary, options.label).toEqual([]);
}

export type Scheme = 'light' | 'dark';
/** Every page is checked in both themes at a phone's and a desktop's width. */
export const SCHEMES: readonly Scheme[] = ['light', 'dark'];
export const WIDTHS = [375, 1280] as const;

/**
 * Waits for running animations and transitions (dialogs, menus, a theme's colours) to end, so axe
 * sees final colours; looping ones (spinners) are left, and a stuck one is given up on after 2 s.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Two frames: styles changed a moment ago start their transitions by then.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    const cap = new Promise((resolve) => setTimeout(resolve, 2_000));
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), cap]);
  });
}

/**
 * Shows the loaded page in `scheme` without loading it again: the browser's preference changes
 * (for the app's listener and any media query) and the root gets the class the inline head script
 * would have given it (app/head-script.ts), which a page the app has not started on needs.
 */
export async function showScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate((dark) => {
    const root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
  }, scheme === 'dark');
  await settle(page);
}

/**
 * The two themes, `shown` (the one the page shows now) first: a state is checked in the theme it
 * is in, then switched once, instead of switched to light and then to dark (one switch per state,
 * not two; decision 068). Every state is still checked in both themes.
 */
export function schemesFrom(shown: Scheme): readonly Scheme[] {
  return shown === 'dark' ? ['dark', 'light'] : SCHEMES;
}

/** Whether the loaded page shows `scheme` as the head script (or `showScheme`) set it on the root. */
export async function showing(page: Page, scheme: Scheme): Promise<boolean> {
  return page.evaluate((dark) => {
    const root = document.documentElement;
    return root.classList.contains('dark') === dark && root.style.colorScheme === (dark ? 'dark' : 'light');
  }, scheme === 'dark');
}

/** Resizes the loaded page and lets what the new width starts (layout, transitions) finish. */
export async function showWidth(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await settle(page);
}
