import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { expect, test } from './support/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { linkIn, signInBrowser, uniqueEmail, waitForMail } from './support/api';
import { createActiveLawyer, createOfferFor } from './support/lawyer';

/**
 * Issue 24: after the sandbox payment, the client who paid downloads the substitution document
 * from the success page and the confirmation mail, and the lawyer from the offer card.
 */

async function textOf(download: Download): Promise<string> {
  const path = await download.path();
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(path)));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

test('the client and the lawyer download the substitution document after the payment', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const lawyer = await createActiveLawyer(request, { firstname: 'Zofia', lastname: 'Wiśniewska' });
  const offer = await createOfferFor(request, lawyer, { title: 'Rozprawa w SR Mokotów', price: '250' });
  const clientEmail = uniqueEmail('client');

  const context = await browser.newContext({ locale: 'pl-PL', acceptDownloads: true });
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);
  const client = await context.newPage();
  const link = new URL(offer.absoluteUrl);
  await client.goto(`${link.pathname}${link.search}`);
  await client.getByRole('button', { name: 'Nawiąż współpracę' }).click();
  const form = client.getByRole('form', { name: 'Formularz danych do faktury' });
  await form.getByLabel('NIP').fill('7792364275');
  await expect(form.getByLabel('Nazwa firmy')).not.toHaveValue('');
  await form.getByLabel('Adres e-mail').fill(clientEmail);

  // The party represented comes from the hearing's details (issue 23), added in step 2.
  await form.getByText('Szczegóły rozprawy (opcjonalnie)').click();
  await form.getByLabel('Sygnatura akt').fill('I C 123/26');
  await form.getByLabel('Reprezentowana strona').fill('powód Jan Nowak');

  // The client is the advocate who grants the substitution.
  await form.getByRole('checkbox', { name: /udzielam substytucji/ }).check();
  const grantor = form.getByRole('group', { name: 'Udzielający substytucji' });
  await grantor.getByLabel('Imię i nazwisko').fill('Grzegorz Żółć');
  await grantor.getByLabel('Zawód').selectOption({ label: 'Adwokat' });
  await grantor.getByLabel('Numer wpisu na listę').fill('WAW/Adw/4321');
  await grantor.getByLabel('Adres kancelarii').fill('ul. Święty Marcin 29/8, 61-806 Poznań');
  await form.getByRole('checkbox', { name: /politykę prywatności/ }).check();
  await form.getByRole('button', { name: 'Przejdź do płatności' }).click();

  await client.getByRole('button', { name: 'Zapłać' }).click();
  await expect(
    client.getByRole('heading', { level: 1, name: 'Twoje zlecenie zostało zarejestrowane!' }),
  ).toBeVisible();
  const onSuccess = client.getByRole('link', { name: 'Pobierz pełnomocnictwo substytucyjne (PDF)' });
  await expect(onSuccess).toBeVisible();
  const [fromSuccess] = await Promise.all([client.waitForEvent('download'), onSuccess.click()]);
  expect(fromSuccess.suggestedFilename()).toMatch(/^pelnomocnictwo-substytucyjne-\d+\.pdf$/);
  const clientText = await textOf(fromSuccess);
  expect(clientText).toContain('PEŁNOMOCNICTWO SUBSTYTUCYJNE');
  expect(clientText).toContain('Grzegorz Żółć');
  expect(clientText).toContain('WAW/Adw/4321');
  expect(clientText).toContain('Zofia Wiśniewska');
  expect(clientText).toContain('I C 123/26');
  expect(clientText).toContain('powód Jan Nowak');
  expect(clientText).toContain('Opłata skarbowa: 17,00');

  // The confirmation mail links to the same document.
  const mail = await waitForMail(request, clientEmail, /Potwierdzenie płatności/);
  const fromMail = await request.get(linkIn(mail, /\/api\/public\/substitution-document\//));
  expect(fromMail.status()).toBe(200);
  expect(fromMail.headers()['content-type']).toBe('application/pdf');
  await context.close();

  // The lawyer, from the offer card.
  await signInBrowser(page, lawyer);
  await page.context().addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);
  await page.goto('/pl/dashboard/offers');
  const card = page.getByRole('article', { name: 'Rozprawa w SR Mokotów' });
  await expect(card.getByText('W trakcie realizacji')).toBeVisible();
  const [fromCard] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: /Pobierz dokument substytucji \(PDF\)/ }).click(),
  ]);
  expect(fromCard.suggestedFilename()).toBe(fromSuccess.suggestedFilename());
  const lawyerText = await textOf(fromCard);
  expect(lawyerText).toBe(clientText);
});
