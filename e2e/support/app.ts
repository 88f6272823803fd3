import { expect, type Page } from '@playwright/test';

/**
 * Waits until React has hydrated the page (root.tsx marks <html data-hydrated>), for tests that
 * need the app running (client-side navigation, state kept between pages). The pointer moves as
 * a visitor's would.
 */
export async function startApp(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
}
