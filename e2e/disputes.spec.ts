import { randomInt } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { linkIn, openAsAdmin, signInBrowser, uniqueEmail, waitForMail } from './support/api';
import { createActiveLawyer, createOfferFor, payOffer } from './support/lawyer';

/** Amounts are formatted with no-break spaces; compare texts with ordinary ones. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const tag = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(26))).join('');
const section = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });

async function visitor(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'pl-PL' });
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);
  return context;
}

test.describe('hearing report and disputes (issue 23)', () => {
  test('held, disputed, half refunded: both sides see the outcome, the ledger shows refund and transfer', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.slow();
    const title = `Rozprawa w SR Kraków ${tag()}`;
    const lawyer = await createActiveLawyer(request);
    const offer = await createOfferFor(request, lawyer, { title, price: '100' });
    const payer = uniqueEmail('klient');
    await payOffer(request, lawyer, offer, payer);

    // The lawyer reports the hearing as held and marks the job done.
    await signInBrowser(page, lawyer);
    await page.context().addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);
    await page.goto('/pl/dashboard/offers');
    const card = section(page, 'Aktywne').getByRole('article', { name: title });
    await card.getByRole('button', { name: 'Oznacz jako zrealizowane' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Rozprawa odbyła się' }).check();
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Uwagi').fill('Sąd przesłuchał świadka, wyrok zostanie ogłoszony za tydzień.');
    await dialog.getByRole('button', { name: 'Oznacz jako zrealizowane' }).click();
    await expect(card.getByText('Oczekuje na akceptację')).toBeVisible();
    await expect(card.getByTestId('report-outcome')).toHaveText('Rozprawa odbyła się');

    // The client reads the report on the acceptance page and disputes.
    const mail = await waitForMail(request, payer, /zrealizowane/);
    expect(mail.text).toContain('Raport z rozprawy: Rozprawa odbyła się.');
    const clientContext = await visitor(browser, baseURL);
    const client = await clientContext.newPage();
    await client.goto(linkIn(mail, /\/offer\/accept\//));
    await expect(client.getByRole('heading', { level: 1, name: 'Potwierdź wykonanie usługi' })).toBeVisible();
    await expect(client.getByTestId('report-outcome')).toHaveText('Rozprawa odbyła się');
    await expect(
      client.getByText('Sąd przesłuchał świadka, wyrok zostanie ogłoszony za tydzień.'),
    ).toBeVisible();
    // A reason is required.
    await client.getByRole('button', { name: 'Zgłaszam zastrzeżenia' }).click();
    await expect(client.getByText('Uzupełnij pole')).toBeVisible();
    await client
      .getByLabel('Powód zastrzeżeń')
      .fill('Pełnomocnik nie zgłosił wniosku dowodowego, o który prosiłem.');
    await client.getByRole('button', { name: 'Zgłaszam zastrzeżenia' }).click();
    await expect(
      client.getByRole('heading', { level: 1, name: 'Przyjęliśmy Twoje zastrzeżenia' }),
    ).toBeVisible();
    await client.screenshot({ path: test.info().outputPath('client-disputed.png'), fullPage: true });

    // The lawyer and the administrator are told.
    await waitForMail(request, lawyer.user.email, /zakwestionował/);
    await page.reload();
    await expect(
      section(page, 'Aktywne').getByRole('article', { name: title }).getByText('Zlecenie zakwestionowane'),
    ).toBeVisible();

    // The administrator refunds half at /admin.
    const adminContext = await visitor(browser, baseURL);
    const admin = await adminContext.newPage();
    await openAsAdmin(admin, request);
    const dispute = admin.getByRole('region', { name: 'Spory' }).getByRole('article', { name: title });
    await expect(
      dispute.getByText('Pełnomocnik nie zgłosił wniosku dowodowego, o który prosiłem.'),
    ).toBeVisible();
    await expect(dispute.getByTestId('report-outcome')).toHaveText('Rozprawa odbyła się');
    await expectNoAxeViolations(admin);
    await dispute.getByRole('radio', { name: 'Zwrot dla klienta' }).check();
    await dispute.getByLabel('Kwota zwrotu (zł)').fill('200');
    await dispute
      .getByLabel('Uzasadnienie')
      .fill('Rozprawa się odbyła, ale bez wniosku, o który prosił klient.');
    await dispute.getByRole('button', { name: 'Rozstrzygnij spór' }).click();
    await expect(dispute.getByText('Kwota zwrotu nie może przekraczać kwoty wpłaty')).toBeVisible();
    await dispute.getByLabel('Kwota zwrotu (zł)').fill('61,50');
    await dispute.getByRole('button', { name: 'Rozstrzygnij spór' }).click();
    // Issue 34: the decision is confirmed in a dialog stating the amounts.
    await admin
      .getByRole('alertdialog', { name: 'Zatwierdzić rozstrzygnięcie?' })
      .getByRole('button', { name: 'Zatwierdź i przekaż środki' })
      .click();
    // The form gives way to the outcome.
    await expect(dispute.getByRole('button', { name: 'Rozstrzygnij spór' })).toHaveCount(0);
    const outcome = 'Klient otrzymał zwrot 61,50 zł; pozostała kwota (61,50 zł) trafiła do pełnomocnika.';
    await expect
      .poll(async () => plain(await dispute.getByTestId('settlement-outcome').textContent()))
      .toBe(outcome);
    await admin.screenshot({ path: test.info().outputPath('admin-resolved.png'), fullPage: true });
    await adminContext.close();

    // Both sides see the outcome, and are mailed it.
    await client.reload();
    await expect(client.getByRole('heading', { level: 1, name: 'Spór został rozstrzygnięty' })).toBeVisible();
    expect(plain(await client.getByTestId('settlement-outcome').textContent())).toBe(outcome);
    await expect(
      client.getByText('Rozprawa się odbyła, ale bez wniosku, o który prosił klient.'),
    ).toBeVisible();
    await clientContext.close();
    await waitForMail(request, payer, /Spór rozstrzygnięty/);
    await waitForMail(request, lawyer.user.email, /Spór rozstrzygnięty/);
    await page.reload();
    const archived = section(page, 'Archiwum').getByRole('article', { name: title });
    await expect(archived.getByText('Spór rozstrzygnięty')).toBeVisible();
    expect(plain(await archived.getByTestId('settlement-outcome').textContent())).toBe(outcome);

    // The sandbox ledger: the half refunded to the client, and the other half transferred after
    // the Basic plan's 5 % fee (issue 34: 5 % of 61,50 zł is 3,08 zł, so 58,42 zł).
    await page.goto('/pl/dashboard/profile');
    await page.getByRole('button', { name: 'Panel płatności' }).click();
    await expect(page.getByRole('heading', { name: 'Przelewy przychodzące' })).toBeVisible();
    const rows = page.getByRole('row', { name: new RegExp(title) });
    await expect(rows).toHaveCount(2);
    const texts = (await rows.allTextContents()).map(plain);
    expect(texts.filter((text) => text.includes('61,50 zł'))).toHaveLength(1);
    expect(texts.filter((text) => text.includes('58,42 zł'))).toHaveLength(1);
    expect(texts.some((text) => /pi_sandbox_/.test(text))).toBe(true);
  });

  test('held and confirmed: the client sees the report and confirms, the lawyer is paid', async ({
    browser,
    request,
    baseURL,
  }) => {
    const title = `Posiedzenie w SO Gdańsk ${tag()}`;
    const lawyer = await createActiveLawyer(request);
    const offer = await createOfferFor(request, lawyer, { title, price: '80' });
    const payer = uniqueEmail('klient');
    await payOffer(request, lawyer, offer, payer);
    const done = await request.put(`/api/user/offer/${offer.offerId}/done`, {
      headers: lawyer.headers,
      data: { outcome: 'held', notes: 'Sąd zamknął rozprawę.' },
    });
    expect(done.status(), await done.text()).toBe(200);

    const mail = await waitForMail(request, payer, /zrealizowane/);
    const context = await visitor(browser, baseURL);
    const client = await context.newPage();
    await client.goto(linkIn(mail, /\/offer\/accept\//));
    await expect(client.getByTestId('report-outcome')).toHaveText('Rozprawa odbyła się');
    await expect(client.getByText('Sąd zamknął rozprawę.')).toBeVisible();
    await client.getByRole('button', { name: 'Potwierdzam wykonanie usługi' }).click();
    // Issue 34: the one click asks first.
    const ask = client.getByRole('alertdialog', { name: 'Potwierdzić wykonanie usługi?' });
    await ask.getByRole('button', { name: 'Tak, potwierdzam' }).click();
    await expect(
      client.getByRole('heading', { level: 1, name: 'Usługa została oznaczona jako zaakceptowana!' }),
    ).toBeVisible();
    await context.close();

    const read = await request.get(`/api/user/offer/${offer.offerId}`, { headers: lawyer.headers });
    const body = (await read.json()) as { data: { status: string; report: { outcome: string } } };
    expect(body.data.status).toBe('accepted');
    expect(body.data.report.outcome).toBe('held');
    await waitForMail(request, lawyer.user.email, /Wypłata za zlecenie/);
  });

  test('argued by both sides and decided by the administrator in a dialog that states the amounts (issue 34)', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.slow();
    const title = `Rozprawa w SR Łódź ${tag()}`;
    const lawyer = await createActiveLawyer(request);
    const offer = await createOfferFor(request, lawyer, { title, price: '100' });
    const payer = uniqueEmail('klient');
    await payOffer(request, lawyer, offer, payer);
    const done = await request.put(`/api/user/offer/${offer.offerId}/done`, {
      headers: lawyer.headers,
      multipart: {
        outcome: 'held',
        notes: 'Sąd przesłuchał świadka.',
        minutes: {
          name: 'protokol.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1'),
        },
      },
    });
    expect(done.status(), await done.text()).toBe(200);

    // The client disputes; the deadline reads as its last minute, and the page shows the result's heading.
    const mail = await waitForMail(request, payer, /zrealizowane/);
    const clientContext = await visitor(browser, baseURL);
    const client = await clientContext.newPage();
    await client.goto(linkIn(mail, /\/offer\/accept\//));
    await expect(client.getByText(/zgłosić zastrzeżenia do \d{1,2} \S+ \d{4}, 23:59\./)).toBeVisible();
    await expect(client.getByText(/napisz do nas/)).toHaveCount(0);
    const reason = 'Pełnomocnik nie zgłosił wniosku dowodowego, o który prosiłem.';
    await client.getByLabel('Powód zastrzeżeń').fill(reason);
    await client.getByRole('button', { name: 'Zgłaszam zastrzeżenia' }).click();
    const sent = client.getByRole('heading', { level: 1, name: 'Przyjęliśmy Twoje zastrzeżenia' });
    await expect(sent).toBeFocused();
    await expect(sent).toBeInViewport();

    // The lawyer's mail invites an answer; the lawyer answers from the offer card.
    const toLawyer = await waitForMail(request, lawyer.user.email, /zakwestionował/);
    expect(toLawyer.text).toContain('Odpowiedz na zastrzeżenia');
    await signInBrowser(page, lawyer);
    await page.context().addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);
    await page.goto('/pl/dashboard/offers');
    const card = section(page, 'Aktywne').getByRole('article', { name: title });
    await card.getByRole('button', { name: 'Odpowiedz na zastrzeżenia' }).click();
    const answerDialog = page.getByRole('dialog', { name: 'Odpowiedź na zastrzeżenia klienta' });
    await expect(answerDialog.getByText(reason)).toBeVisible();
    await expectNoAxeViolations(page);
    const statement = 'Wniosek zgłosiłem ustnie do protokołu; sąd go oddalił, co widać w protokole.';
    await answerDialog.getByLabel('Twoja odpowiedź').fill(statement);
    await answerDialog.getByRole('button', { name: 'Wyślij odpowiedź' }).click();
    await expect(card.getByTestId('lawyer-answer')).toContainText(statement);
    await expect(card.getByRole('button', { name: 'Odpowiedz na zastrzeżenia' })).toHaveCount(0);

    // The client is told, and reads the answer on the page.
    const answered = await waitForMail(request, payer, /Pełnomocnik odpowiedział/);
    expect(answered.text).toContain(statement);
    await client.reload();
    await expect(client.getByTestId('lawyer-answer')).toContainText(statement);

    // The administrator sees both statements, both contacts and the minutes, and decides in a dialog.
    const adminContext = await visitor(browser, baseURL);
    const admin = await adminContext.newPage();
    await openAsAdmin(admin, request);
    const dispute = admin.getByRole('region', { name: 'Spory' }).getByRole('article', { name: title });
    await expect(dispute.getByText(reason)).toBeVisible();
    await expect(dispute.getByTestId('lawyer-answer')).toContainText(statement);
    const contacts = dispute.getByRole('region', { name: 'Kontakt do stron' });
    await expect(contacts.getByRole('link', { name: payer })).toHaveAttribute('href', `mailto:${payer}`);
    await expect(contacts.getByRole('link', { name: lawyer.user.email })).toBeVisible();
    const minutes = admin.waitForEvent('download');
    await dispute.getByRole('button', { name: 'Pobierz protokół (PDF)' }).click();
    expect((await minutes).suggestedFilename()).toBe('protokol.pdf');
    await dispute.getByLabel('Kwota zwrotu (zł)').fill('61,50');
    await dispute
      .getByLabel('Uzasadnienie')
      .fill('Wniosek był zgłoszony, ale klient go nie otrzymał na piśmie.');
    await dispute.getByRole('button', { name: 'Rozstrzygnij spór' }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Zatwierdzić rozstrzygnięcie?' });
    await expect(confirm).toBeVisible();
    expect(plain(await confirm.textContent())).toContain('Zwrot dla klienta: 61,50 zł');
    expect(plain(await confirm.textContent())).toMatch(/Wypłata dla pełnomocnika: \d+,\d{2} zł/);
    await expectNoAxeViolations(admin);
    await admin.screenshot({ path: test.info().outputPath('admin-decision-dialog.png') });
    // Nothing moved before the confirmation.
    await expect(dispute.getByTestId('settlement-outcome')).toHaveCount(0);
    await confirm.getByRole('button', { name: 'Zatwierdź i przekaż środki' }).click();
    const outcome = 'Klient otrzymał zwrot 61,50 zł; pozostała kwota (61,50 zł) trafiła do pełnomocnika.';
    await expect
      .poll(async () => plain(await dispute.getByTestId('settlement-outcome').textContent()))
      .toBe(outcome);
    await adminContext.close();

    await client.reload();
    await expect(client.getByRole('heading', { level: 1, name: 'Spór został rozstrzygnięty' })).toBeVisible();
    await clientContext.close();
    await waitForMail(request, lawyer.user.email, /Spór rozstrzygnięty/);
  });
});
