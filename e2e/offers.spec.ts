import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { signInBrowser } from './support/api';
import { createActiveLawyer, createCompleteLawyer, createOfferFor, payOffer } from './support/lawyer';

/** Amounts are formatted with no-break spaces; compare texts with ordinary ones. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function tomorrowInWarsaw(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
  const next = new Date(`${today}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const [year, month, day] = next.toISOString().slice(0, 10).split('-');
  // Issue 34: the expiry is typed and shown day-month-year.
  return `${day}.${month}.${year}`;
}

/** Issue 34: the sidebar panel's button opens the offer form in a wide dialog. */
async function openOfferForm(page: Page) {
  await page.getByRole('button', { name: 'Utwórz link' }).click();
  return offerForm(page);
}
const offerForm = (page: Page) => page.getByRole('form', { name: 'Formularz nowej oferty' });
const offerCard = (page: Page, title: string) => page.getByRole('article', { name: title });
const section = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });

async function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

async function openMenu(page: Page, card: Locator, title: string) {
  await card.getByRole('button', { name: `Więcej akcji: ${title}` }).click();
  return page.getByRole('menu');
}

test.describe('offers', () => {
  test('an active lawyer creates an offer, previews and copies it, and deletes another one', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const lawyer = await createActiveLawyer(request);
    await signInBrowser(page, lawyer);

    await page.goto('/pl/dashboard/offers');
    await expect(page.getByRole('heading', { level: 1, name: 'Historia ofert' })).toBeVisible();
    await expect(page.getByText('Nie masz aktualnie żadnych ofert')).toBeVisible();

    const form = await openOfferForm(page);
    await expect(page.getByRole('dialog', { name: 'Nowy link do oferty' })).toBeVisible();
    await expect(form.getByLabel('Ważna do')).toHaveValue(tomorrowInWarsaw());
    await form.getByRole('button', { name: 'Generuj link' }).click();
    await expect(form.getByText('Uzupełnij pole')).toHaveCount(2);

    await form.getByLabel('Tytuł zlecenia').fill('Rozprawa w SR Kraków');
    await form.getByLabel('Cena netto (zł)').fill('250,50');
    await expect
      .poll(async () => plain(await form.locator('p', { hasText: 'Wycena brutto' }).textContent()))
      .toBe('Wycena brutto: 308,12 zł');
    await form.getByRole('button', { name: 'Generuj link' }).click();

    // Right after creation: the toast, and the preview with the note where the offer now is.
    await expect(page.getByText('Utworzono ofertę poprawnie')).toBeVisible();
    const created = page.getByRole('dialog', { name: 'Podgląd' });
    await expect(created.getByText('Oferta jest już widoczna w zakładce „Historia ofert”.')).toBeVisible();
    const link = await created.getByLabel('Link do oferty').inputValue();
    expect(link).toMatch(new RegExp(`/u/${lawyer.seolink}\\?o=[\\w-]+$`));
    const card = created.getByRole('img', { name: 'Grafika oferty „Rozprawa w SR Kraków”' });
    await expect(card).toHaveJSProperty('complete', true);
    expect(await card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await created.getByRole('button', { name: 'Kopiuj wiadomość z linkiem' }).click();
    await expect(created.getByRole('button', { name: 'Skopiowano wiadomość' })).toBeVisible();
    const copied = plain(await clipboardText(page));
    expect(copied).toContain('Cena: 250,50 zł netto (308,12 zł brutto)');
    expect(copied.endsWith(`\n\n${link}`)).toBe(true);
    await page.keyboard.press('Escape');

    // The form is reset, expiry back to tomorrow.
    await openOfferForm(page);
    await expect(form.getByLabel('Tytuł zlecenia')).toHaveValue('');
    await expect(form.getByLabel('Cena netto (zł)')).toHaveValue('');
    await expect(form.getByLabel('Ważna do')).toHaveValue(tomorrowInWarsaw());
    await page.keyboard.press('Escape');

    // The history lists it under Wysłane, with the gross price on hover.
    const sent = offerCard(page, 'Rozprawa w SR Kraków');
    await expect(section(page, 'Wysłane').getByRole('article')).toHaveCount(1);
    await expect(sent.getByText('Oczekuje na płatność')).toBeVisible();
    await expect(sent.getByText(/Pozostało: [01] d \d+ godz\. \d+ min/)).toBeVisible();
    await sent.getByText(/250,50/).hover();
    // The tooltip itself is hidden from assistive technology: the price reads the gross out already.
    const tooltip = page.locator('[data-radix-popper-content-wrapper]').getByText(/^Brutto:/);
    await expect.poll(async () => plain(await tooltip.textContent())).toBe('Brutto: 308,12 zł');
    await expectNoAxeViolations(page);

    // Preview from the card: the edited message is copied with the link; edits stay local.
    await (
      await openMenu(page, sent, 'Rozprawa w SR Kraków')
    )
      .getByRole('menuitem', { name: 'Podgląd' })
      .click();
    const preview = page.getByRole('dialog', { name: 'Podgląd' });
    await expect(preview.getByText(/Historia ofert/)).toHaveCount(0);
    await preview.getByLabel('Wiadomość do klienta').fill('Dzień dobry, zapraszam do oferty:');
    await preview.getByRole('button', { name: 'Kopiuj wiadomość z linkiem' }).click();
    expect(await clipboardText(page)).toBe(`Dzień dobry, zapraszam do oferty:\n\n${link}`);
    await page.keyboard.press('Escape');

    // Copy link on the card, with its 2-second feedback.
    await sent.getByRole('button', { name: 'Kopiuj link' }).click();
    await expect(sent.getByRole('button', { name: 'Skopiowano' })).toBeVisible();
    expect(await clipboardText(page)).toBe(link);
    await expect(sent.getByRole('button', { name: 'Kopiuj link' })).toBeVisible();

    // A second offer, deleted through the card's menu.
    await createOfferFor(request, lawyer, { title: 'Oferta do wycofania', price: '80' });
    await page.reload();
    const doomed = offerCard(page, 'Oferta do wycofania');
    await expect(doomed).toBeVisible();
    await (
      await openMenu(page, doomed, 'Oferta do wycofania')
    )
      .getByRole('menuitem', { name: 'Usuń' })
      .click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Czy na pewno chcesz wycofać ofertę tego zlecenia?');
    await expect(confirm).toContainText('Tej operacji nie można cofnąć. Oferta zostanie trwale usunięta.');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Wycofaj ofertę' }).click();
    await expect(page.getByText('Usunięto poprawnie')).toBeVisible();
    await expect(doomed).toHaveCount(0);
    await expect(offerCard(page, 'Rozprawa w SR Kraków')).toBeVisible();
    const list = await request.get('/api/user/offer', { headers: lawyer.headers });
    expect(((await list.json()) as { data: { title: string }[] }).data.map((o) => o.title)).toEqual([
      'Rozprawa w SR Kraków',
    ]);
  });

  test('a paid offer is in Aktywne and can be marked done; then it awaits acceptance', async ({
    page,
    request,
  }) => {
    const lawyer = await createActiveLawyer(request, { firstname: 'Anna', lastname: 'Zielińska' });
    const offer = await createOfferFor(request, lawyer, { title: 'Posiedzenie w SO Gdańsk', price: '300' });
    await payOffer(request, lawyer, offer);
    await signInBrowser(page, lawyer);

    await page.goto('/pl/dashboard/offers');
    const card = section(page, 'Aktywne').getByRole('article', { name: 'Posiedzenie w SO Gdańsk' });
    await expect(card.getByText('W trakcie realizacji')).toBeVisible();
    await expect(section(page, 'Wysłane')).toHaveCount(0);
    // A paid offer cannot be withdrawn.
    const menu = await openMenu(page, card, 'Posiedzenie w SO Gdańsk');
    await expect(menu.getByRole('menuitem')).toHaveText(['Informacje', 'Podgląd']);
    await page.keyboard.press('Escape');

    await card.getByRole('button', { name: 'Oznacz jako zrealizowane' }).click();
    // Issue 23: marking done files a hearing report (a dialog with a form, no longer a yes/no).
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(
      'Czy na pewno chcesz oznaczyć zlecenie „Posiedzenie w SO Gdańsk” jako zrealizowane?',
    );
    await confirm.getByRole('radio', { name: 'Rozprawa odbyła się' }).check();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Oznacz jako zrealizowane' }).click();
    await expect(page.getByText('Zapisano poprawnie')).toBeVisible();
    await expect(card.getByText('Oczekuje na akceptację')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Oznacz jako zrealizowane' })).toHaveCount(0);
  });

  test('a lawyer whose profile is not active sees the form disabled, with the reason', async ({
    page,
    request,
  }) => {
    const lawyer = await createCompleteLawyer(request, { firstname: 'Piotr', lastname: 'Nowak' });
    await signInBrowser(page, lawyer);

    await page.goto('/pl/dashboard/offers');
    const form = await openOfferForm(page);
    await expect(
      form.getByText(
        'Tworzenie ofert będzie możliwe po uzupełnieniu profilu i aktywowaniu połączonego konta płatności.',
      ),
    ).toBeVisible();
    await expect(form.getByRole('button', { name: 'Generuj link' })).toBeDisabled();
    await expect(form.getByLabel('Tytuł zlecenia')).toBeDisabled();
    await expect(page.getByText('Nie masz aktualnie żadnych ofert')).toBeVisible();
    await expectNoAxeViolations(page);

    await form.getByRole('link', { name: 'Przejdź do profilu' }).click();
    await expect(page).toHaveURL(/\/pl\/dashboard\/profile$/);
  });

  test('on a phone the card menu holds Info, Copy link and Delete, and Info opens a dialog', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 375, height: 740 });
    const lawyer = await createActiveLawyer(request, { firstname: 'Ewa', lastname: 'Mazur' });
    const offer = await createOfferFor(request, lawyer, { title: 'Rozprawa w SR Łódź', price: '120,00' });
    await signInBrowser(page, lawyer);

    await page.goto('/en/dashboard/offers');
    const card = page.getByRole('article', { name: 'Rozprawa w SR Łódź' });
    await expect(card.getByText('Awaiting payment')).toBeVisible();
    await card.getByRole('button', { name: 'More actions: Rozprawa w SR Łódź' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Details', 'Copy link', 'Preview', 'Delete']);
    await menu.getByRole('menuitem', { name: 'Copy link' }).click();
    await expect(card.getByRole('status')).toHaveText('Copied');
    expect(await clipboardText(page)).toBe(offer.absoluteUrl);

    await card.getByRole('button', { name: 'More actions: Rozprawa w SR Łódź' }).click();
    await page.getByRole('menuitem', { name: 'Details' }).click();
    const info = page.getByRole('dialog', { name: 'Offer details' });
    await expect(info).toContainText(offer.absoluteUrl);
    await expect(info).toContainText(/PLN\s147\.60/);
    await expectNoAxeViolations(page);
  });
});
