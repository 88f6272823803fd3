import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe';
import { registerVerifiedUser, signInBrowser } from './support/api';

const here = path.dirname(fileURLToPath(import.meta.url));
const CV_FIXTURE = path.join(here, 'fixtures', 'cv.pdf');

/** A real 600x600 PNG (sharp is the API's image library, hoisted to the root node_modules). */
async function photo(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({
    create: { width: 600, height: 600, channels: 3, background: { r: 29, g: 52, b: 97 } },
  })
    .png()
    .toBuffer();
  return { name: 'portret.png', mimeType: 'image/png', buffer };
}

/** Consent given up front, so the banner never covers the form's sticky save bar. */
async function acceptCookies(page: Page, baseURL: string | undefined): Promise<void> {
  await page.context().addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);
}

async function chooseInCombobox(page: Page, combobox: string, options: string[]): Promise<void> {
  await page.getByRole('combobox', { name: combobox }).click();
  for (const option of options) await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

test.describe('provider profile', () => {
  test('a new lawyer fills the profile, uploads a photo and CV, connects the payment account and becomes active', async ({
    page,
    request,
    baseURL,
  }) => {
    // A long journey: two uploads, a redirect through the sandbox provider, axe runs.
    test.setTimeout(180_000);
    const session = await registerVerifiedUser(request);
    await signInBrowser(page, session);
    await acceptCookies(page, baseURL);

    await page.goto('/pl/dashboard');
    await expect(page).toHaveURL(/\/pl\/dashboard\/profile$/);
    // A new profile is inactive, so it opens in the editor with the first field focused.
    await expect(page.getByRole('heading', { name: 'Dane podstawowe' })).toBeVisible();
    await expect(page.getByLabel('Imię')).toBeFocused();
    await expect(page.getByLabel('E-mail')).toHaveValue(session.email);
    await expect(page.getByLabel('E-mail')).toBeDisabled();
    await expectNoAxeViolations(page);

    await page.getByLabel('Wybierz zdjęcie').setInputFiles(await photo());
    await expect(page.getByRole('img', { name: 'Podgląd zdjęcia profilowego' })).toBeVisible();
    await page.getByLabel('Imię').fill('Jan');
    await page.getByLabel('Nazwisko').fill('Kowalski');
    await page.getByLabel('Telefon').fill('+48 601 234 567');

    await page.getByLabel('Uprawnienia').selectOption({ label: 'Radca prawny' });
    await page.getByLabel('Numer wpisu').fill('WA-12345');
    await chooseInCombobox(page, 'Specjalizacja', ['Prawo cywilne', 'Prawo pracy', 'Prawo gospodarcze']);
    await expect(page.getByRole('combobox', { name: 'Specjalizacja' })).toContainText('+ 1 więcej');
    await chooseInCombobox(page, 'Izba', ['Okręgowa Izba Radców Prawnych w Warszawie']);
    await page.getByLabel('Wybierz plik CV').setInputFiles(CV_FIXTURE);
    await expect(page.getByText('cv.pdf')).toBeVisible();
    await page.getByLabel('Profil LinkedIn').fill('linkedin.com/in/jan-kowalski');
    await page
      .getByLabel('Krótki opis (bio)')
      .fill('Radca prawny z Warszawy. Zastępstwa procesowe w sprawach cywilnych i pracowniczych.');

    const job1 = page.getByRole('group', { name: 'Stanowisko 1' });
    await job1.getByLabel('Stanowisko').fill('Aplikant radcowski');
    await job1.getByLabel('Pracodawca').fill('Kancelaria Nowak i Wspólnicy');
    await job1.getByLabel('Miesiąc rozpoczęcia').selectOption({ label: 'październik' });
    await job1.getByLabel('Rok rozpoczęcia').selectOption('2016');
    await job1.getByLabel('Miesiąc zakończenia').selectOption({ label: 'wrzesień' });
    await job1.getByLabel('Rok zakończenia').selectOption('2019');
    await job1.getByRole('button', { name: 'Dodaj stanowisko' }).click();

    const job2 = page.getByRole('group', { name: 'Stanowisko 2' });
    await job2.getByLabel('Stanowisko').fill('Radca prawny');
    await job2.getByLabel('Pracodawca').fill('Kancelaria Kowalski');
    await job2.getByLabel('Miesiąc rozpoczęcia').selectOption({ label: 'styczeń' });
    await job2.getByLabel('Rok rozpoczęcia').selectOption('2020');
    await job2.getByRole('checkbox', { name: 'Nadal tu pracuję' }).check();
    await expect(job2.getByLabel('Rok zakończenia')).toBeDisabled();

    const reference = page.getByRole('group', { name: 'Referencja 1' });
    await reference.getByLabel('Autor').fill('Anna Nowak');
    await reference.getByLabel('Treść referencji').fill('Rzetelne zastępstwo, świetny kontakt.');

    // With unsaved changes an in-app link asks first.
    await page.getByRole('link', { name: 'Dane do faktury' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Czy napewno?' })).toBeVisible();
    await page.getByRole('button', { name: 'Zostań' }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);

    await page.getByRole('button', { name: 'Zapisz' }).click();
    await expect(page.getByText('Wgrano zdjęcie profilowe')).toBeVisible();
    await expect(page.getByText('Wgrano CV')).toBeVisible();
    await expect(page.getByText('Zapisano poprawnie')).toBeVisible();

    // The view of the reloaded profile.
    await expect(page.getByRole('heading', { name: 'Jan Kowalski' })).toBeVisible();
    await expect(
      page.getByText('Aplikant radcowski - Kancelaria Nowak i Wspólnicy (październik 2016 - wrzesień 2019)'),
    ).toBeVisible();
    await expect(
      page.getByText('Radca prawny - Kancelaria Kowalski (styczeń 2020 - nadal pracuje)'),
    ).toBeVisible();
    await expect(page.getByText('+48 601 234 567')).toBeVisible();
    await expect(page.getByText('Rzetelne zastępstwo, świetny kontakt.')).toBeVisible();
    const avatar = page.getByRole('img', { name: 'Zdjęcie profilowe: Jan Kowalski' });
    await expect(avatar).toHaveJSProperty('complete', true);
    expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Pobierz CV' })).toHaveAttribute('href', /^\/storage\//);
    await expect(page.getByRole('button', { name: 'Panel płatności' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The payment account: the sandbox provider's onboarding page, then back to the dashboard.
    await page.getByRole('button', { name: 'Połącz konto płatności' }).click();
    await page.getByRole('button', { name: 'Zakończ konfigurację konta' }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(page.getByRole('heading', { name: 'Jan Kowalski' })).toBeVisible();
    await expect(page.getByText('Aktywny', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Panel płatności' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edytuj' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zobacz publiczną wizytówkę' })).toHaveAttribute(
      'href',
      /\/u\//,
    );

    // The provider's dashboard opens once per link; a reload says so and leads back for a new one.
    await page.getByRole('button', { name: 'Panel płatności' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Panel konta płatności' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Link został już użyty' })).toBeVisible();
    await expect(page.getByText('kliknij „Panel płatności”')).toBeVisible();
    await page.getByRole('link', { name: 'Wróć do panelu' }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(page.getByRole('heading', { name: 'Jan Kowalski' })).toBeVisible();

    // Edit opens the saved data again.
    await page.getByRole('button', { name: 'Edytuj' }).click();
    await expect(page.getByLabel('Nazwisko')).toHaveValue('Kowalski');
    await expect(page.getByRole('group', { name: 'Stanowisko 2' })).toBeVisible();
  });

  test('billing data is saved, and the dashboard works on a phone', async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    const session = await registerVerifiedUser(request);
    await signInBrowser(page, session);
    await acceptCookies(page, baseURL);

    await page.goto('/pl/dashboard/billing');
    await expect(page.getByRole('heading', { level: 1, name: 'Dane do faktury' })).toBeVisible();
    await page.getByLabel('NIP').fill('5260250995');
    await page.getByLabel('Nazwa firmy').fill('Kancelaria Radcy Prawnego Jan Kowalski');
    await page.getByLabel('Ulica i numer').fill('Prosta 20/4');
    // Typed as five digits, the postcode gets its dash (issue 34).
    await page.getByLabel('Kod pocztowy').fill('00850');
    await expect(page.getByLabel('Kod pocztowy')).toHaveValue('00-850');
    await page.getByLabel('Miejscowość').fill('Warszawa');
    await page
      .getByLabel('Numer rachunku bankowego (opcjonalnie)')
      .fill('PL61 1090 1014 0000 0712 1981 2874');
    await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await expect(page.getByText('Dane zostały zapisane')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(page.getByLabel('Nazwa firmy')).toHaveValue('Kancelaria Radcy Prawnego Jan Kowalski');
    await expect(page.getByLabel('Numer rachunku bankowego (opcjonalnie)')).toHaveValue(
      'PL61 1090 1014 0000 0712 1981 2874',
    );

    // Ctrl+B collapses the desktop sidebar and the choice survives a reload (cookie).
    await page.keyboard.press('Control+B');
    await expect(page.getByRole('button', { name: 'Rozwiń panel boczny' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Rozwiń panel boczny' })).toBeVisible();

    // The sidebar's column runs down to the footer: no bare strip between them.
    await page.keyboard.press('Control+B');
    await expect(page.getByRole('button', { name: 'Zwiń panel boczny' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    const column = await page.locator('[data-sidebar-column]').boundingBox();
    const footer = await page.getByRole('contentinfo').boundingBox();
    expect(Math.abs(column!.y + column!.height - footer!.y)).toBeLessThanOrEqual(1);

    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/pl/dashboard/offers');
    const menu = page.getByRole('button', { name: 'Otwórz menu panelu' });
    // One menu on a phone: the dashboard's, with the theme in it; the site menu button is not shown.
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Otwórz menu', exact: true })).toBeHidden();
    await menu.click();
    const sheet = page.getByRole('dialog', { name: 'Menu panelu' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('group', { name: 'Motyw' })).toBeVisible();
    // Scrolling the page behind the open menu is locked.
    await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
    await expect(
      sheet.getByRole('region', { name: 'Nowy link do oferty' }).getByRole('button', { name: 'Wyloguj się' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await sheet.getByRole('link', { name: 'Twoja wizytówka' }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);

    await menu.click();
    await page
      .getByRole('dialog', { name: 'Menu panelu' })
      .getByRole('button', { name: 'Wyloguj się' })
      .click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('auth_token'))).toBeNull();
  });
});
