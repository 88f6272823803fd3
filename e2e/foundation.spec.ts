import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { csrf, uniqueEmail } from './support/api';
import { startApp } from './support/app';

test.describe('web shell', () => {
  test('home page in Polish by default and in English under /en', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'Klucz do wygodnych i bezpiecznych zastępstw',
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/pl$/);

    await page.goto('/en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/convenient and safe substitutions/i);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
      'href',
      /\/en$/,
    );
  });

  test('the theme choice survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/pl');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Zmień motyw' }).click();
    await page.getByRole('menuitemradio', { name: 'Ciemny' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);

    // "System" follows the operating system live.
    await page.getByRole('button', { name: 'Zmień motyw' }).click();
    await page.getByRole('menuitemradio', { name: 'Systemowy' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('switching the language changes the texts and the address, and keeps the page', async ({ page }) => {
    await page.goto('/pl/pricing');
    await page.getByRole('link', { name: /EN – English/ }).click();
    await expect(page).toHaveURL(/\/en\/pricing$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Substytut – home page' })).toBeVisible();
    await page.getByRole('link', { name: /PL – Polski/ }).click();
    await expect(page).toHaveURL(/\/pl\/pricing$/);
    await expect(page.getByRole('link', { name: 'Substytut – strona główna' })).toBeVisible();
  });

  test('an unknown address shows the 404 page and returns home after 5 seconds', async ({ page }) => {
    // The page's clock is the test's: the 5 s pass at once, and the page is still there just before.
    await page.clock.install();
    const response = await page.goto('/to-nie-istnieje');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Nie znaleziono strony' })).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Strona główna', exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Wstecz' })).toBeVisible();
    // The 5 s count from when the app runs on the page.
    await startApp(page);
    await page.clock.runFor(4_900);
    await expect(page).toHaveURL(/\/to-nie-istnieje$/);
    await page.clock.runFor(100);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Klucz do wygodnych');
  });

  test('the 404 page offers a visible way to stay (WCAG 2.2.1)', async ({ page }) => {
    // The page's clock is the test's: no fixed wait for the 5 s the redirect would have taken.
    await page.clock.install();
    await page.goto('/en/no-such-page');
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'automatic redirect is off' })).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveURL(/\/en\/no-such-page$/);
  });

  test('the API answers health and a JSON 404 for unknown routes', async ({ request }) => {
    expect((await request.get('/api/health')).status()).toBe(200);
    const missing = await request.get('/api/nope');
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'route.not_found' });
  });

  for (const path of ['/pl', '/en', '/pl/404']) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`no accessibility violations on ${path} (${scheme})`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(path);
        await expectNoAxeViolations(page);
      });
    }
  }
});

test.describe('rate limits in the browser tests', () => {
  // One worker, one server, one after the other: what the first test spends, the second would
  // find spent if the tests shared a client address (e2e/support/test.ts).
  test.describe.configure({ mode: 'default' });

  /** The statuses of 11 password-reset requests (the route allows 10 a minute per client). */
  async function elevenResetRequests(request: APIRequestContext): Promise<number[]> {
    const headers = await csrf(request);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await request.post('/api/login/forget', { headers, data: { email: uniqueEmail('nobody') } });
      statuses.push(res.status());
    }
    return statuses;
  }

  test('a test past a limit is refused, as any client is', async ({ request }) => {
    expect(await elevenResetRequests(request)).toEqual([...Array<number>(10).fill(200), 429]);
  });

  test('the next test is another client, with the whole limit to itself', async ({ request }) => {
    expect(await elevenResetRequests(request)).toEqual([...Array<number>(10).fill(200), 429]);
  });
});
