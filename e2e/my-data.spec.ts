import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expectNoAxeViolations } from './support/axe';
import { signInBrowser, waitForMail } from './support/api';
import { createActiveLawyer, createOfferFor } from './support/lawyer';

test.describe('my data (GDPR)', () => {
  test('a lawyer downloads the export ZIP, then deletes the account and the public page is gone', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const lawyer = await createActiveLawyer(request, { firstname: 'Ewa', lastname: 'Eksportowa' });
    const offer = await createOfferFor(request, lawyer, {
      title: 'Zastępstwo w sądzie rejonowym',
      price: '250.00',
    });
    await signInBrowser(page, lawyer);
    await page.context().addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);

    await page.goto('/pl/dashboard/data');
    await expect(page.getByRole('heading', { level: 1, name: 'Moje dane' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Export: made in the background, then downloaded once.
    await page.getByRole('button', { name: 'Przygotuj eksport danych' }).click();
    const download = page.getByRole('button', { name: 'Pobierz plik ZIP' });
    await expect(download).toBeVisible();
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^substytut-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining(['README.txt', 'account.json', 'profile.json', 'offers.json']),
    );
    expect(JSON.parse(strFromU8(zip['account.json']!))).toMatchObject({ email: lawyer.email });
    expect(JSON.parse(strFromU8(zip['profile.json']!))).toMatchObject({
      profile: { firstname: 'Ewa', lastname: 'Eksportowa' },
      jobs: [{ employerName: 'Kancelaria Kowalski' }],
    });
    expect(strFromU8(zip['offers.json']!)).toContain(offer.title);
    await expect(page.getByText('Plik został już pobrany.')).toBeVisible();
    const mail = await waitForMail(request, lawyer.email, /Eksport Twoich danych jest gotowy/);
    const link = mail.links.find((l) => l.includes('/api/data-export/'));
    expect(link).toBeDefined();
    // The mailed link is the same one-time export: already used.
    expect((await request.get(new URL(link!).pathname)).status()).toBe(410);

    // Deletion: the box and the password, then the account and its page are gone at once.
    await page.getByRole('checkbox', { name: 'Rozumiem, że usunięcia konta nie można cofnąć.' }).check();
    await page.getByLabel('Wpisz hasło, aby potwierdzić').fill(lawyer.password);
    await page.getByRole('button', { name: 'Usuń konto na zawsze' }).click();
    await expect(page).toHaveURL(/\/pl$/);
    await expect(page.getByText('Konto zostało usunięte')).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('auth_token'))).toBeNull();

    expect(
      (await request.get('/api/me', { headers: { authorization: `Bearer ${lawyer.token}` } })).status(),
    ).toBe(401);
    expect((await request.get(`/api/public/profile/${lawyer.seolink}`)).status()).toBe(410);
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain(lawyer.seolink);
    const response = await page.goto(`/pl/u/${lawyer.seolink}`);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1, name: 'Ten profil został usunięty' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
