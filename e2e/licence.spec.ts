import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { openAsAdmin, signInBrowser, waitForMail } from './support/api';
import { startApp } from './support/app';
import {
  connectPaymentAccount,
  createCompleteLawyer,
  licenceCodeFor,
  SAMPLE_ADVOCATE,
  SECOND_SAMPLE_ADVOCATE,
} from './support/lawyer';

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

/**
 * The administrator's panel in a browser of their own, signed in before the page loads: the login
 * form's administrator login is admin.spec.ts's journey (decision 068).
 */
async function openAdminPanel(browser: Browser, request: APIRequestContext, path = '/admin'): Promise<Page> {
  const context = await browser.newContext({ locale: 'pl-PL' });
  const page = await context.newPage();
  await openAsAdmin(page, request, path);
  return page;
}

test.describe('licence verification', () => {
  /**
   * Issue 30: a register match proves the advocate exists, not that the account holder is that
   * advocate. The code goes to the e-mail the register lists for the entry; only typing it back
   * gives the badge. A second account with the same number goes to the administrator, who sees
   * both claims, and the first account's owner is told.
   */
  for (const journey of [
    {
      language: 'pl' as const,
      advocate: SAMPLE_ADVOCATE,
      contact: 'a•••••@kancelaria-nowak.example.com',
      texts: {
        panel: 'Weryfikacja uprawnień',
        waiting: 'Czeka na kod z e-maila',
        sentTo: 'Kod wysłaliśmy na a•••••@kancelaria-nowak.example.com (adres z rejestru)',
        codeLabel: 'Kod z e-maila (6 cyfr)',
        confirm: 'Potwierdź kod',
        wrong: 'Ten kod jest nieprawidłowy. Sprawdź go w wiadomości i wpisz ponownie',
        triesLeft: 'Pozostałe próby: 4 z 5.',
        confirmed: 'Uprawnienia zweryfikowane',
        verified: 'Zweryfikowane',
        verifiedText: (no: string) =>
          `Numer wpisu ${no} potwierdzony w rejestrze adwokatów, a kod z adresu e-mail z rejestru wpisany ${todayIn('pl')}.`,
        conditionMissing: /Zweryfikowane uprawnienia \(numer wpisu\): brakuje/,
        conditionMet: /Zweryfikowane uprawnienia \(numer wpisu\): spełniony/,
        conditions: 'Warunki tworzenia ofert',
        form: 'Formularz nowej oferty',
        newLink: 'Utwórz link',
        badge: 'Zweryfikowany',
        tooltip: `Numer wpisu potwierdzony w rejestrze adwokatów i kodem wysłanym na adres e-mail z rejestru ${todayIn('pl')}`,
        review: 'Czeka na administratora',
        claimedReason:
          'Ten numer wpisu jest już potwierdzony na innym koncie, więc sprawdzi go administrator: prześlij zaświadczenie z izby',
        holderMail: /Inne konto podało Twój numer wpisu/,
        adminPath: '/admin',
        queue: /^Weryfikacja uprawnień/,
        claims: 'Inne konta z tym numerem wpisu',
        holderWarning: 'Ten numer jest już zweryfikowany na innym koncie.',
        approveLabel: 'Zatwierdź',
      },
    },
    {
      language: 'en' as const,
      advocate: SECOND_SAMPLE_ADVOCATE,
      contact: 'p•••••@kancelaria-kaminski.example.com',
      texts: {
        panel: 'Licence verification',
        waiting: 'Waiting for the e-mailed code',
        sentTo: 'We sent the code to p•••••@kancelaria-kaminski.example.com (the register’s address)',
        codeLabel: 'Code from the e-mail (6 digits)',
        confirm: 'Confirm the code',
        wrong: 'This code is not correct. Check it in the message and type it again',
        triesLeft: 'Tries left: 4 of 5.',
        confirmed: 'Licence verified',
        verified: 'Verified',
        verifiedText: (no: string) =>
          `Entry number ${no} confirmed in the register of advocates, and the code from the register’s e-mail address typed on ${todayIn('en')}.`,
        conditionMissing: /A verified licence \(entry number\): missing/,
        conditionMet: /A verified licence \(entry number\): met/,
        conditions: 'Conditions for creating offers',
        form: 'New offer form',
        newLink: 'Create a link',
        badge: 'Verified',
        tooltip: `Entry number confirmed in the register of advocates and by a code sent to the register’s e-mail address on ${todayIn('en')}`,
        review: 'Awaiting an administrator',
        claimedReason:
          'This entry number is already confirmed on another account, so an administrator will check it: upload a chamber certificate',
        // The account was registered in Polish: its mail is in Polish.
        holderMail: /Inne konto podało Twój numer wpisu|Another account gave your entry number/,
        adminPath: '/en/admin',
        queue: /^Licence reviews/,
        claims: 'Other accounts with this entry number',
        holderWarning: 'This number is already verified on another account.',
        approveLabel: 'Approve',
      },
    },
  ]) {
    const { language, advocate, texts } = journey;
    const prefix = `/${language}`;

    test(`(${language}) a matching register entry gets a code by e-mail; only the typed code gives the badge; a second account with the number goes to review`, async ({
      page,
      browser,
      request,
    }) => {
      // Three accounts, two browsers and the admin panel: a long journey.
      test.slow();
      const fullname = `${advocate.firstname} ${advocate.lastname}`;
      const lawyer = await createCompleteLawyer(request, advocate);
      await signInBrowser(page, lawyer);

      // Saved and matched in the register: not verified yet, the code went to the register's e-mail.
      await page.goto(`${prefix}/dashboard/profile`);
      const panel = licencePanel(page, texts.panel);
      await expect(panel.getByText(texts.waiting, { exact: true })).toBeVisible();
      await expect(panel).toContainText(texts.sentTo);
      // Issue 34: the sidebar panel's button opens the offer form in a wide dialog.
      await page.getByRole('button', { name: texts.newLink }).click();
      const form = offerForm(page, texts.form);
      await expect(
        form.getByRole('list', { name: texts.conditions }).getByRole('listitem').nth(2),
      ).toHaveText(texts.conditionMissing);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');

      // A wrong code uses a try and says so next to the field.
      const code = await licenceCodeFor(request, advocate.licenseNo, lawyer.email);
      const field = panel.getByLabel(texts.codeLabel);
      await field.fill(code === '000000' ? '111111' : '000000');
      await panel.getByRole('button', { name: texts.confirm }).click();
      await expect(panel.getByText(texts.wrong)).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(panel).toContainText(texts.triesLeft);

      // The right code, as the advocate reads it in the register's mailbox: now verified.
      await field.fill(code);
      await panel.getByRole('button', { name: texts.confirm }).click();
      await expect(page.getByText(texts.confirmed)).toBeVisible();
      await expect(panel.getByText(texts.verified, { exact: true })).toBeVisible();
      await expect(panel).toContainText(texts.verifiedText(advocate.licenseNo));
      await page.getByRole('button', { name: texts.newLink }).click();
      await expect(
        form.getByRole('list', { name: texts.conditions }).getByRole('listitem').nth(2),
      ).toHaveText(texts.conditionMet);
      await page.keyboard.press('Escape');

      // With the payment account the profile is public, with the badge and what it proves.
      await connectPaymentAccount(request, lawyer);
      await page.goto(`${prefix}/u/${lawyer.seolink}`);
      await expect(await badgeTooltip(page, texts.badge)).toHaveText(texts.tooltip);

      // A second account gives the same name and number: never verified automatically.
      const second = await createCompleteLawyer(request, advocate);
      const secondPage = await browser.newPage({ locale: language === 'pl' ? 'pl-PL' : 'en-GB' });
      await signInBrowser(secondPage, second);
      await secondPage.goto(`${prefix}/dashboard/profile`);
      const secondPanel = licencePanel(secondPage, texts.panel);
      await expect(secondPanel.getByText(texts.review, { exact: true })).toBeVisible();
      await expect(secondPanel).toContainText(texts.claimedReason);
      await secondPage.close();

      // The first account's owner is told by e-mail.
      await waitForMail(request, lawyer.email, texts.holderMail);

      // The administrator sees both claims side by side, and approves only from a certificate.
      const admin = await openAdminPanel(browser, request, texts.adminPath);
      const queue = admin.getByRole('region', { name: texts.queue });
      const item = queue.getByRole('article', { name: fullname });
      // The queue loads after the rest of the panel.
      await expect(item).toContainText(advocate.licenseNo, { timeout: 30_000 });
      const claims = item.getByRole('region', { name: `${texts.claims}: ${fullname}` });
      await expect(claims).toContainText(texts.holderWarning);
      await expect(claims).toContainText(lawyer.email);
      await expect(item.getByRole('button', { name: `${texts.approveLabel}: ${fullname}` })).toBeDisabled();
      await expectNoAxeViolations(admin);
      await admin.context().close();
    });
  }

  test('a lawyer whose number the register does not know cannot create offers, sends a certificate, and the administrator approves it', async ({
    page,
    browser,
    request,
  }) => {
    // Two browsers and the admin panel: a long journey on a shared machine.
    test.slow();
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
    await page.getByRole('button', { name: 'Create a link' }).click();
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
    const admin = await openAdminPanel(browser, request);
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
    await page.getByRole('button', { name: 'Create a link' }).click();
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
