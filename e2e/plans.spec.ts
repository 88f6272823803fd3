import { expect, test } from './support/test';
import { csrf, linkIn, signInBrowser, uniqueEmail, waitForMail } from './support/api';
import { createActiveLawyer, createOfferFor, payOffer } from './support/lawyer';

/** Amounts are formatted with no-break spaces; compare texts with ordinary ones. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/**
 * Issue 34 §3: a lawyer subscribes to Pro in the sandbox from the plan screen, the offer form and
 * the offer card say what they will receive after Pro's 2.5 % fee, a client pays and confirms,
 * and the payout mail states the fee and the amount transferred.
 */
test.describe('plans', () => {
  test('a Pro lawyer’s payout with its fee', async ({ page, request, baseURL }) => {
    test.setTimeout(180_000);
    const lawyer = await createActiveLawyer(request, { firstname: 'Olga', lastname: 'Prosta' });
    await signInBrowser(page, lawyer);
    await page.context().addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);

    // Basic until the lawyer subscribes.
    await page.goto('/pl/dashboard/plan');
    // The dashboard's first load may take a while on a busy machine.
    await expect(page.getByRole('heading', { name: 'Twój plan: Basic' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Wykup plan Pro' }).click();

    // The sandbox's subscribe page: 49 zł net a month is 60,27 zł gross.
    await expect(page.getByRole('button', { name: 'Subskrybuj', exact: true })).toBeVisible();
    expect(plain(await page.locator('body').textContent())).toContain('60,27 zł');
    await page.getByRole('button', { name: 'Subskrybuj', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/plan\?subscribed=1$/);
    await expect(page.getByRole('heading', { name: 'Twój plan: Pro' })).toBeVisible();
    await expect(page.getByText('Dziękujemy — masz plan Pro.')).toBeVisible();
    await expect(page.getByText(/Plan Pro odnowi się \d{2}\.\d{2}\.\d{4}\./)).toBeVisible();

    // The offer form's line: 250 zł net is 307,50 zł gross; 2,5 % of it is 7,69 zł (7,6875 rounded half up).
    await page.goto('/pl/dashboard/offers');
    // Issue 34: the sidebar panel's button opens the offer form in a wide dialog.
    await page.getByRole('button', { name: 'Utwórz link' }).click();
    const form = page.getByRole('form', { name: 'Formularz nowej oferty' });
    await form.getByLabel('Cena netto (zł)').fill('250');
    const line = form.locator('p').filter({ hasText: /^Otrzymasz/ });
    await expect(line).toHaveText(/Otrzymasz\s299,81\szł\s\(prowizja serwisu 7,69\szł – plan Pro, 2,5%\)/);

    const title = 'Rozprawa w SR Pro';
    const offer = await createOfferFor(request, lawyer, { title, price: '250' });
    const payer = uniqueEmail('klient');
    await payOffer(request, lawyer, offer, payer);

    // The card of the paid offer says the same.
    await page.reload();
    const card = page.getByRole('article', { name: title });
    expect(
      plain(
        await card
          .locator('p')
          .filter({ hasText: /^Otrzymasz/ })
          .textContent(),
      ),
    ).toBe('Otrzymasz 299,81 zł (prowizja serwisu 7,69 zł – plan Pro, 2,5%)');

    const done = await request.put(`/api/user/offer/${offer.offerId}/done`, {
      headers: lawyer.headers,
      data: { outcome: 'held', notes: '' },
    });
    expect(done.status(), await done.text()).toBe(200);
    // The client confirms through the mailed link's token.
    const mail = await waitForMail(request, payer, /zrealizowane/);
    const token = decodeURIComponent(linkIn(mail, /\/offer\/accept\//).split('/offer/accept/')[1] ?? '');
    const accepted = await request.post('/api/public/offer/accept', {
      headers: await csrf(request),
      data: { token },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);

    const payout = await waitForMail(request, lawyer.user.email, /Wypłata za zlecenie/);
    const text = plain(payout.text);
    expect(text).toContain('Kwota należna za zlecenie (brutto): 307,50 zł.');
    expect(text).toContain('Prowizja serwisu (plan Pro, 2,5%): 7,69 zł.');
    expect(text).toContain('Przekazujemy 299,81 zł na Twoje konto płatności.');
  });
});
