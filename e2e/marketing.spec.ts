import type { APIRequestContext, Page } from '@playwright/test';
import { expect, serverURL, test } from './support/test';
import { expectNoAxeViolations, schemesFrom, showing, showScheme, showWidth, WIDTHS, type Scheme } from './support/axe';
import { waitForMail } from './support/api';
import { startApp } from './support/app';

const PAGES = [
  { path: '/', pl: 'Klucz do wygodnych i bezpiecznych zastępstw', en: 'The key to convenient and safe substitutions' },
  { path: '/about', pl: 'Zastępstwa procesowe bez telefonów, przelewów i przypominania', en: 'Court substitutions without phone calls, transfers and reminders' },
  { path: '/contact', pl: 'Porozmawiajmy', en: "Let's talk" },
  { path: '/faq', pl: 'Najczęściej zadawane pytania', en: 'Frequently asked questions' },
  { path: '/features', pl: 'Wszystko, czego potrzebujesz do zastępstw procesowych', en: 'Everything you need for court substitutions' },
  { path: '/pricing', pl: 'Prosty cennik, bez ukrytych opłat', en: 'Simple pricing, no hidden fees' },
  { path: '/for-lawyers', pl: 'Przyjmuj zastępstwa i otrzymuj zapłatę bez upominania się', en: 'Take substitutions and get paid without chasing anyone' },
  { path: '/for-law-firms', pl: 'Zastępstwa dla kancelarii – szybko, pewnie, z fakturą', en: 'Substitutions for law firms – fast, reliable, invoiced' },
  { path: '/careers', pl: 'Pracuj z nami', en: 'Work with us' },
  { path: '/accessibility', pl: 'Deklaracja dostępności', en: 'Accessibility statement' },
  {
    path: '/board',
    pl: 'Zastępca na jutrzejszą rozprawę – zweryfikowany i opłacony w kilka minut',
    en: "A substitute for tomorrow's hearing – verified and paid for within minutes",
  },
] as const;
const LANGUAGES = ['pl', 'en'] as const;

function prefixed(language: string, path: string): string {
  return path === '/' ? `/${language}` : `/${language}${path}`;
}

/** Visitors in most journeys have already answered the cookie banner. */
async function acceptCookies(page: Page): Promise<void> {
  const base = serverURL();
  await page.context().addCookies([{ name: 'cookie_consent', value: 'necessary', url: base }]);
}

async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.get('/api/csrf-cookie');
  const token = /XSRF-TOKEN=([^;]+)/.exec(res.headers()['set-cookie'] ?? '')?.[1];
  if (!token) throw new Error('no XSRF-TOKEN cookie');
  return { 'x-xsrf-token': token };
}

test.describe('marketing pages', () => {
  for (const language of LANGUAGES) {
    test(`every page renders its main heading (${language})`, async ({ page }) => {
      await acceptCookies(page);
      for (const item of PAGES) {
        await page.goto(prefixed(language, item.path));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(item[language]);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
      }
    });
  }

  test('crawlers without JavaScript get the text, canonical and alternate addresses', async ({ request, baseURL }) => {
    for (const language of LANGUAGES) {
      for (const item of PAGES) {
        const path = prefixed(language, item.path);
        const response = await request.get(path, { headers: { accept: 'text/html' } });
        expect(response.status(), path).toBe(200);
        const html = await response.text();
        const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
        expect(h1?.replace(/&#x27;|&#39;/g, "'"), path).toBe(item[language]);
        expect(html).toContain(`<html lang="${language}"`);
        expect(html).toMatch(new RegExp(`<link[^>]*rel="canonical"[^>]*href="${baseURL}${path}"`));
        expect(html).toMatch(new RegExp(`<link[^>]*hrefLang="pl"[^>]*href="${baseURL}${prefixed('pl', item.path)}"`, 'i'));
        expect(html).toMatch(new RegExp(`<link[^>]*hrefLang="en"[^>]*href="${baseURL}${prefixed('en', item.path)}"`, 'i'));
        expect(html).toMatch(new RegExp(`<link[^>]*hrefLang="x-default"[^>]*href="${baseURL}${prefixed('en', item.path)}"`, 'i'));
        expect(html).toMatch(/<meta[^>]*name="description"[^>]*content="[^"]{40,}"/);
        expect(html).toMatch(/<meta[^>]*property="og:image"[^>]*content="http[^"]+og-default\.png"/);
        // The consent banner is part of the static page (the stylesheet shows it while the head
        // script finds no consent cookie), and so is the sandbox marker.
        expect(html).toContain('data-consent-banner');
        expect(html).toContain('data-sandbox-marker');
      }
    }
  });

  test('with JavaScript off every marketing page reads whole, and the legal addresses lead to their PDFs', async ({
    browser,
    request,
  }) => {
    const noScripts = await browser.newContext({ javaScriptEnabled: false });
    const page = await noScripts.newPage();
    for (const language of LANGUAGES) {
      for (const item of PAGES) {
        await page.goto(prefixed(language, item.path));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(item[language]);
        await expect(page.getByRole('contentinfo')).toBeVisible();
      }
    }
    await noScripts.close();
    for (const [path, pdf] of [
      ['/terms', /^\/legal\/regulamin-[\d-]+\.pdf$/],
      ['/en/terms', /^\/legal\/terms-[\d-]+\.pdf$/],
      ['/privacy', /^\/legal\/polityka-prywatnosci-[\d-]+\.pdf$/],
      ['/en/privacy', /^\/legal\/privacy-policy-[\d-]+\.pdf$/],
    ] as const) {
      const response = await request.get(path, { headers: { accept: 'text/html' }, maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location, path).toMatch(pdf);
      const file = await request.get(response.headers().location ?? '');
      expect(file.headers()['content-type'], path).toContain('application/pdf');
    }
  });

  test('the other pages (sign-in, payment results, 404) carry their head tags in their language too', async ({
    request,
    baseURL,
  }) => {
    const pages = [
      { path: '/auth/login', lang: 'pl', status: 200 },
      { path: '/en/auth/register', lang: 'en', status: 200 },
      { path: '/payment/success', lang: 'pl', status: 200 },
      { path: '/en/payment/cancel', lang: 'en', status: 200 },
      { path: '/404', lang: 'pl', status: 404 },
      { path: '/en/404', lang: 'en', status: 404 },
    ];
    for (const item of pages) {
      const response = await request.get(item.path, { headers: { accept: 'text/html' }, maxRedirects: 0 });
      expect(response.status(), item.path).toBe(item.status);
      const html = await response.text();
      expect(html, item.path).toContain(`<html lang="${item.lang}"`);
      expect(html, item.path).toMatch(/<title>[^<]{5,}<\/title>/);
      expect(html, item.path).toMatch(/<meta[^>]*name="description"[^>]*content="[^"]{20,}"/);
      expect(html, item.path).toMatch(new RegExp(`<link[^>]*rel="canonical"[^>]*href="${baseURL}/`));
      expect(html, item.path).toMatch(/<link[^>]*hrefLang="x-default"/i);
      expect(html, item.path).toMatch(/<meta[^>]*property="og:image"[^>]*content="http[^"]+"/);
    }
    // An English visitor of an unprefixed sign-in page reads it in English.
    const english = await request.get('/auth', { headers: { accept: 'text/html', 'accept-language': 'en' } });
    expect(await english.text()).toContain('<html lang="en"');
  });

  test('no link changes address when the app starts (the booking links of the home page)', async ({ page, request }) => {
    const served = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
    const outside = (hrefs: string[]) =>
      hrefs.filter((href) => /^https?:/.test(href) && !href.includes('127.0.0.1')).sort();
    const servedLinks = outside(
      [...served.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => (m[1] ?? '').replaceAll('&amp;', '&')),
    );
    expect(servedLinks.some((href) => href.includes('calendly'))).toBe(true);
    const config = page.waitForResponse((response) => response.url().endsWith('/api/config/public'));
    await page.goto('/');
    await startApp(page);
    await config;
    const live = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(outside(live)).toEqual(servedLinks);
  });

  test("curl and link checkers (Accept */* or none) get pages; only a JSON-only request gets the API's JSON 404", async ({
    request,
  }) => {
    const variants: Record<string, string>[] = [{ accept: '*/*' }, { accept: '*/*', 'accept-language': 'en' }, {}];
    for (const headers of variants) {
      for (const path of ['/', '/about', '/en/faq', '/no-such-page']) {
        const response = await request.get(path, { headers });
        expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(path === '/no-such-page' ? 404 : 200);
        expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
      }
    }
    const json = await request.get('/no-such-page', { headers: { accept: 'application/json' } });
    expect(json.status()).toBe(404);
    expect(await json.json()).toMatchObject({ code: 'route.not_found' });
    const api = await request.get('/api/no-such-thing', { headers: { accept: '*/*' } });
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'route.not_found' });
  });

  test('sitemap and robots name every public page in both languages with this host', async ({ request, baseURL }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const language of LANGUAGES) {
      for (const item of PAGES) expect(sitemap).toContain(`<loc>${baseURL}${prefixed(language, item.path)}</loc>`);
    }
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(robots).toMatch(/^Disallow: \/dashboard$/m);
    expect(robots).toMatch(/^Disallow: \/admin$/m);
    expect(robots).toMatch(/^Disallow: \/api$/m);
  });

  test('public pages paint before the app loads: no modulepreload tags, the module script still hydrates them (decision 030)', async ({
    page,
    request,
  }) => {
    const modulePreloads = (html: string) => html.match(/<link[^>]*rel="modulepreload"/g)?.length ?? 0;
    for (const path of ['/', '/pl', '/en/pricing', '/pl/faq', '/pl/contact', '/404']) {
      const html = await (await request.get(path)).text();
      expect(modulePreloads(html), path).toBe(0);
      expect(html, path).toMatch(/<script type="module"/);
    }
    // The pages that are used rather than read keep them: nothing there works before the app runs.
    for (const path of ['/pl/auth', '/pl/dashboard']) {
      expect(modulePreloads(await (await request.get(path)).text()), path).toBeGreaterThan(0);
    }

    // Served without the tags, a page still hydrates, and a question pressed before React runs
    // opens once it does (the head script holds the press, the root presses it again).
    await acceptCookies(page);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    // The client entry's file holds React and the app's shell (decision 070; before, a framework file).
    await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/pl/faq', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
    const question = page.getByRole('button', { name: 'Czym jest Substytut?' });
    await question.click();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    release();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Substytut to serwis dla prawników')).toBeVisible();
    // And a control pressed after load works too.
    const other = page.getByRole('button', { name: 'Jak płaci zlecający?' });
    await other.click();
    await expect(other).toHaveAttribute('aria-expanded', 'true');
  });

  test('FAQ keeps one answer open across all sections, by mouse and keyboard', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/pl/faq');
    for (const section of ['Ogólne', 'Dla prawników', 'Dla kancelarii', 'Płatności', 'Kwestie techniczne']) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    const first = page.getByRole('button', { name: 'Czym jest Substytut?' });
    const other = page.getByRole('button', { name: 'Jak płaci zlecający?' });
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Substytut to serwis dla prawników')).toBeVisible();

    await other.click();
    await expect(other).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('[aria-expanded="true"]')).toHaveCount(1);

    // Keyboard: focus a trigger in another section and open it with Enter; close it with Space.
    const technical = page.getByRole('button', { name: 'Czy potrzebuję specjalnego oprogramowania?' });
    await technical.focus();
    await page.keyboard.press('Enter');
    await expect(technical).toHaveAttribute('aria-expanded', 'true');
    await expect(other).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(technical).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('[aria-expanded="true"]')).toHaveCount(0);

    await page.getByRole('link', { name: 'Skontaktuj się z nami' }).click();
    await expect(page).toHaveURL(/\/pl\/contact$/);
  });

  test('the cookie banner stores consent for 365 days and stays away after a reload', async ({ page }) => {
    await page.goto('/pl/about');
    const banner = page.getByRole('region', { name: 'Pliki cookie' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Polityka prywatności' })).toHaveAttribute('href', '/pl/privacy');
    await expect(banner.getByRole('link', { name: 'Nie akceptuję' })).toHaveAttribute('href', 'https://www.google.com');

    // Reachable by keyboard: it is among the first stops after the skip link.
    const accept = banner.getByRole('button', { name: 'Akceptuję niezbędne' });
    for (let i = 0; i < 6 && !(await accept.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(accept).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();

    const cookie = (await page.context().cookies()).find((c) => c.name === 'cookie_consent');
    expect(cookie).toBeDefined();
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThan(365.1);
    // Nothing stays hidden from assistive technology once it is gone.
    await expect(page.locator('[aria-hidden="true"] main, main[aria-hidden], [inert]')).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: 'Pliki cookie' })).toHaveCount(0);
  });

  test('the contact form sends a message that arrives in the support mailbox', async ({ page, request }) => {
    await acceptCookies(page);
    const { data } = (await (await request.get('/api/config/public')).json()) as { data: { supportEmail: string } };
    const subject = `Pytanie e2e ${Date.now()}`;
    await page.goto('/pl/contact');
    // The checks below are of the running form (a send before the app runs is the next test's).
    await startApp(page);
    await expect(page.getByRole('main').getByRole('link', { name: data.supportEmail })).toHaveAttribute('href', `mailto:${data.supportEmail}`);
    await expect(page.getByRole('link', { name: '+48 500 100 200' })).toBeVisible();
    await expect(page.getByLabel('Wiadomość')).toHaveAttribute('rows', '6');

    // Required fields are checked before anything is sent.
    await page.getByRole('button', { name: 'Wyślij wiadomość' }).click();
    await expect(page.getByText('Pole jest wymagane')).toHaveCount(4);

    await page.getByLabel('Imię i nazwisko').fill('Anna Nowak');
    await page.getByLabel('Adres e-mail').fill('anna.nowak@example.com');
    await page.getByLabel('Temat').fill(subject);
    await page.getByLabel('Wiadomość').fill('Czy kancelaria może mieć kilka profili?');
    await page.getByRole('button', { name: 'Wyślij wiadomość' }).click();

    await expect(page.getByText('Dziękujemy! Wiadomość została wysłana.')).toBeVisible();
    await expect(page.getByLabel('Imię i nazwisko')).toHaveValue('');
    await expect(page.getByLabel('Wiadomość')).toHaveValue('');

    const mail = await waitForMail(request, data.supportEmail, new RegExp(subject));
    expect(mail.text).toContain('Anna Nowak <anna.nowak@example.com>');
    expect(mail.text).toContain('Czy kancelaria może mieć kilka profili?');
  });

  test('a message typed and sent before the app runs is sent once it runs, with nothing lost', async ({
    page,
    request,
  }) => {
    await acceptCookies(page);
    const { data } = (await (await request.get('/api/config/public')).json()) as { data: { supportEmail: string } };
    const subject = `Wcześnie e2e ${Date.now()}`;
    // The app's code arrives late, as on a slow phone.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/contact-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/pl/contact', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Imię i nazwisko').fill('Ewa Wczesna');
    await page.getByLabel('Adres e-mail').fill('ewa.wczesna@example.com');
    await page.getByLabel('Temat').fill(subject);
    await page.getByLabel('Wiadomość').fill('Napisane, zanim strona była gotowa.');
    await page.getByRole('button', { name: 'Wyślij wiadomość' }).click();
    // Not submitted as a plain form (that would reload the page and empty it).
    await expect(page.getByLabel('Wiadomość')).toHaveValue('Napisane, zanim strona była gotowa.');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);

    release();
    await expect(page.getByText('Dziękujemy! Wiadomość została wysłana.')).toBeVisible();
    await expect(page.getByLabel('Wiadomość')).toHaveValue('');
    const mail = await waitForMail(request, data.supportEmail, new RegExp(subject));
    expect(mail.text).toContain('Ewa Wczesna <ewa.wczesna@example.com>');
    expect(mail.text).toContain('Napisane, zanim strona była gotowa.');
  });

  test('a refused message shows the error toast and keeps what was typed', async ({ page, request }) => {
    await acceptCookies(page);
    // The real limit (5 messages per address in 10 minutes) makes the next send fail.
    const headers = await csrfHeaders(request);
    for (let i = 0; i < 6; i += 1) {
      const res = await request.post('/api/contact', {
        headers,
        data: { name: 'Spam', email: 'spam@example.com', subject: `Spam ${i}`, message: 'x' },
      });
      if (res.status() === 429) break;
      expect(res.status()).toBe(201);
    }
    await page.goto('/pl/contact');
    await startApp(page);
    await page.getByLabel('Imię i nazwisko').fill('Jan Kowalski');
    await page.getByLabel('Adres e-mail').fill('jan@example.com');
    await page.getByLabel('Temat').fill('Nie dojdzie');
    await page.getByLabel('Wiadomość').fill('Treść, której nie wolno zgubić.');
    await page.getByRole('button', { name: 'Wyślij wiadomość' }).click();
    await expect(page.getByText('Zbyt wiele prób', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Wiadomość')).toHaveValue('Treść, której nie wolno zgubić.');
    await expect(page.getByLabel('Temat')).toHaveValue('Nie dojdzie');
  });

  test('a static page shows its banner and sandbox note at once, and its menu opens on a tap', async ({ browser, baseURL }) => {
    const phone = await browser.newContext({ baseURL, hasTouch: true, isMobile: true, viewport: { width: 375, height: 700 } });
    const page = await phone.newPage();
    // Without scripts: the banner and the note are in the served page (shown by the stylesheet).
    await page.route(/\.js$/, (route) => route.abort());
    await page.goto('/pl/pricing');
    await expect(page.getByRole('region', { name: 'Pliki cookie' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Tryb testowy');
    await page.unroute(/\.js$/);
    await page.goto('/pl/pricing');
    await page.getByRole('button', { name: 'Otwórz menu' }).tap();
    await expect(page.getByRole('dialog')).toBeVisible();

    // A visitor who agreed gets no banner, not even before the app runs.
    await phone.addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL! }]);
    await page.goto('/pl/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-consent-banner]')).toBeHidden();
    // Without the server's sandbox flag (real adapters) the note stays hidden.
    await page.evaluate(() => document.documentElement.removeAttribute('data-sandbox'));
    await expect(page.locator('[data-sandbox-marker]')).toBeHidden();
    await phone.close();
  });

  test('the app loads no further stylesheet when it starts or changes the page', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/pl/pricing');
    await startApp(page);
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet' || new URL(request.url()).pathname.endsWith('.css')) {
        stylesheets.push(request.url());
      }
    });
    // The FAQ's code arrives now, with the entry's stylesheet among its dependencies.
    await page.getByRole('banner').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/pl\/faq$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(stylesheets).toEqual([]);
    // The stylesheet travels inside the document (lib/inline-stylesheet.tsx), once.
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    expect(await page.locator('style#stylesheet').count()).toBe(1);
  });

  test('a static page keeps where the visitor scrolled to when the app starts', async ({ page }) => {
    await acceptCookies(page);
    await page.setViewportSize({ width: 375, height: 700 });
    // The app's code arrives late: the visitor scrolls down before it runs.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/pl', { waitUntil: 'domcontentloaded' });
    await page.mouse.wheel(0, 1200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    release();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    // Scroll restoration runs in the start's layout effects and anything it defers runs by the
    // next frames: two frames after the app is live, the position is the one it keeps.
    const scrollY = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY))),
        ),
    );
    expect(scrollY).toBeGreaterThan(1000);
  });

  test('a language chosen on a static page is remembered for unprefixed addresses', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'pl-PL' });
    const page = await context.newPage();
    await page.goto('/pl/about');
    await page.getByRole('navigation', { name: 'Język' }).getByRole('link', { name: 'EN – English' }).click();
    await expect(page).toHaveURL(/\/en\/about$/);
    expect(await page.evaluate(() => window.localStorage.getItem('i18nextLng'))).toBe('en');
    // The browser says Polish; the choice wins on an address without a prefix.
    await page.goto('/faq');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
    await context.close();
  });

  test('a language switch on the home page reaches its lower sections and the footer', async ({ page }) => {
    await acceptCookies(page);
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto('/pl');
    await startApp(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Jak to działa' })).toHaveCount(1);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    // The steps are far below the first screen when the language changes.
    await page.getByRole('navigation', { name: 'Język' }).getByRole('link', { name: 'EN – English' }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole('heading', { level: 2, name: 'How it works' })).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toContainText('Privacy policy');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).first()).toHaveAttribute(
      'href',
      '/en/about',
    );

    // On a fresh load, the footer's links navigate within the app.
    await page.goto('/en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGES[0].en);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await startApp(page);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).first().click();
    await expect(page).toHaveURL(/\/en\/about$/);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  test('the calls to action on Features lead where they say', async ({ page }) => {
    await acceptCookies(page);
    for (const language of LANGUAGES) {
      const register = language === 'pl' ? 'Załóż konto' : 'Create an account';
      const contact = language === 'pl' ? 'Skontaktuj się z nami' : 'Contact us';
      for (const index of [0, 1]) {
        await page.goto(prefixed(language, '/features'));
        await page.getByRole('main').getByRole('link', { name: register }).nth(index).click();
        await expect(page).toHaveURL(new RegExp(`/${language}/auth/register$`));
        await page.goto(prefixed(language, '/features'));
        await page.getByRole('main').getByRole('link', { name: contact }).nth(index).click();
        await expect(page).toHaveURL(new RegExp(`/${language}/contact$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(language === 'pl' ? 'Porozmawiajmy' : "Let's talk");
      }
    }
  });

  test('the other pages link to registration, pricing, careers and contact', async ({ page }) => {
    await acceptCookies(page);
    const cases = [
      { path: '/pl/about', link: 'Załóż konto', target: /\/pl\/auth\/register$/ },
      { path: '/pl/about', link: 'Dołącz do nas', target: /\/pl\/careers$/ },
      { path: '/pl/careers', link: 'Napisz do nas', target: /\/pl\/contact$/ },
      { path: '/pl/pricing', link: 'Wybierz plan Pro', target: /\/pl\/auth\/register$/ },
      { path: '/pl/for-lawyers', link: 'Zobacz cennik', target: /\/pl\/pricing$/ },
      { path: '/pl/for-law-firms', link: 'Skontaktuj się z nami', target: /\/pl\/contact$/ },
    ];
    for (const item of cases) {
      await page.goto(item.path);
      await page.getByRole('main').getByRole('link', { name: item.link }).first().click();
      await expect(page).toHaveURL(item.target);
    }
    await page.goto('/en/pricing');
    await expect(page.getByText('Most popular')).toBeVisible();
    await expect(page.getByText('PLN 49', { exact: true })).toBeVisible();
    await page.goto('/pl/pricing');
    await expect(page.getByText('49 zł', { exact: true })).toBeVisible();
  });

  for (const kind of ['terms', 'privacy'] as const) {
    test(`/${kind} sends the browser to the PDF`, async ({ page, request }) => {
      await acceptCookies(page);
      // Chromium's PDF viewer is not needed to prove the redirect and can hang teardown: the
      // browser's request for the PDF is recorded and aborted; the file itself is fetched below.
      await page.route('**/legal/*.pdf', (route) => route.abort());
      for (const language of LANGUAGES) {
        const pdfRequest = page.waitForRequest((r) => /\/legal\/.+-2024-12-22\.pdf$/.test(r.url()));
        await page.goto(`/${language}/${kind}`).catch(() => undefined);
        const url = (await pdfRequest).url();
        expect(url).toMatch(
          language === 'pl'
            ? kind === 'terms' ? /regulamin/ : /polityka-prywatnosci/
            : kind === 'terms' ? /\/terms-/ : /privacy-policy/,
        );
        const pdf = await request.get(url);
        expect(pdf.status()).toBe(200);
        expect(pdf.headers()['content-type']).toBe('application/pdf');
        expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
      }
    });
  }

  for (const item of PAGES) {
    for (const language of LANGUAGES) {
      test(`no accessibility violations on ${prefixed(language, item.path)} (light/dark × 375/1280)`, async ({ page }) => {
        // One load; the page is then resized and switched between themes in place.
        await showWidth(page, WIDTHS[0]);
        await showScheme(page, 'light');
        await page.goto(prefixed(language, item.path));
        // The consent banner is part of every check (nothing here accepts it).
        await expect(page.getByRole('region', { name: language === 'pl' ? 'Pliki cookie' : 'Cookies' })).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Each width starts in the theme the last check ended in (decision 068): light and dark at
        // 375 px, then dark and light at 1280 px, three switches instead of four.
        let shown: Scheme = 'light';
        for (const width of WIDTHS) {
          await showWidth(page, width);
          for (const scheme of schemesFrom(shown)) {
            if (scheme !== shown || !(await showing(page, scheme))) await showScheme(page, scheme);
            shown = scheme;
            await expectNoAxeViolations(page, { label: `${prefixed(language, item.path)} (${scheme}, ${width} px)` });
          }
        }
      });
    }
  }
});
