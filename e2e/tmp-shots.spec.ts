import { test } from '@playwright/test';
import { signInBrowser } from './support/api';
import { createActiveLawyer, createOfferFor, payOffer } from './support/lawyer';

test('shots', async ({ page, request, baseURL }) => {
  test.setTimeout(300_000);
  const lawyer = await createActiveLawyer(request, { firstname: 'Anna', lastname: 'Zielińska' });
  await request.put('/api/user/profile/invoice', {
    headers: lawyer.headers,
    data: {
      invoice_nip: '5260250274',
      invoice_company: 'Kancelaria Adwokacka Anna Zielińska',
      invoice_street: 'ul. Żurawia 6/12',
      invoice_postcode: '00-503',
      invoice_city: 'Warszawa',
      invoice_bank_account: '',
    },
  });
  await request.put('/api/user/invoice-settings', {
    headers: lawyer.headers,
    data: { mode: 'issue', series: 'ADW', ksef_token: 'sandbox-ksef-token-0123456789-ABCDEF' },
  });
  const offer = await createOfferFor(request, lawyer, { title: 'Rozprawa w SR Kraków', price: '250' });
  await payOffer(request, lawyer, offer);
  await page.context().addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL ?? '' }]);
  await signInBrowser(page, lawyer);
  for (const lang of ['pl', 'en']) {
    for (const theme of ['light', 'dark']) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.addInitScript((t) => window.localStorage.setItem('substytut-theme', t), theme);
        const prefix = lang === 'pl' ? '/pl' : '/en';
        await page.goto(`${prefix}/dashboard/billing`);
        await page.getByRole('radio').first().waitFor();
        await page.getByRole('radio').first().check();
        await page.screenshot({ path: `/tmp/shots24i/billing-${lang}-${theme}-${width}.png`, fullPage: true });
        await page.goto(`${prefix}/dashboard/offers`);
        await page.getByRole('article').first().waitFor();
        await page.waitForTimeout(7000);
        await page.reload();
        await page.getByRole('article').first().waitFor();
        await page.screenshot({ path: `/tmp/shots24i/offers-${lang}-${theme}-${width}.png`, fullPage: true });
      }
    }
  }
});
