import { expect, type Page } from '@playwright/test';

/**
 * Static pages run the app only on the visitor's first input (docs/decisions/010-hydrate-on-intent.md).
 * This moves the pointer as a visitor would and waits until the app runs the page, for tests that
 * need it to (client-side navigation, state kept between pages).
 */
export async function startApp(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await expect(page.locator('#root')).toHaveAttribute('data-hydrate', 'done');
}
