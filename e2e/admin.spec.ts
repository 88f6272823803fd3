import { randomInt } from 'node:crypto';
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { adminSession, logInAsAdmin, registerVerifiedUser, signInBrowser, waitForAdminPage } from './support/api';
import { createActiveLawyer, createCompleteLawyer, createOfferFor, payOffer } from './support/lawyer';

const DATE_TIME = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/;

/** Letters only, so the tag is a valid part of a last name and of a search prefix. */
function tag(): string {
  return Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(26))).join('');
}

test.describe('admin', () => {
  test('the demo administrator finds new lawyers and offers, opens a public page and pages through offers', async ({
    page,
    request,
  }) => {
    // Two lawyers, six offers and a payment through the API (about 40 requests), then a dozen
    // page steps: on a loaded machine the setup alone took 34 s and the whole more than the
    // default 60 s, so it failed twice in one CI-like run (the other journeys of this size have
    // two or three minutes).
    test.setTimeout(120_000);
    const t = tag();
    const Tag = t[0]!.toUpperCase() + t.slice(1);
    const active = await createActiveLawyer(request, { firstname: 'Adam', lastname: `Aktywny${Tag}` });
    const fresh = await createCompleteLawyer(request, { firstname: 'Ewa', lastname: `Nowa${Tag}` });
    const offers = [];
    for (let i = 1; i <= 6; i += 1) {
      offers.push(await createOfferFor(request, active, { title: `Sprawa ${Tag} nr ${i}`, price: '150.00' }));
    }
    await payOffer(request, active, offers[1]!);
    const own = await request.get('/api/user/profile', { headers: active.headers });
    const profileId = ((await own.json()) as { data: { profileId: number } }).data.profileId;

    await logInAsAdmin(page);
    await expect(
      page.getByRole('heading', { name: 'Opłacone zlecenia w ostatnich 12 tygodniach' }),
    ).toBeVisible();

    // The registered lawyer whose profile is not active yet: red status in words, no public link.
    const profiles = page.getByRole('region', { name: 'Profile', exact: true });
    await profiles.getByRole('searchbox', { name: 'Szukaj' }).fill(`nowa${t}`);
    await expect(page).toHaveURL(new RegExp(`profileQ=nowa${t}`));
    const freshRow = profiles.getByRole('row').filter({ hasText: fresh.email });
    await expect(freshRow).toContainText(`Ewa Nowa${Tag}`);
    await expect(freshRow).toContainText('Nieaktywny');
    await expect(freshRow).toContainText(DATE_TIME);
    await expect(freshRow.getByRole('link')).toHaveCount(0);
    await expect(profiles.getByRole('row')).toHaveCount(2);

    // The active lawyer: payment account, green status, and a link to the public page.
    await profiles.getByRole('searchbox', { name: 'Szukaj' }).fill(active.email);
    const activeRow = profiles.getByRole('row').filter({ hasText: active.email });
    await expect(activeRow).toContainText('Aktywny');
    await expect(activeRow).toContainText(/acct_sandbox_[0-9a-f]+/);
    await expect(profiles.getByRole('row')).toHaveCount(2);
    await activeRow.getByRole('link', { name: `Otwórz stronę publiczną: Adam Aktywny${Tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/u/${active.seolink}$`));
    await expect(page.getByText(`Adam Aktywny${Tag}`).first()).toBeVisible();
    await page.goBack();
    await expect(profiles.getByRole('searchbox', { name: 'Szukaj' })).toHaveValue(active.email);

    // Six offers, five to a page: two pages; the state lives in the URL.
    await page.goto(`/admin?pageSize=5&offerQ=${encodeURIComponent(`sprawa ${t}`)}`);
    const offerSection = page.getByRole('region', { name: 'Oferty', exact: true });
    const offerRows = offerSection.getByRole('row');
    await expect(offerRows).toHaveCount(6);
    await expect(offerSection.getByText('1–5 z 6')).toBeVisible();
    // Last changed first: the paid one, then the newest.
    const paid = offerRows.filter({ hasText: `Sprawa ${Tag} nr 2` });
    await expect(paid).toContainText('W trakcie realizacji');
    await expect(paid.getByRole('link')).toHaveCount(0);
    const newest = offerRows.filter({ hasText: `Sprawa ${Tag} nr 6` });
    await expect(newest).toContainText(`#${profileId} Adam Aktywny${Tag}`);
    await expect(newest).toContainText('150,00 zł');
    await expect(newest).toContainText('184,50 zł');
    await expect(newest).toContainText('Oczekuje na płatność');
    await expect(newest).toContainText(DATE_TIME);
    await expect(newest.getByRole('link', { name: `Otwórz ofertę: Sprawa ${Tag} nr 6` })).toHaveAttribute(
      'href',
      offers[5]!.absoluteUrl,
    );

    await offerSection.getByRole('button', { name: 'Następna strona' }).click();
    await expect(page).toHaveURL(/offerPage=2/);
    await expect(offerRows).toHaveCount(2);
    await expect(offerRows.nth(1)).toContainText(`Sprawa ${Tag} nr 1`);
    await expect(offerSection.getByText('6–6 z 6')).toBeVisible();
    await expect(offerSection.getByRole('button', { name: 'Następna strona' })).toBeDisabled();
    await page.goBack();
    await expect(offerRows).toHaveCount(6);

    // Sorting by net price: the header says so, the URL keeps it, and page 1 comes back.
    const price = offerSection.getByRole('columnheader', { name: 'Cena netto' });
    await price.getByRole('button').click();
    await expect(price).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/offerSort=price/);
    await price.getByRole('button').click();
    await expect(price).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/offerSort=-price/);
  });

  test('anyone but an administrator is sent to the home page', async ({ page, request }) => {
    const lawyer = await registerVerifiedUser(request);
    await signInBrowser(page, lawyer);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
    const anonymous = await request.get('/api/admin/profile');
    expect(anonymous.status()).toBe(401);
    const forbidden = await request.get('/api/admin/offer', {
      headers: { authorization: `Bearer ${lawyer.token}` },
    });
    expect(forbidden.status()).toBe(403);
    expect(JSON.stringify(await forbidden.json())).not.toContain('"data"');
  });

  for (const [language, path, heading] of [
    ['pl', '/admin', 'Panel administratora'],
    ['en', '/en/admin', 'Administration'],
  ] as const) {
    test(`/admin has no axe violations (${language})`, async ({ page, request }) => {
      // The session in place before the page loads: the login form is the journey's above.
      await signInBrowser(page, await adminSession(request));
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await waitForAdminPage(page);
      await expectNoAxeViolations(page);
      await page
        .getByRole('button', { name: language === 'pl' ? 'Pokaż dane w tabeli' : 'Show the data as a table' })
        .click();
      await expectNoAxeViolations(page);
    });
  }
});
