import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { signInBrowser } from './support/api';
import { startApp } from './support/app';
import { connectPaymentAccount, createCompleteLawyer, SAMPLE_ADVOCATE } from './support/lawyer';

// Seeded at start outside production (apps/api demo accounts).
const ADMIN = { email: 'admin@substytut.local', password: 'Demo-Admin-Substytut' };
const CERTIFICATE = fileURLToPath(new URL('./fixtures/cv.pdf', import.meta.url));

/** Letters only, so the tag is a valid part of a last name. */
function tag(): string {
  const t = Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(26))).join('');
  return t[0]!.toUpperCase() + t.slice(1);
}

/** Today in Warsaw as the licence texts write it: 24.11.2026 (pl), 24 November 2026 (en). */
function todayIn(language: 'pl' | 'en'): string {
  const now = new Date();
  if (language === 'en') {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Warsaw',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(now);
  }
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' })
    .format(now)
    .split('-');
  return `${day}.${month}.${year}`;
}

const offerForm = (page: Page, name = 'Formularz nowej oferty') => page.getByRole('form', { name });
const licencePanel = (page: Page, name = 'Weryfikacja uprawnień') => page.getByRole('region', { name });

/** Focuses the badge (the keyboard's way in) and returns the tooltip it opens. */
async function badgeTooltip(page: Page, badge: string) {
  // The tooltip's code loads on focus, which the page hears once it runs.
  await startApp(page);
  await page.getByRole('button', { name: badge, exact: true }).focus();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  return tooltip;
}

async function openAdminPanel(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'pl-PL' });
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByLabel('Adres e-mail').fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Panel administratora' })).toBeVisible();
  return page;
}

test.describe('licence verification', () => {
  test('a lawyer whose entry number is in the register is verified on saving the profile and can create an offer', async ({
    page,
    request,
  }) => {
    const lawyer = await createCompleteLawyer(request, SAMPLE_ADVOCATE);
    await signInBrowser(page, lawyer);

    // The profile is not active yet (no payment account), so it opens in the editor, under the
    // licence panel, which says what the register confirmed and when.
    await page.goto('/pl/dashboard/profile');
    const panel = licencePanel(page);
    await expect(panel.getByText('Zweryfikowane', { exact: true })).toBeVisible();
    await expect(panel).toContainText(
      `Numer wpisu WAW/Adw/90002 potwierdzony w rejestrze adwokatów ${todayIn('pl')}.`,
    );
    await expect(panel).toContainText('RejestrRejestr adwokatów');
    await expect(panel.getByRole('button', { name: 'Sprawdź ponownie w rejestrze' })).toBeVisible();

    // The form names the one condition still missing: the payment account.
    const form = offerForm(page);
    const conditions = form.getByRole('list', { name: 'Warunki tworzenia ofert' });
    await expect(conditions.getByRole('listitem')).toHaveText([
      /Uzupełniony i aktywny profil: brakuje/,
      /Połączone konto płatności: brakuje/,
      /Zweryfikowane uprawnienia \(numer wpisu\): spełniony/,
    ]);
    await expect(form.getByRole('button', { name: 'Generuj link' })).toBeDisabled();
    await expectNoAxeViolations(page);

    await connectPaymentAccount(request, lawyer);
    await page.goto('/pl/dashboard/offers');
    await expect(form.getByRole('list', { name: 'Warunki tworzenia ofert' })).toHaveCount(0);
    await form.getByLabel('Tytuł zlecenia').fill('Rozprawa w SO Warszawa');
    await form.getByLabel('Cena netto (zł)').fill('300');
    await form.getByRole('button', { name: 'Generuj link' }).click();
    await expect(page.getByText('Utworzono ofertę poprawnie')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('article', { name: 'Rozprawa w SO Warszawa' })).toBeVisible();

    // The public badge says what was checked and when, in both languages.
    await page.goto(`/pl/u/${lawyer.seolink}`);
    await expect(await badgeTooltip(page, 'Zweryfikowany')).toHaveText(
      `Numer wpisu potwierdzony w rejestrze adwokatów ${todayIn('pl')}`,
    );
    await page.goto(`/en/u/${lawyer.seolink}`);
    await expect(await badgeTooltip(page, 'Verified')).toHaveText(
      `Entry number confirmed in the register of advocates on ${todayIn('en')}`,
    );
  });

  test('a lawyer whose number the register does not know cannot create offers, sends a certificate, and the administrator approves it', async ({
    page,
    browser,
    request,
  }) => {
    const Tag = tag();
    const lawyer = await createCompleteLawyer(request, {
      firstname: 'Jan',
      lastname: `Nieznany${Tag}`,
      permissions: 'adwokat',
      licenseNo: 'WAW/Adw/91234',
      institution: 'ia-warszawa',
    });
    await connectPaymentAccount(request, lawyer);
    await signInBrowser(page, lawyer);

    // Active profile and payment account, but no verified licence: no offer, and the form says why.
    await page.goto('/en/dashboard/offers');
    const form = offerForm(page, 'New offer form');
    await expect(
      form.getByText('You can create offers once your professional licence is confirmed.'),
    ).toBeVisible();
    await expect(
      form.getByRole('list', { name: 'Conditions for creating offers' }).getByRole('listitem'),
    ).toHaveText([
      /A complete, active profile: met/,
      /A connected payment account: met/,
      /A verified licence \(entry number\): missing/,
    ]);
    await expect(form.getByRole('button', { name: 'Generate link' })).toBeDisabled();
    await form.getByRole('link', { name: 'Verify your licence' }).click();
    await expect(page).toHaveURL(/\/en\/dashboard\/profile#licence$/);

    const panel = licencePanel(page, 'Licence verification');
    await expect(panel.getByText('Rejected', { exact: true })).toBeVisible();
    await expect(panel).toContainText('Reason: The register of advocates has no entry with this number');
    await expect(panel).toBeFocused();
    await expectNoAxeViolations(page);

    await panel.getByLabel('Upload a chamber certificate').setInputFiles(CERTIFICATE);
    await expect(page.getByText('Certificate uploaded')).toBeVisible();
    await expect(panel.getByText('Awaiting an administrator', { exact: true })).toBeVisible();
    await expect(panel).toContainText('Your certificate has been sent.');

    // The administrator sees the case with its evidence, refuses to reject without a reason,
    // then approves.
    const admin = await openAdminPanel(browser);
    const queue = admin.getByRole('region', { name: /^Weryfikacja uprawnień/ });
    const item = queue.getByRole('article', { name: `Jan Nieznany${Tag}` });
    await expect(item).toContainText('Numer wpisuWAW/Adw/91234');
    await expect(item).toContainText('Przykładowy rejestr (wbudowany)');
    await expect(item).toContainText(/SHA-256[0-9a-f]{64}/);
    await expect(
      item.getByRole('button', { name: `Pobierz zaświadczenie: Jan Nieznany${Tag}` }),
    ).toBeVisible();
    await expectNoAxeViolations(admin);

    await item.getByRole('button', { name: `Odrzuć: Jan Nieznany${Tag}` }).click();
    const reject = admin.getByRole('dialog', { name: `Odrzucić uprawnienia: Jan Nieznany${Tag}?` });
    await reject.getByRole('button', { name: 'Odrzuć' }).click();
    await expect(reject.getByText('Podaj powód odrzucenia.')).toBeVisible();
    await reject.getByRole('button', { name: 'Anuluj' }).click();
    await expect(reject).toBeHidden();

    await item.getByRole('button', { name: `Zatwierdź: Jan Nieznany${Tag}` }).click();
    const approve = admin.getByRole('dialog', { name: `Zatwierdzić uprawnienia: Jan Nieznany${Tag}?` });
    await approve.getByRole('button', { name: 'Zatwierdź' }).click();
    await expect(admin.getByText(`Zatwierdzono uprawnienia: Jan Nieznany${Tag}`)).toBeVisible();
    await expect(item).toBeHidden();

    const profiles = admin.getByRole('region', { name: 'Profile', exact: true });
    await profiles.getByRole('searchbox', { name: 'Szukaj' }).fill(lawyer.email);
    await expect(profiles.getByRole('row').filter({ hasText: lawyer.email })).toContainText('Zweryfikowane');
    await admin.context().close();

    // The lawyer: verified by review, and the form is open.
    await page.reload();
    await expect(panel.getByText('Verified', { exact: true })).toBeVisible();
    await expect(panel).toContainText(
      `Licence confirmed by an administrator from a chamber certificate on ${todayIn('en')}.`,
    );
    await expect(form.getByRole('button', { name: 'Generate link' })).toBeEnabled();

    // And the public badge, with what was checked and when, in both languages.
    await page.goto(`/en/u/${lawyer.seolink}`);
    await expect(await badgeTooltip(page, 'Verified')).toHaveText(
      `Licence confirmed by an administrator from a chamber certificate on ${todayIn('en')}`,
    );
    await page.goto(`/pl/u/${lawyer.seolink}`);
    await expect(await badgeTooltip(page, 'Zweryfikowany')).toHaveText(
      `Uprawnienia potwierdzone przez administratora na podstawie zaświadczenia ${todayIn('pl')}`,
    );
  });
});
