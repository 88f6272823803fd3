import { expect, test } from './support/test';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expectNoAxeViolations } from './support/axe';
import { csrf, linkIn, signInBrowser, waitForMail } from './support/api';
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

    // Export: made in the background; the mail links to a page whose button downloads it once.
    await page.getByRole('button', { name: 'Przygotuj eksport danych' }).click();
    await expect(page.getByRole('button', { name: 'Pobierz plik ZIP' })).toBeVisible();
    const mail = await waitForMail(request, lawyer.email, /Eksport Twoich danych jest gotowy/);
    const link = linkIn(mail, /^\/my-data\/export\//);
    // What a mail scanner does: HEAD and GET of the link, and of the API's address. Nothing is used up.
    const token = new URL(link).pathname.split('/').at(-1)!;
    for (const url of [new URL(link).pathname, `/api/data-export/${token}`]) {
      expect((await request.head(url, { maxRedirects: 0 })).status()).toBeLessThan(400);
      expect((await request.get(url)).status()).toBeLessThan(400);
    }

    await page.goto(new URL(link).pathname);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Pobierz eksport swoich danych' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Pobierz plik ZIP' }).click(),
    ]);
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
    await expect(page.getByRole('status')).toContainText('Plik został pobrany.');
    // Used once: the API's download refuses it, and the dashboard says so.
    expect((await request.post(`/api/data-export/${token}`, { headers: await csrf(request) })).status()).toBe(
      410,
    );
    await page.goto('/pl/dashboard/data');
    await expect(page.getByText('Plik został już pobrany.')).toBeVisible();

    // Deletion: the box and the password, then the account and its page are gone at once.
    await page.getByRole('checkbox', { name: 'Rozumiem, że usunięcia konta nie można cofnąć.' }).check();
    await page.getByLabel('Wpisz hasło, aby potwierdzić').fill(lawyer.password);
    await page.getByRole('button', { name: 'Usuń konto na zawsze' }).click();
    await expect(page).toHaveURL(/\/pl$/);
    await expect(page.getByText('Konto zostało usunięte')).toBeVisible();
    // The session is cleared when the dashboard page unmounts, a moment after the address changes.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('auth_token'))).toBeNull();

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

  test("the export mail's page in English: the button downloads once, then the link says it is used", async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const lawyer = await createActiveLawyer(request, { firstname: 'Emma', lastname: 'Export' });
    await page.context().addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);
    const started = await request.post('/api/me/data-export', {
      headers: { ...(await csrf(request)), authorization: `Bearer ${lawyer.token}` },
    });
    expect(started.status()).toBe(200);
    const mail = await waitForMail(
      request,
      lawyer.email,
      /Eksport Twoich danych jest gotowy|Your data export is ready/,
    );
    const token = new URL(linkIn(mail, /\/my-data\/export\//)).pathname.split('/').at(-1)!;

    await page.goto(`/en/my-data/export/${token}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Download your data export' })).toBeVisible();
    await expectNoAxeViolations(page);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the ZIP file' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/\.zip$/);
    await expect(page.getByRole('status')).toContainText('The file has been downloaded.');

    await page.goto(`/en/my-data/export/${token}`);
    await page.getByRole('button', { name: 'Download the ZIP file' }).click();
    await expect(page.getByText('This data export link has been used or has expired.')).toBeVisible();
  });
});
