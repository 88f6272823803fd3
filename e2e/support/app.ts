import { expect, type Page } from '@playwright/test';

/**
 * Static pages run the app only on the visitor's first input (docs/decisions/010-hydrate-on-intent.md).
 * This moves the pointer as a visitor would and waits until the app runs the page, for tests that
 * need it to (client-side navigation, state kept between pages).
 */
export async function startApp(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  // The old build marks #root; the framework build (decision 016) marks <html> once hydrated.
  await expect(page.locator('#root[data-hydrate="done"], html[data-hydrated]')).toHaveCount(1);
}

/**
 * A lawyer's page arrives in two parts (docs/decisions/012-server-rendered-profile-page.md): its
 * loading copy, then, after the spec's second, the page itself. Call before opening the page; the
 * returned function tells what the loading copy said when the page itself arrived (null: the
 * page came without one).
 */
export async function watchLoadingCopy(page: Page): Promise<() => Promise<string | null>> {
  await page.addInitScript(() => {
    const record = window as unknown as { loadingCopyText?: string | null };
    new MutationObserver((changes, observer) => {
      for (const change of changes) {
        for (const node of Array.from(change.addedNodes)) {
          if (node instanceof HTMLElement && node.id === 'root') {
            record.loadingCopyText = document.getElementById('page-loading')?.textContent ?? null;
            observer.disconnect();
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return async () => {
    await page.waitForFunction(() => 'loadingCopyText' in window);
    return page.evaluate(() => (window as unknown as { loadingCopyText: string | null }).loadingCopyText);
  };
}
