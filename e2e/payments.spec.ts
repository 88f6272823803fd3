import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { linkIn, signInBrowser, uniqueEmail, waitForMail } from './support/api';
import { createActiveLawyer, createOfferFor, type ActiveLawyer, type CreatedOffer } from './support/lawyer';

/** Amounts are formatted with no-break spaces; compare texts with ordinary ones. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** Sample companies of the embedded registry (apps/api/src/modules/company-lookup). */
const NOWAK = {
  nip: '7792364275',
  name: 'KANCELARIA ADWOKACKA NOWAK I WSPÓLNICY SPÓŁKA PARTNERSKA',
  street: 'ul. Święty Marcin 29/8',
  postCode: '61-806',
  city: 'Poznań',
};
const ZLOTY_KLOS = {
  nip: '6762253145',
  name: 'KRAKOWSKIE BIURO RACHUNKOWE „ZŁOTY KŁOS” SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
  street: 'ul. Wielicka 42',
  postCode: '30-552',
  city: 'Kraków',
};

const section = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });

/** A visitor with no session: a fresh browser context that has answered the cookie banner. */
async function clientContext(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'pl-PL' });
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);
  return context;
}

function offerPath(offer: CreatedOffer): string {
  const url = new URL(offer.absoluteUrl);
  return `${url.pathname}${url.search}`;
}

async function openInvoiceStep(page: Page): Promise<ReturnType<Page['getByRole']>> {
  // Pressed as soon as the button shows: the page holds a press made before it is live and
  // presses it again then (decision 064, e2e/presses.spec.ts).
  await page.getByRole('button', { name: 'Nawiąż współpracę' }).click();
  const form = page.getByRole('form', { name: 'Formularz danych do faktury' });
  await expect(form).toBeVisible();
  return form;
}

/** Types a sample company's NIP, waits for the company prefill and fills the rest. */
async function fillInvoice(page: Page, email: string, company = NOWAK) {
  const form = page.getByRole('form', { name: 'Formularz danych do faktury' });
  await form.getByLabel('NIP').fill(company.nip);
  await expect(form.getByLabel('Ulica i numer')).toHaveValue(company.street);
  await expect(form.getByLabel('Nazwa firmy')).toHaveValue(company.name);
  await expect(form.getByLabel('Kod pocztowy')).toHaveValue(company.postCode);
  await expect(form.getByLabel('Miejscowość')).toHaveValue(company.city);
  await expect(
    form.getByText('Uzupełniliśmy dane firmy na podstawie numeru NIP.', { exact: false }),
  ).toBeVisible();
  await form.getByLabel('Adres e-mail').fill(email);
  await form.getByRole('checkbox', { name: /politykę prywatności/ }).check();
  return form;
}

async function lawyerWithOffer(
  request: Parameters<typeof createActiveLawyer>[0],
  name: { firstname: string; lastname: string },
  title: string,
): Promise<{ lawyer: ActiveLawyer; offer: CreatedOffer }> {
  const lawyer = await createActiveLawyer(request, name);
  const offer = await createOfferFor(request, lawyer, { title, price: '250' });
  return { lawyer, offer };
}

test.describe('payments', () => {
  test('a client pays an offer, the lawyer marks it done, the client confirms and the lawyer is paid', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const { lawyer, offer } = await lawyerWithOffer(
      request,
      { firstname: 'Ewa', lastname: 'Wiśniewska' },
      'Rozprawa w SO Poznań',
    );
    const clientEmail = uniqueEmail('client');

    // The client opens the link in a browser with no session.
    const context = await clientContext(browser, baseURL);
    const client = await context.newPage();
    const served = await client.goto(offerPath(offer));
    await expect(client.getByRole('heading', { level: 1, name: 'Ewa Wiśniewska' })).toBeVisible();
    // Sent complete at once (decision 016): no loading screen on a page the server rendered.
    const servedHtml = (await served?.text()) ?? '';
    expect(servedHtml).toContain('Ewa Wiśniewska');
    // The page's texts (its JSON data block, decision 074) name the loading screen; the markup must not show it.
    expect(servedHtml.replace(/<script type="application\/json" id="page-texts">[\s\S]*?<\/script>/, '')).not.toContain(
      'Ładowanie...',
    );
    await expect(client).toHaveTitle('Ewa Wiśniewska | Substytut');
    // The server's link-preview tags are replaced by the app's own, never doubled.
    await expect(client.locator('head title')).toHaveCount(1);
    await expect(client.locator('head meta[property="og:title"]')).toHaveCount(1);
    await expect(client.locator('head meta[name="description"]')).toHaveCount(1);
    await expect(client.locator('head meta[property="og:title"]')).toHaveAttribute(
      'content',
      'Ewa Wiśniewska | Substytut',
    );
    await expect(client.getByRole('link', { name: /\+48 601 234 567/ })).toHaveAttribute(
      'href',
      'tel:+48601234567',
    );
    await expect(client.getByRole('heading', { name: 'Referencje' })).toBeVisible();
    await expect(client.getByRole('heading', { name: 'Rozprawa w SO Poznań' })).toBeVisible();
    expect(plain(await client.getByText(/zł brutto/).textContent())).toBe('307,50 zł brutto');
    await expect(client.getByText('Wystawiam fakturę VAT').first()).toBeVisible();

    await openInvoiceStep(client);
    const form = await fillInvoice(client, clientEmail);
    await form.getByRole('button', { name: 'Przejdź do płatności' }).click();

    // The embedded sandbox provider's checkout page.
    await expect(client.getByRole('button', { name: 'Zapłać' })).toBeVisible();
    expect(plain(await client.locator('body').textContent())).toContain('307,50 zł');
    await client.getByRole('button', { name: 'Zapłać' }).click();
    await expect(client).toHaveURL(/\/payment\/success$/);
    await expect(
      client.getByRole('heading', { level: 1, name: 'Twoje zlecenie zostało zarejestrowane!' }),
    ).toBeVisible();

    // The lawyer sees the paid offer under Aktywne and marks it done.
    await signInBrowser(page, lawyer);
    await page.context().addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);
    await page.goto('/pl/dashboard/offers');
    const active = section(page, 'Aktywne').getByRole('article', { name: 'Rozprawa w SO Poznań' });
    await expect(active.getByText('W trakcie realizacji')).toBeVisible();
    await active.getByRole('button', { name: 'Oznacz jako zrealizowane' }).click();
    // Issue 23: with a hearing report.
    const report = page.getByRole('dialog');
    await report.getByRole('radio', { name: 'Rozprawa odbyła się' }).check();
    await report.getByRole('button', { name: 'Oznacz jako zrealizowane' }).click();
    await expect(active.getByText('Oczekuje na akceptację')).toBeVisible();

    // The client confirms through the mailed link; opening it alone changes nothing.
    const mail = await waitForMail(request, clientEmail, /zrealizowane/);
    await client.goto(linkIn(mail, /\/offer\/accept\//));
    await expect(client).toHaveURL(/\/offer\/done\?t=/);
    await expect(client.getByRole('heading', { level: 1, name: 'Potwierdź wykonanie usługi' })).toBeVisible();
    await page.reload();
    await expect(
      section(page, 'Aktywne')
        .getByRole('article', { name: 'Rozprawa w SO Poznań' })
        .getByText('Oczekuje na akceptację'),
    ).toBeVisible();
    await client.getByRole('button', { name: 'Potwierdzam wykonanie usługi' }).click();
    // The confirmation is asked first (issue 34).
    await client.getByRole('alertdialog').getByRole('button', { name: 'Tak, potwierdzam' }).click();
    await expect(
      client.getByRole('heading', { level: 1, name: 'Usługa została oznaczona jako zaakceptowana!' }),
    ).toBeVisible();
    await expect(client).toHaveURL(/\/offer\/done$/);
    // The mailed link opened again says it is already confirmed, and when, with no button.
    await client.goto(linkIn(mail, /\/offer\/accept\//));
    await expect(
      client.getByRole('heading', { level: 1, name: 'Wykonanie usługi zostało już potwierdzone' }),
    ).toBeVisible();
    await expect(client.getByText(/^Potwierdzenie zapisaliśmy \d{1,2} \S+ \d{4}/)).toBeVisible();
    await expect(client.getByRole('button', { name: 'Potwierdzam wykonanie usługi' })).toHaveCount(0);
    await context.close();

    await page.reload();
    const archived = section(page, 'Archiwum').getByRole('article', { name: 'Rozprawa w SO Poznań' });
    await expect(archived.getByText('Zlecenie zrealizowane')).toBeVisible();

    // The payout reached the lawyer's account at the (sandbox) payment provider.
    await page.goto('/pl/dashboard/profile');
    await page.getByRole('button', { name: 'Panel płatności' }).click();
    await expect(page.getByRole('heading', { name: 'Przelewy przychodzące' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Rozprawa w SO Poznań/ })).toBeVisible();
  });

  test('a cancelled checkout returns to /payment/cancel and the offer can be paid again', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { offer } = await lawyerWithOffer(
      request,
      { firstname: 'Piotr', lastname: 'Zając' },
      'Posiedzenie w SR Gdynia',
    );
    const context = await clientContext(browser, baseURL);
    const client = await context.newPage();
    await client.goto(offerPath(offer));
    await openInvoiceStep(client);
    const form = await fillInvoice(client, uniqueEmail('client'));
    await form.getByRole('button', { name: 'Przejdź do płatności' }).click();
    await client.getByRole('button', { name: 'Anuluj i wróć' }).click();

    await expect(client).toHaveURL(/\/payment\/cancel$/);
    await expect(
      client.getByRole('heading', { level: 1, name: 'Twoja płatność została anulowana!' }),
    ).toBeVisible();
    await client.getByRole('link', { name: 'Wróć do oferty' }).click();
    await expect(client.getByRole('heading', { name: 'Posiedzenie w SR Gdynia' })).toBeVisible();

    // A failed payment says it failed and that the client may try again, not that it was cancelled.
    await openInvoiceStep(client);
    const retry = await fillInvoice(client, uniqueEmail('client'));
    await retry.getByRole('button', { name: 'Przejdź do płatności' }).click();
    await client.getByRole('button', { name: 'Symuluj nieudaną płatność' }).click();
    await expect(client).toHaveURL(/\/payment\/cancel\?reason=failed$/);
    await expect(client.getByRole('heading', { level: 1, name: 'Płatność nie powiodła się' })).toBeVisible();
    await expect(client.getByText(/Możesz spróbować ponownie/)).toBeVisible();
    await client.getByRole('link', { name: 'Wróć do oferty' }).click();
    await expect(client.getByRole('heading', { name: 'Posiedzenie w SR Gdynia' })).toBeVisible();

    await openInvoiceStep(client);
    const again = await fillInvoice(client, uniqueEmail('client'));
    await again.getByRole('button', { name: 'Przejdź do płatności' }).click();
    await client.getByRole('button', { name: 'Zapłać' }).click();
    await expect(
      client.getByRole('heading', { level: 1, name: 'Twoje zlecenie zostało zarejestrowane!' }),
    ).toBeVisible();

    // Paid now: the link shows the lawyer's card with a notice instead of the offer.
    await client.goto(offerPath(offer));
    await expect(client.getByText('Tej oferty nie można już opłacić')).toBeVisible();
    await expect(client.getByRole('button', { name: 'Nawiąż współpracę' })).toHaveCount(0);
    await context.close();
  });

  test('two clients on one link each reach their own checkout; once A paid, B cannot pay and every mail is about A', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const { lawyer, offer } = await lawyerWithOffer(
      request,
      { firstname: 'Adam', lastname: 'Sowa' },
      'Rozprawa w SR Toruń',
    );
    const clients = [
      { email: uniqueEmail('client-a'), company: NOWAK },
      { email: uniqueEmail('client-b'), company: ZLOTY_KLOS },
    ];
    const [a, b] = await Promise.all(
      clients.map(async ({ email, company }) => {
        const context = await clientContext(browser, baseURL);
        const page = await context.newPage();
        await page.goto(offerPath(offer));
        await openInvoiceStep(page);
        const form = await fillInvoice(page, email, company);
        await form.getByRole('button', { name: 'Przejdź do płatności' }).click();
        // Each reaches a sandbox checkout page made out to their own e-mail.
        await expect(page.getByRole('button', { name: 'Zapłać' })).toBeVisible();
        await expect(page.getByText(email)).toBeVisible();
        return { context, page, email, checkout: page.url() };
      }),
    );
    expect(a!.checkout).not.toBe(b!.checkout);

    await a!.page.getByRole('button', { name: 'Zapłać' }).click();
    await expect(
      a!.page.getByRole('heading', { level: 1, name: 'Twoje zlecenie zostało zarejestrowane!' }),
    ).toBeVisible();

    // B's page was still open; paying on it now is refused, and so is opening it again.
    await b!.page.getByRole('button', { name: 'Zapłać' }).click();
    await expect(b!.page.getByRole('heading', { level: 1, name: 'Płatność niedostępna' })).toBeVisible();
    await b!.page.goto(b!.checkout);
    await expect(b!.page.getByRole('heading', { level: 1, name: 'Płatność niedostępna' })).toBeVisible();
    await expect(b!.page.getByRole('button', { name: 'Zapłać' })).toHaveCount(0);

    // The confirmation goes to A, and the lawyer is to invoice A's company.
    const confirmation = await waitForMail(request, a!.email, /Potwierdzenie płatności/);
    expect(confirmation.to).toBe(a!.email);
    const paid = await waitForMail(request, lawyer.email, /Nowe opłacone zlecenie/);
    expect(paid.text).toContain(NOWAK.name);
    expect(paid.text).toContain(`NIP ${NOWAK.nip}`);
    expect(paid.text).not.toContain(ZLOTY_KLOS.name);
    expect(paid.text).not.toContain(b!.email);
    // B's checkout ended before B paid: nothing is sent to B (the mails above were written in the
    // same transaction as any mail about this payment).
    const toB = await request.get(`/api/dev/mail?to=${encodeURIComponent(b!.email)}`);
    expect(((await toB.json()) as { data: unknown[] }).data).toEqual([]);

    await a!.context.close();
    await b!.context.close();
  });

  test('an unknown lawyer leads to the not-found page', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);
    await page.goto('/pl/u/nikt-taki-nie-istnieje');
    await expect(page).toHaveURL(/\/pl\/404$/);
  });

  test('the page is whole before any script runs, and its button works as soon as it shows', async ({
    browser,
    request,
    baseURL,
  }) => {
    const { offer } = await lawyerWithOffer(
      request,
      { firstname: 'Zofia', lastname: 'Kruk' },
      'Rozprawa w SR Gdańsk',
    );
    // Without scripts (a crawler, a link preview, a very slow phone): the server rendered it all.
    const noScripts = await browser.newContext({ locale: 'pl-PL', javaScriptEnabled: false });
    const bare = await noScripts.newPage();
    await bare.goto(offerPath(offer));
    await expect(bare.getByRole('heading', { level: 1, name: 'Zofia Kruk' })).toBeVisible();
    await expect(bare.getByRole('heading', { name: 'Rozprawa w SR Gdańsk' })).toBeVisible();
    await expect(bare.getByText('Ładowanie...')).toBeHidden();
    await noScripts.close();

    // With scripts, a press as soon as the page shows opens step 2.
    const context = await clientContext(browser, baseURL);
    const client = await context.newPage();
    await client.goto(offerPath(offer), { waitUntil: 'domcontentloaded' });
    await openInvoiceStep(client);
    await expect(client.locator('html[data-hydrated]')).toHaveCount(1);
    await context.close();
  });

  test('on a phone the button sticks to the bottom and settles above the footer', async ({
    browser,
    request,
    baseURL,
  }) => {
    const { offer } = await lawyerWithOffer(
      request,
      { firstname: 'Maria', lastname: 'Lis' },
      'Zastępstwo w SR Łódź',
    );
    const context = await clientContext(browser, baseURL);
    const client = await context.newPage();
    await client.setViewportSize({ width: 375, height: 700 });
    await client.goto(offerPath(offer));
    const button = client.getByRole('button', { name: 'Nawiąż współpracę' });
    await expect(button).toBeInViewport();
    const top = await button.boundingBox();
    expect(top!.y + top!.height).toBeGreaterThan(600);

    await client.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const footer = await client.locator('footer').boundingBox();
    await expect
      .poll(async () => {
        const box = await button.boundingBox();
        return box!.y + box!.height <= footer!.y + 1;
      })
      .toBe(true);

    await button.click();
    await expect(client.getByRole('heading', { level: 1, name: 'Dane do faktury' })).toBeFocused();
    await expect.poll(() => client.evaluate(() => window.scrollY)).toBeLessThan(50);
    await context.close();
  });

  test('the public page and the result pages pass axe in Polish and English', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const { offer } = await lawyerWithOffer(
      request,
      { firstname: 'Tomasz', lastname: 'Wójcik' },
      'Rozprawa w SA Kraków',
    );
    const context = await clientContext(browser, baseURL);
    const page = await context.newPage();
    const path = offerPath(offer).replace(/^\/(pl|en)/, '');
    const texts = {
      pl: {
        cooperate: 'Nawiąż współpracę',
        form: 'Formularz danych do faktury',
        nip: 'NIP',
        nipError: 'NIP musi składać się z 10 cyfr',
        success: 'Twoje zlecenie zostało zarejestrowane!',
        cancel: 'Twoja płatność została anulowana!',
        done: 'Usługa została oznaczona jako zaakceptowana!',
        invalid: 'Ten link jest nieprawidłowy',
        failed: 'Płatność nie powiodła się',
      },
      en: {
        cooperate: 'Start working together',
        form: 'Invoice details form',
        nip: 'Tax ID (NIP)',
        nipError: 'Tax ID (NIP) must consist of 10 digits',
        success: 'Your order has been registered!',
        cancel: 'Your payment has been cancelled!',
        done: 'The service has been marked as accepted!',
        invalid: 'This link is invalid',
        failed: 'Your payment failed',
      },
    } as const;

    for (const language of ['pl', 'en'] as const) {
      const t = texts[language];
      await page.goto(`/${language}${path}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Tomasz Wójcik' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: t.cooperate }).click();
      const form = page.getByRole('form', { name: t.form });
      await expect(form).toBeVisible();
      await expectNoAxeViolations(page);
      await form.getByLabel(t.nip).fill('123');
      await expect(form.getByText(t.nipError)).toBeVisible();
      await expectNoAxeViolations(page);

      for (const [route, heading] of [
        ['/payment/success', t.success],
        ['/payment/cancel', t.cancel],
        ['/payment/cancel?reason=failed', t.failed],
        ['/offer/done', t.done],
        // An unknown token is told at once, before any button.
        ['/offer/done?t=nieznany', t.invalid],
      ] as const) {
        await page.goto(`/${language}${route}`);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expectNoAxeViolations(page);
      }
    }
    await context.close();
  });
});
