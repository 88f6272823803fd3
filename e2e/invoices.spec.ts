import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { signInBrowser, uniqueEmail, waitForMail } from './support/api';
import { createActiveLawyer, createOfferFor, payOffer } from './support/lawyer';

/** The sample company of the embedded registry the client invoices to. */
const CLIENT = { nip: '7792364275', street: 'ul. Święty Marcin 29/8' };
const LAWYER_INVOICE = {
  invoice_nip: '5260250274',
  invoice_company: 'Kancelaria Adwokacka Anna Zielińska',
  invoice_street: 'ul. Żurawia 6/12',
  invoice_postcode: '00-503',
  invoice_city: 'Warszawa',
  invoice_bank_account: 'PL61 1090 1014 0000 0712 1981 2874',
};
const TOKEN = 'sandbox-ksef-token-0123456789-ABCDEF';

async function saved(download: Download, path: string): Promise<Buffer> {
  await download.saveAs(path);
  return readFileSync(path);
}

async function acceptCookies(page: Page, baseURL: string | undefined) {
  await page.context().addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);
}

test('the lawyer lets the product issue invoices; after payment the client downloads the invoice and the lawyer sees its KSeF status and downloads XML and PDF', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const year = new Date().getFullYear();
  const lawyer = await createActiveLawyer(request, { firstname: 'Anna', lastname: 'Zielińska' });
  const invoiceData = await request.put('/api/user/profile/invoice', {
    headers: lawyer.headers,
    data: LAWYER_INVOICE,
  });
  expect(invoiceData.status(), await invoiceData.text()).toBe(200);

  // Billing tab: "issue on my behalf" needs the KSeF token, which is never shown again.
  await acceptCookies(page, baseURL);
  await signInBrowser(page, lawyer);
  await page.goto('/pl/dashboard/billing');
  const invoicing = page.getByRole('region', { name: 'Wystawianie faktur' });
  await invoicing.getByRole('radio', { name: /Serwis wystawia faktury w moim imieniu/ }).check();
  await invoicing.getByRole('textbox', { name: 'Token KSeF' }).fill(TOKEN);
  await invoicing.getByRole('textbox', { name: 'Wzór numeru faktury' }).fill('ADW/{nr}/{rok}');
  await expect(invoicing.getByText(`ADW/1/${year}`)).toBeVisible();
  await invoicing.getByRole('button', { name: 'Zapisz ustawienia faktur' }).click();
  await expect(invoicing.getByText('Ustawienia faktur zostały zapisane')).toBeVisible();
  await expect(invoicing.getByRole('textbox', { name: 'Token KSeF' })).toHaveValue('');
  await expect(invoicing.getByText(/Token zapisany/)).toBeVisible();
  expect(await page.content()).not.toContain(TOKEN);
  await expectNoAxeViolations(page);

  // The client pays the offer through the sandbox checkout.
  const offer = await createOfferFor(request, lawyer, { title: 'Rozprawa w SR Kraków', price: '250' });
  const context = await browser.newContext({ locale: 'pl-PL', acceptDownloads: true });
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);
  const client = await context.newPage();
  const url = new URL(offer.absoluteUrl);
  await client.goto(`${url.pathname}${url.search}`);
  await client.getByRole('button', { name: 'Nawiąż współpracę' }).click();
  const form = client.getByRole('form', { name: 'Formularz danych do faktury' });
  await form.getByLabel('NIP').fill(CLIENT.nip);
  await expect(form.getByLabel('Ulica i numer')).toHaveValue(CLIENT.street);
  await form.getByLabel('Adres e-mail').fill(uniqueEmail('client'));
  await form.getByRole('checkbox', { name: /politykę prywatności/ }).check();
  await form.getByRole('button', { name: 'Przejdź do płatności' }).click();
  await client.getByRole('button', { name: 'Zapłać' }).click();
  await expect(client).toHaveURL(/\/payment\/success$/);

  // The payer's copy of the advance invoice, from the success page.
  const [clientDownload] = await Promise.all([
    client.waitForEvent('download'),
    client.getByRole('button', { name: 'Pobierz fakturę (PDF)' }).click(),
  ]);
  expect(clientDownload.suggestedFilename()).toBe(`faktura-ADW-1-${year}.pdf`);
  const clientPdf = await saved(clientDownload, testInfo.outputPath('client-invoice.pdf'));
  expect(clientPdf.subarray(0, 5).toString()).toBe('%PDF-');
  await context.close();

  // The lawyer's offer card: the invoice, its KSeF status once the sandbox KSeF accepted it.
  await page.goto('/pl/dashboard/offers');
  const card = page.getByRole('article', { name: 'Rozprawa w SR Kraków' });
  const invoices = card.getByRole('region', { name: 'Faktury' });
  await expect(invoices.getByText(`ADW/1/${year}`)).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(invoices.getByText('KSeF: przyjęta')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await expect(invoices.getByText(/Numer KSeF: 5260250274-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}/)).toBeVisible();

  const [xmlDownload] = await Promise.all([
    page.waitForEvent('download'),
    invoices.getByRole('button', { name: `Pobierz XML faktury ADW/1/${year}` }).click(),
  ]);
  const xml = (await saved(xmlDownload, testInfo.outputPath('invoice.xml'))).toString('utf8');
  expect(xml).toContain('<RodzajFaktury>ZAL</RodzajFaktury>');
  expect(xml).toContain(`<P_2>ADW/1/${year}</P_2>`);
  expect(xml).toContain('<P_15>307.50</P_15>');
  expect(xml).toContain(`<NIP>${CLIENT.nip}</NIP>`);

  const [pdfDownload] = await Promise.all([
    page.waitForEvent('download'),
    invoices.getByRole('button', { name: `Pobierz PDF faktury ADW/1/${year}` }).click(),
  ]);
  const pdf = await saved(pdfDownload, testInfo.outputPath('lawyer-invoice.pdf'));
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await expectNoAxeViolations(page);
});

/** A client pays the offer through the sandbox checkout, invoiced to the sample company. */
async function payAsClient(
  browser: import('@playwright/test').Browser,
  baseURL: string | undefined,
  offer: { absoluteUrl: string },
) {
  const context = await browser.newContext({ locale: 'pl-PL' });
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);
  const client = await context.newPage();
  const url = new URL(offer.absoluteUrl);
  await client.goto(`${url.pathname}${url.search}`);
  await client.getByRole('button', { name: 'Nawiąż współpracę' }).click();
  const form = client.getByRole('form', { name: 'Formularz danych do faktury' });
  await form.getByLabel('NIP').fill(CLIENT.nip);
  await expect(form.getByLabel('Ulica i numer')).toHaveValue(CLIENT.street);
  await form.getByLabel('Adres e-mail').fill(uniqueEmail('client'));
  await form.getByRole('checkbox', { name: /politykę prywatności/ }).check();
  await form.getByRole('button', { name: 'Przejdź do płatności' }).click();
  await client.getByRole('button', { name: 'Zapłać' }).click();
  await expect(client).toHaveURL(/\/payment\/success$/);
  await context.close();
}

test('two advocates of one firm (one NIP), each paid: two invoice numbers and two KSeF numbers', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const year = new Date().getFullYear();
  const firm = {
    ...LAWYER_INVOICE,
    invoice_nip: '5213003700',
    invoice_company: 'Kancelaria Adwokacka Wspólnicy',
  };
  const seen: { number: string; ksef: string }[] = [];
  for (const [firstname, title] of [
    ['Anna', 'Rozprawa w SR Gdańsk'],
    ['Ewa', 'Rozprawa w SR Gdynia'],
  ] as const) {
    const lawyer = await createActiveLawyer(request, { firstname, lastname: 'Wspólniczka' });
    const data = await request.put('/api/user/profile/invoice', { headers: lawyer.headers, data: firm });
    expect(data.status(), await data.text()).toBe(200);
    const settings = await request.put('/api/user/invoice-settings', {
      headers: lawyer.headers,
      data: { mode: 'issue', number_pattern: 'FV/{nr}/{rok}', ksef_token: `${TOKEN}-${firstname}` },
    });
    expect(settings.status(), await settings.text()).toBe(200);
    const offer = await createOfferFor(request, lawyer, { title, price: '200' });
    await payAsClient(browser, baseURL, offer);

    // Each advocate in a browser of their own.
    const context = await browser.newContext({ locale: 'pl-PL' });
    const own = await context.newPage();
    await acceptCookies(own, baseURL);
    await signInBrowser(own, lawyer);
    await own.goto('/pl/dashboard/offers');
    const invoices = own.getByRole('article', { name: title }).getByRole('region', { name: 'Faktury' });
    await expect(async () => {
      await own.reload();
      await expect(invoices.getByText('KSeF: przyjęta')).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 120_000 });
    const number = (await invoices.getByText(new RegExp(`^FV/\\d+/${year}$`)).textContent()) ?? '';
    const ksef =
      (await invoices.getByText(/^5213003700-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/).textContent()) ?? '';
    seen.push({ number, ksef });
    await context.close();
  }
  expect(seen.map((s) => s.number)).toEqual([`FV/1/${year}`, `FV/2/${year}`]);
  expect(seen[0]?.ksef).not.toBe(seen[1]?.ksef);
});

test('an invoice that cannot be made shows on the offer card with its reason; after the data is entered a retry issues it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const lawyer = await createActiveLawyer(request, { firstname: 'Olga', lastname: 'Bezdanych' });
  const offer = await createOfferFor(request, lawyer, {
    title: 'Rozprawa bez danych do faktury',
    price: '150',
  });
  await payAsClient(browser, baseURL, offer);

  await acceptCookies(page, baseURL);
  await signInBrowser(page, lawyer);
  await page.goto('/pl/dashboard/offers');
  const invoices = page
    .getByRole('article', { name: 'Rozprawa bez danych do faktury' })
    .getByRole('region', { name: 'Faktury' });
  const alert = invoices.getByRole('alert');
  await expect(alert).toContainText('Nie wystawiono: Faktura zaliczkowa');
  await expect(alert).toContainText('Brak danych do faktury');
  await expectNoAxeViolations(page);

  const data = await request.put('/api/user/profile/invoice', {
    headers: lawyer.headers,
    data: {
      ...LAWYER_INVOICE,
      invoice_nip: '5272525995',
      invoice_company: 'Kancelaria Adwokacka Olga Bezdanych',
    },
  });
  expect(data.status(), await data.text()).toBe(200);
  await alert.getByRole('button', { name: 'Spróbuj ponownie' }).click();
  await expect(invoices.getByRole('alert')).toHaveCount(0);
  await expect(invoices.getByText(/^FV\/1\/\d{4}$/)).toBeVisible();
});

test('a payer receives the invoice and, after a refund, the correction by mail, and downloads both from the links (issue 34)', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const lawyer = await createActiveLawyer(request, { firstname: 'Ewa', lastname: 'Korekta' });
  const invoiceData = await request.put('/api/user/profile/invoice', {
    headers: lawyer.headers,
    data: { ...LAWYER_INVOICE, invoice_company: 'Kancelaria Adwokacka Ewa Korekta' },
  });
  expect(invoiceData.status(), await invoiceData.text()).toBe(200);
  const offer = await createOfferFor(request, lawyer, { title: 'Rozprawa odwołana', price: '100.00' });
  const payer = uniqueEmail('ksiegowosc');
  await payOffer(request, lawyer, offer, payer);
  const invoiceMail = await waitForMail(request, payer, /^Faktura FV\//);
  // The court cancels: the client is refunded in full and the advance invoice corrected.
  const done = await request.put(`/api/user/offer/${offer.offerId}/done`, {
    headers: lawyer.headers,
    data: { outcome: 'cancelled_by_court', notes: 'Sąd odwołał posiedzenie.' },
  });
  expect(done.status(), await done.text()).toBe(200);
  const correctionMail = await waitForMail(request, payer, /^Faktura korygująca/);

  for (const [mail, says] of [
    [invoiceMail, 'fakturę zaliczkową nr'],
    [correctionMail, 'fakturę korygującą nr'],
  ] as const) {
    expect(mail.text).toContain(says);
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    // The payer opens the mail in the mailbox, as an accountant would, in a browser with no cookie of the payment.
    await page.context().clearCookies();
    await page.goto(`/dev/mail/${mail.id}`);
    await expect(page.getByRole('heading', { name: mail.subject })).toBeVisible();
    const xmlLink = page.getByRole('link', { name: /\/api\/public\/invoices\/[^/]+\/xml$/ });
    const [xml] = await Promise.all([page.waitForEvent('download'), xmlLink.click()]);
    const xmlText = (await saved(xml, testInfo.outputPath(`${mail.id}.xml`))).toString('utf8');
    expect(xmlText).toContain('<Faktura');
    const pdfLink = page.getByRole('link', { name: /\/api\/public\/invoices\/[^/]+\/pdf$/ });
    const [pdf] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
    const pdfBytes = await saved(pdf, testInfo.outputPath(`${mail.id}.pdf`));
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.suggestedFilename()).toMatch(/^faktura-FV-\d+-\d{4}\.pdf$/);
  }
  expect(correctionMail.text).toMatch(/do faktury nr FV\/\d+\/\d{4}/);
});
