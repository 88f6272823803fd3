import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { signInBrowser, uniqueEmail, waitForMail, type OutboxMail } from './support/api';
import { createActiveLawyer } from './support/lawyer';

/** Amounts and dates may hold no-break spaces; compare texts with ordinary ones. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const COURT = 'Sąd Rejonowy dla Warszawy-Mokotowa w Warszawie';
const TITLE = 'Rozprawa w SR Mokotów';
// Not the form's own example ("np. I C 123/24"), which the page's texts carry (decision 074).
const CASE_NUMBER = 'II C 456/24';

/** A Warsaw calendar day `days` from today, as 'YYYY-MM-DD'. */
function warsawDayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const offerForm = (page: Page) => page.getByRole('form', { name: 'Formularz nowej oferty' });

interface MailWithAttachments extends OutboxMail {
  attachments: { filename: string; contentType: string; content: string }[];
}

/** The .ics a mail carries, unfolded (RFC 5545 folds long lines). */
function invitationOf(mail: OutboxMail): string {
  const ics = (mail as MailWithAttachments).attachments.find((a) => a.filename.endsWith('.ics'));
  expect(ics?.contentType).toContain('text/calendar');
  return (ics?.content ?? '').replace(/\r\n[ \t]/g, '');
}

test.describe('hearing', () => {
  test('the lawyer sets the court, date and case number; the client sees court and date, pays; both mails and the feed carry the hearing', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const day = warsawDayFromToday(10);
    const shown = `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
    const lawyer = await createActiveLawyer(request, { firstname: 'Marta', lastname: 'Zielińska' });
    await signInBrowser(page, lawyer);
    await page.context().addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);
    await page.goto('/pl/dashboard/offers');

    // Issue 34: the sidebar panel's button opens the form in a wide dialog.
    await page.getByRole('button', { name: 'Utwórz link' }).click();
    const form = offerForm(page);
    await form.getByLabel('Tytuł zlecenia').fill(TITLE);
    await form.getByLabel('Cena netto (zł)').fill('300');
    await form.getByText('Szczegóły rozprawy (opcjonalnie)').click();
    const hearing = form.getByRole('group', { name: 'Rozprawa' });
    await hearing.getByRole('combobox', { name: 'Sąd' }).click();
    await page.getByPlaceholder('Szukaj...').fill('mokotow');
    await page.getByRole('option', { name: COURT }).click();
    await expect(hearing.getByRole('combobox', { name: 'Sąd' })).toHaveText(COURT);
    await hearing.getByLabel('Wydział').fill('I Wydział Cywilny');
    // A case number in the wrong shape is refused with a clear message, and nothing is created.
    await hearing.getByLabel('Sygnatura akt').fill('sprawa 5');
    // Issue 34: the day typed day-month-year, the hour from the 24-hour lists.
    const when = hearing.getByRole('group', { name: 'Data rozprawy' });
    await when.getByLabel('Dzień (dd.mm.rrrr)').fill(shown);
    await when.getByLabel('Godzina').selectOption('09');
    await when.getByLabel('Minuty').selectOption('30');
    await form.getByRole('button', { name: 'Generuj link' }).click();
    await expect(hearing.getByText('Podaj sygnaturę akt w zwykłym formacie, np. I C 123/24')).toBeVisible();
    await hearing.getByLabel('Sygnatura akt').fill(CASE_NUMBER);
    await hearing.getByLabel('Stacjonarnie').check();
    await form.getByRole('button', { name: 'Generuj link' }).click();

    const preview = page.getByRole('dialog', { name: 'Podgląd' });
    await expect(preview).toBeVisible();
    const message = plain(await preview.getByLabel('Wiadomość do klienta').inputValue());
    expect(message).toContain(`Rozprawa: ${COURT}, I Wydział Cywilny, ${shown}, godz. 09:30, stacjonarnie.`);
    expect(message).not.toContain(CASE_NUMBER);
    const link = await preview.getByLabel('Link do oferty').inputValue();
    await page.keyboard.press('Escape');

    // The lawyer's own card: court, date and hour, and the case number.
    const card = page.getByRole('article', { name: TITLE });
    await expect(card.getByText(COURT)).toBeVisible();
    await expect(card.getByText(`${shown}, godz. 09:30`)).toBeVisible();
    await expect(card.getByText(CASE_NUMBER)).toBeVisible();

    // The client: court and date on the public card, never the case number before paying.
    const context = await browser.newContext({ locale: 'pl-PL' });
    await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);
    const client = await context.newPage();
    const url = new URL(link);
    await client.goto(`${url.pathname}${url.search}`);
    await expect(client.getByRole('heading', { name: TITLE })).toBeVisible();
    await expect(client.getByText(COURT)).toBeVisible();
    await expect(client.getByText(`${shown}, godz. 09:30`)).toBeVisible();
    expect(await client.content()).not.toContain(CASE_NUMBER);
    await expectNoAxeViolations(client);

    await client.getByRole('button', { name: 'Nawiąż współpracę' }).click();
    const invoice = client.getByRole('form', { name: 'Formularz danych do faktury' });
    await invoice.getByLabel('NIP').fill('7792364275');
    await expect(invoice.getByLabel('Miejscowość')).toHaveValue('Poznań');
    const clientEmail = uniqueEmail('client');
    await invoice.getByLabel('Adres e-mail').fill(clientEmail);
    // Step 2: the client adds the party represented; the court and date come prefilled.
    await invoice.getByText('Szczegóły rozprawy (opcjonalnie)').click();
    const step2 = invoice.getByRole('group', { name: 'Rozprawa' });
    await expect(step2.getByRole('combobox', { name: 'Sąd' })).toHaveText(COURT);
    await expect(step2.getByLabel('Dzień (dd.mm.rrrr)')).toHaveValue(shown);
    await expect(step2.getByLabel('Godzina')).toHaveValue('09');
    await expect(step2.getByLabel('Sygnatura akt')).toHaveValue('');
    await step2.getByLabel('Reprezentowana strona').fill('powód Jan Nowak');
    await invoice.getByRole('checkbox', { name: /politykę prywatności/ }).check();
    await invoice.getByRole('button', { name: 'Przejdź do płatności' }).click();
    await client.getByRole('button', { name: 'Zapłać' }).click();
    await expect(
      client.getByRole('heading', { level: 1, name: 'Twoje zlecenie zostało zarejestrowane!' }),
    ).toBeVisible();

    // Both payment mails carry the invitation, in Warsaw time, with the case number and the party.
    const dtstart = `DTSTART;TZID=Europe/Warsaw:${day.replace(/-/g, '')}T093000`;
    for (const mail of [
      await waitForMail(request, clientEmail, /Potwierdzenie płatności/),
      await waitForMail(request, lawyer.email, /Nowe opłacone zlecenie/),
    ]) {
      expect(mail.text).toContain(`Sygnatura akt: ${CASE_NUMBER}.`);
      expect(mail.text).toContain('Strona: powód Jan Nowak.');
      const ics = invitationOf(mail);
      expect(ics).toContain(dtstart);
      expect(ics).toContain('BEGIN:VTIMEZONE');
      expect(ics).toMatch(/UID:offer-\d+-hearing@/);
    }

    // The lawyer's private calendar feed lists the paid hearing.
    await page.reload();
    const feedCard = page.getByRole('region', { name: 'Kalendarz rozpraw' });
    await feedCard.getByRole('button', { name: 'Utwórz adres kalendarza' }).click();
    const address = await feedCard.getByLabel('Twój prywatny adres kalendarza').inputValue();
    const feed = await request.get(new URL(address).pathname);
    expect(feed.status()).toBe(200);
    const body = (await feed.text()).replace(/\r\n[ \t]/g, '');
    expect(body).toContain(dtstart);
    expect(body).toContain(`SUMMARY:Rozprawa: ${TITLE}`);
    await expect(feedCard.getByRole('button', { name: 'Wygeneruj nowy adres' })).toBeVisible();
    await expectNoAxeViolations(page);
    await context.close();
  });
});
