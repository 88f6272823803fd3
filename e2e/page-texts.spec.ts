import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createActiveLawyer } from './support/lawyer';

/*
 * A page's texts come in its HTML (decision 074): the page hydrates in its language without
 * fetching a translation file, prerendered or rendered on request, Polish or English; a client
 * navigation still fetches the next page's texts (marketing.spec.ts's language switch and footer
 * links show them).
 */

const assets = fileURLToPath(new URL('../apps/web/build/client/assets', import.meta.url));

/** The translation files of the build: the files the map of `lib/locale-files.ts` imports. */
function translationFiles(): Set<string> {
  const map = readdirSync(assets).find((file) => /^locale-files-[\w-]+\.js$/.test(file));
  expect(map, 'the map of translation files is a file of its own').toBeTruthy();
  const text = readFileSync(path.join(assets, map!), 'utf8');
  const files = new Set([
    map!,
    ...[...text.matchAll(/import\(`\.\/([\w-]+\.js)`\)/g)].map((match) => match[1]!),
  ]);
  // Every namespace of both languages and the two error catalogues.
  expect(files.size).toBeGreaterThan(40);
  return files;
}

async function firstLoad(page: Page, address: string): Promise<string[]> {
  const fetched: string[] = [];
  const listener = (request: { url(): string }) =>
    fetched.push(path.basename(new URL(request.url()).pathname));
  page.on('request', listener);
  await page.goto(address);
  await page.mouse.move(1, 1);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  page.off('request', listener);
  return fetched;
}

test('a page hydrates in its language with the texts its HTML carries, fetching no translation file', async ({
  page,
}) => {
  const files = translationFiles();
  const lawyer = await createActiveLawyer(page.request, { firstname: 'Teresa', lastname: 'Słowna' });
  const pages = [
    { address: '/pl', lang: 'pl', heading: 'Klucz do wygodnych i bezpiecznych zastępstw' },
    { address: '/en', lang: 'en', heading: 'The key to convenient and safe substitutions' },
    { address: '/en/auth/login', lang: 'en', heading: 'Log in or create an account' },
    { address: `/u/${lawyer.seolink}`, lang: 'pl', heading: 'Teresa Słowna', text: 'Doświadczenie' },
    {
      address: `/en/u/${lawyer.seolink}`,
      lang: 'en',
      heading: 'Teresa Słowna',
      text: 'Experience',
    },
  ];
  for (const item of pages) {
    const fetched = await firstLoad(page, item.address);
    expect(
      fetched.filter((file) => files.has(file)),
      item.address,
    ).toEqual([]);
    expect(
      fetched.some((file) => /^entry\.client-/.test(file)),
      item.address,
    ).toBe(true);
    await expect(page.locator('html')).toHaveAttribute('lang', item.lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.heading);
    if (item.text) await expect(page.getByRole('heading', { level: 2, name: item.text })).toBeVisible();
  }
});
