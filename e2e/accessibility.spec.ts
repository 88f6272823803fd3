import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations, schemesFrom, settle, showing, showScheme, WIDTHS, type Scheme } from './support/axe';
import { csrf, linkIn, signInBrowser, uniqueEmail, waitForAdminPage, waitForMail, type Session } from './support/api';
import {
  createActiveLawyer,
  createCompleteLawyer,
  createOfferFor,
  payOffer,
  type ActiveLawyer,
  type CreatedOffer,
} from './support/lawyer';

/*
 * axe on every route of the web app, in Polish and English, light and dark, 375 and 1280 px wide.
 * The marketing pages (home, about, contact, faq, features, pricing, for-lawyers, for-law-firms,
 * careers, accessibility) and the cookie banner are already checked across the same eight combinations in
 * marketing.spec.ts; /terms and /privacy only redirect to PDFs. This file covers every other
 * route and the states a visitor can bring about there: forms showing their errors, the offers
 * history with cards in all three sections and its dialogs, both steps of the public page.
 *
 * Each language and width has a walk of its own (what a visitor can open differs between a phone and
 * a desktop: the site menu on one, the theme menu on the other), cut into four parts, each a test,
 * so the two workers share the walks to the end (decision 053): the sign-in pages; the public page
 * and the pages after payment, then the administrator; the dashboard's profile, billing and board;
 * the offers and their dialogs. Each page or state is checked in both themes in place (the theme
 * switched, not the page loaded again), as soft checks named after it, so one run lists every
 * place with violations. The data they walk through is seeded once per worker (`fixture`).
 */

const LANGUAGES = ['pl', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

const TEXTS = {
  pl: {
    signUp: 'Zarejestruj się',
    logIn: 'Zaloguj się',
    sendLink: 'Wyślij link',
    saveNewPassword: 'Zapisz nowe hasło',
    lawyer: 'Katarzyna Lewandowska',
    cooperate: 'Nawiąż współpracę',
    invoiceForm: 'Formularz danych do faktury',
    email: 'Adres e-mail',
    edit: 'Edytuj',
    offerForm: 'Formularz nowej oferty',
    newLink: 'Utwórz link',
    generate: 'Generuj link',
    title: 'Tytuł zlecenia',
    price: 'Cena netto (zł)',
    preview: 'Podgląd',
    remove: 'Usuń',
    details: 'Informacje',
    markDone: 'Oznacz jako zrealizowane',
    cancel: 'Anuluj',
    more: 'Więcej akcji',
    sections: ['Aktywne', 'Wysłane', 'Archiwum'],
    adminTable: 'Pokaż dane w tabeli',
    dashboardMenu: 'Otwórz menu panelu',
    siteMenu: 'Otwórz menu',
    theme: 'Zmień motyw',
  },
  en: {
    signUp: 'Sign up',
    logIn: 'Log in',
    sendLink: 'Send link',
    saveNewPassword: 'Save new password',
    lawyer: 'Katarzyna Lewandowska',
    cooperate: 'Start working together',
    invoiceForm: 'Invoice details form',
    email: 'Email address',
    edit: 'Edit',
    offerForm: 'New offer form',
    newLink: 'Create a link',
    generate: 'Generate link',
    title: 'Job title',
    price: 'Net price (PLN)',
    preview: 'Preview',
    remove: 'Delete',
    details: 'Details',
    markDone: 'Mark as done',
    cancel: 'Cancel',
    more: 'More actions',
    sections: ['Active', 'Sent', 'Archive'],
    adminTable: 'Show the data as a table',
    dashboardMenu: 'Open the dashboard menu',
    siteMenu: 'Open menu',
    theme: 'Change theme',
  },
} as const;

const OFFERS = {
  sent: 'Rozprawa w SR Wrocław',
  paid: 'Posiedzenie w SO Lublin',
  accepted: 'Sprawa w SR Opole',
};

interface Fixture {
  lawyer: ActiveLawyer;
  draft: ActiveLawyer;
  admin: Pick<Session, 'token' | 'user'>;
  sent: CreatedOffer;
  resetPath: string;
}

function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname.replace(/^\/(pl|en)(?=\/)/, '')}${url.search}`;
}

/** A paid offer the lawyer marked done and the client accepted through the mailed link. */
async function acceptedOffer(request: APIRequestContext, lawyer: ActiveLawyer): Promise<void> {
  const offer = await createOfferFor(request, lawyer, { title: OFFERS.accepted, price: '180' });
  const payer = uniqueEmail('client');
  await payOffer(request, lawyer, offer, payer);
  const done = await request.put(`/api/user/offer/${offer.offerId}/done`, {
    headers: lawyer.headers,
    data: { outcome: 'held' },
  });
  expect(done.status(), await done.text()).toBe(200);
  const mail = await waitForMail(request, payer, /zrealizowane|completed|done/i);
  const token = new URL(linkIn(mail, /\/offer\/accept\//)).pathname.split('/').pop()!;
  const accepted = await request.post('/api/public/offer/accept', {
    headers: await csrf(request),
    data: { token: decodeURIComponent(token) },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

async function setUp(request: APIRequestContext): Promise<Fixture> {
  const lawyer = await createActiveLawyer(request, { firstname: 'Katarzyna', lastname: 'Lewandowska' });
  const sent = await createOfferFor(request, lawyer, { title: OFFERS.sent, price: '250' });
  const paid = await createOfferFor(request, lawyer, { title: OFFERS.paid, price: '300' });
  await payOffer(request, lawyer, paid);
  await acceptedOffer(request, lawyer);

  // Not active (no payment account): the profile tab opens in its editor.
  const draft = await createCompleteLawyer(request, { firstname: 'Marek', lastname: 'Szymański' });

  const headers = await csrf(request);
  const forgot = await request.post('/api/login/forget', { headers, data: { email: lawyer.email } });
  expect(forgot.status(), await forgot.text()).toBe(200);
  const resetMail = await waitForMail(request, lawyer.email, /Zmiana hasła|Reset your/);
  const resetPath = pathOf(linkIn(resetMail, /^\/(pl\/|en\/)?auth\/reset\//));

  const login = await request.post('/api/login', {
    headers,
    data: {
      email: 'admin@substytut.local',
      password: 'Demo-Admin-Substytut',
      'cf-turnstile-response': 'local',
    },
  });
  expect(login.status(), await login.text()).toBe(200);
  const admin = ((await login.json()) as { data: Pick<Session, 'token' | 'user'> }).data;

  return { lawyer, draft, admin, sent, resetPath };
}

/**
 * Registered but never verified: its link is the one the verified page receives. A link works
 * once, so each walk registers its own.
 */
async function unverifiedLink(request: APIRequestContext): Promise<string> {
  const pending = uniqueEmail('pending');
  const registered = await request.post('/api/register', {
    headers: await csrf(request),
    data: { email: pending, password: 'Haslo-Testowe-42!', terms: true, 'cf-turnstile-response': 'local' },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  return pathOf(linkIn(await waitForMail(request, pending), /^\/(pl\/|en\/)?auth\/verified\//));
}

/** Sessions are swapped in storage between pages; every page below is a full navigation. */
async function useSession(page: Page, session: Pick<Session, 'token' | 'user'> | null): Promise<void> {
  await page.evaluate(
    ([token, user]) => {
      if (token && user) {
        window.localStorage.setItem('auth_token', token);
        window.localStorage.setItem('user', user);
      } else {
        window.localStorage.removeItem('auth_token');
        window.localStorage.removeItem('user');
      }
    },
    [session?.token ?? null, session ? JSON.stringify(session.user) : null] as const,
  );
}

/**
 * The walks' data, seeded once in each worker that runs a part of them (`perWorker`: a
 * worker-scoped fixture of this spec's own would put its tests in workers of their own, decision
 * 068).
 */
const walkTest = test.extend<{ fixture: Fixture }>({
  fixture: [
    async ({ playwright, server, perWorker }, use) => {
      await use(
        await perWorker('accessibility walk', async () => {
          const request = await playwright.request.newContext({ baseURL: server });
          try {
            return await setUp(request);
          } finally {
            await request.dispose();
          }
        }),
      );
    },
    // A timeout of its own: the test's 60 s default applies to its fixtures, before the part's
    // `setTimeout(300_000)` runs, and the seeding (two lawyers, three offers, two payments, an
    // acceptance) outlasted it at a load of 30 with each worker seeding at once (decision 072).
    { timeout: 180_000 },
  ],
});

interface Walk {
  page: Page;
  language: Language;
  width: number;
  fixture: Fixture;
  t: (typeof TEXTS)[Language];
  at: (path: string) => string;
  h1: () => ReturnType<Page['getByRole']>;
  /** Checks the page as it shows now, in both themes. */
  scan: (label: string) => Promise<void>;
  /** Opens a page and waits until it is ready. */
  open: (path: string, ready?: () => Promise<void>) => Promise<void>;
  /** Opens a page and checks it as it first shows. */
  visit: (path: string, ready?: () => Promise<void>, label?: string) => Promise<void>;
}

/** A part of a walk: the page starts with the cookie choice made and the part's first session. */
type Part = (walk: Walk) => Promise<void>;

const PARTS: [name: string, session: (fixture: Fixture) => Pick<Session, 'token' | 'user'> | null, Part][] = [
  ['the sign-in pages', () => null, signInPages],
  ['the public page, the pages after payment and the administrator', () => null, publicPagesAndAdmin],
  ["the dashboard's profile, billing and board", (f) => f.draft, dashboardPages],
  ['the offers and their dialogs', (f) => f.lawyer, offerPages],
];

walkTest.describe('accessibility of every route', () => {
  walkTest.use({ actionTimeout: 15_000 });

  for (const language of LANGUAGES) {
    for (const width of WIDTHS) {
      for (const [name, session, part] of PARTS) {
        walkTest(`${language}, light and dark, ${width} px: ${name}`, async ({ page, baseURL, fixture }) => {
          // About sixteen axe runs (eight states, two themes), each a second or more on a busy machine.
          walkTest.setTimeout(300_000);
          await page.setViewportSize({ width, height: 900 });
          await page.context().addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL }]);
          const first = session(fixture);
          if (first) await signInBrowser(page, first);
          await part(walker(page, language, width, fixture));
        });
      }
    }
  }
});

function walker(page: Page, language: Language, width: number, fixture: Fixture): Walk {
  const at = (path: string) => `/${language}${path}`;
  const h1 = () => page.getByRole('heading', { level: 1 }).first();
  // The browser's colour preference stays what it was last set to across navigations, so a page
  // loads in the theme the previous check ended in: each state is checked in that theme first, then
  // switched once (`schemesFrom`, decision 068). The page starts in Playwright's light preference.
  let shown: Scheme = 'light';
  const scan = async (label: string) => {
    await settle(page);
    for (const scheme of schemesFrom(shown)) {
      // The page shows the preferred theme unless the head script did not run; then switch anyway.
      if (scheme !== shown || !(await showing(page, scheme))) await showScheme(page, scheme);
      shown = scheme;
      await walkTest.step(`${label}, ${scheme}`, () =>
        expectNoAxeViolations(page, { label: `${label} (${language}, ${scheme}, ${width} px)`, soft: true }),
      );
    }
  };
  const open = async (path: string, ready: () => Promise<void> = () => expect(h1()).toBeVisible()) => {
    await page.goto(at(path));
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await ready();
  };
  const visit = async (path: string, ready?: () => Promise<void>, label = path) => {
    await open(path, ready);
    await scan(label);
  };
  return { page, language, width, fixture, t: TEXTS[language], at, h1, scan, open, visit };
}

async function signInPages({ page, width, fixture, t, h1, scan, open, visit }: Walk): Promise<void> {
  const verifiedPath = await unverifiedLink(page.request);
  // /careers and /accessibility are checked with the marketing pages (marketing.spec.ts).
  await open('/careers');
  // The header's menus: the site menu on a phone, the theme menu on a wide screen.
  await page.getByRole('button', { name: width < 768 ? t.siteMenu : t.theme }).click();
  await expect(page.getByRole(width < 768 ? 'dialog' : 'menu')).toBeVisible();
  await scan(width < 768 ? 'header site menu' : 'header theme menu');
  await page.keyboard.press('Escape');
  await open('/auth/login', () => expect(page.getByRole('tab', { selected: true })).toBeVisible());
  await page.getByRole('button', { name: t.logIn, exact: true }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await scan('/auth/login with errors');
  await open('/auth/register', () => expect(page.getByRole('checkbox')).toBeVisible());
  await page.getByRole('button', { name: t.signUp, exact: true }).click();
  await expect(page.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
  await scan('/auth/register with errors');
  await visit('/auth/register-success');
  await open('/auth/forgot-password');
  await page.getByRole('button', { name: t.sendLink }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await scan('/auth/forgot-password with errors');
  await open(fixture.resetPath);
  await page.getByRole('button', { name: t.saveNewPassword }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await scan('/auth/reset/:token with errors');
  await visit(
    verifiedPath,
    async () => {
      await expect(h1()).toBeVisible();
      await expect(page.getByText(/Ładowanie|Loading/)).toHaveCount(0);
    },
    '/auth/verified/:id/:token',
  );
}

async function publicPagesAndAdmin({ page, fixture, t, scan, visit }: Walk): Promise<void> {
  const profile = `/u/${fixture.lawyer.seolink}`;
  await visit(
    profile,
    () => expect(page.getByRole('heading', { level: 1, name: t.lawyer })).toBeVisible(),
    '/u/:seolink',
  );
  await visit(
    pathOf(fixture.sent.absoluteUrl),
    () => expect(page.getByRole('heading', { name: OFFERS.sent })).toBeVisible(),
    '/u/:seolink?o=',
  );
  await page.getByRole('button', { name: t.cooperate }).click();
  const invoice = page.getByRole('form', { name: t.invoiceForm });
  await expect(invoice).toBeVisible();
  // The submit button stays disabled until the form is valid; wrong values show the errors.
  await invoice.getByLabel('NIP', { exact: false }).fill('123');
  await invoice.getByRole('textbox', { name: t.email }).fill('nie-adres');
  await invoice.getByRole('textbox', { name: t.email }).blur();
  await expect(invoice.locator('[aria-invalid="true"]')).toHaveCount(2);
  await scan('/u/:seolink?o= step 2 with errors');

  await visit('/payment/success');
  await visit('/payment/cancel');
  await visit('/offer/done');
  await visit('/offer/done?t=nieznany');
  await visit('/404');

  // The demo administrator.
  await useSession(page, fixture.admin);
  await visit('/admin', () => waitForAdminPage(page));
  await page.getByRole('button', { name: t.adminTable }).click();
  await scan('/admin with the chart data as a table');
}

async function dashboardPages({ page, fixture, t, h1, scan, visit }: Walk): Promise<void> {
  // A lawyer whose profile is not active yet: the editor.
  await visit(
    '/dashboard/profile',
    () => expect(page.getByRole('textbox').first()).toBeVisible(),
    '/dashboard/profile (not active: editor)',
  );

  // An active lawyer: the profile view and its editor, billing and the board.
  await useSession(page, fixture.lawyer);
  await visit(
    '/dashboard/profile',
    () => expect(page.getByRole('button', { name: t.edit })).toBeVisible(),
    '/dashboard/profile (active: view)',
  );
  await page.getByRole('button', { name: t.edit }).click();
  await expect(page.getByRole('textbox').first()).toBeVisible();
  await scan('/dashboard/profile (active: editor)');
  await visit('/dashboard/billing', () => expect(page.getByRole('textbox').first()).toBeVisible());
  // The substitution board's pages (issue 32), once their data has loaded.
  const loaded = async () => {
    await expect(h1()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Ładowanie|Loading/ })).toHaveCount(0);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  };
  await visit('/dashboard/board', loaded);
  await visit('/dashboard/alerts', loaded);
  await visit('/dashboard/references', loaded);
}

async function offerPages({ page, language, width, fixture, t, scan, open }: Walk): Promise<void> {
  const section = (name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });
  const card = (title: string) => page.getByRole('article', { name: title });
  const menu = async (title: string) => {
    await card(title)
      .getByRole('button', { name: `${t.more}: ${title}` })
      .click();
    return page.getByRole('menu');
  };
  await open('/dashboard/offers', async () => {
    for (const name of t.sections) await expect(section(name).getByRole('article').first()).toBeVisible();
  });
  await scan('/dashboard/offers');

  await menu(OFFERS.sent);
  await scan('/dashboard/offers card menu');
  await page.getByRole('menu').getByRole('menuitem', { name: t.preview }).click();
  await expect(page.getByRole('dialog', { name: t.preview })).toBeVisible();
  await scan('/dashboard/offers preview dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await (await menu(OFFERS.sent)).getByRole('menuitem', { name: t.remove }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await scan('/dashboard/offers delete confirmation');
  await page.getByRole('alertdialog').getByRole('button', { name: t.cancel }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // Issue 23: marking done opens the hearing report form (a dialog, no longer a yes/no alert).
  await card(OFFERS.paid).getByRole('button', { name: t.markDone }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await scan('/dashboard/offers mark-done report dialog');
  await page.getByRole('dialog').getByRole('button', { name: t.cancel }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  if (width < 768) {
    await (await menu(OFFERS.sent)).getByRole('menuitem', { name: t.details }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await scan('/dashboard/offers details dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  // On a phone the new-offer entry lives in the dashboard menu; its button opens the form in a
  // wide dialog (issue 34).
  if (width < 768) await page.getByRole('button', { name: t.dashboardMenu }).click();
  await page.getByRole('button', { name: t.newLink }).click();
  const form = page.getByRole('form', { name: t.offerForm });
  await form.getByRole('button', { name: t.generate }).click();
  await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
  await scan('/dashboard/offers new offer form with errors');
  const title = `Oferta ${language} ${width}`;
  await form.getByLabel(t.title).fill(title);
  await form.getByLabel(t.price).fill('120');
  await form.getByRole('button', { name: t.generate }).click();
  await expect(page.getByRole('dialog', { name: t.preview })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('img')).toHaveJSProperty('complete', true);
  await scan('/dashboard/offers new offer dialog');
  await page.keyboard.press('Escape');

  // The lawyer is the worker's: the next walk finds the offers page as this one did.
  const headers = { authorization: fixture.lawyer.headers.authorization!, ...(await csrf(page.request)) };
  const listed = await page.request.get('/api/user/offer', { headers });
  expect(listed.status(), await listed.text()).toBe(200);
  const created = ((await listed.json()) as { data: { offerId: number; title: string }[] }).data.find(
    (offer) => offer.title === title,
  );
  expect(created, `the new offer "${title}" in the list`).toBeDefined();
  const removed = await page.request.delete(`/api/user/offer/${created!.offerId}`, { headers });
  expect(removed.status(), await removed.text()).toBe(200);
}
