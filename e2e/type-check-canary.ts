// The type check's canary (scripts/typecheck.mjs, decision 058): each line under a
// `@ts-expect-error` is a planted error that the compiler must report, or the directive itself
// fails the check. It shows the native compiler checks this workspace with its real options.
import type { Page } from '@playwright/test';

export async function canary(page: Page) {
  // @ts-expect-error Playwright's types: an address is a string
  await page.goto(42);
}
