import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { linkIn, registerVerifiedUser, signInBrowser, uniqueEmail, waitForMail } from './support/api';

const PASSWORD = 'Haslo-Testowe-42!';

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('auth_token'));
}

/** Ends the session the way the dashboard button will: POST /api/logout, then empty storage. */
async function logOutThroughApi(page: Page, request: APIRequestContext): Promise<void> {
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  const csrf = await request.get('/api/csrf-cookie');
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers()['set-cookie'] ?? '')?.[1] ?? '';
  const res = await request.post('/api/logout', {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.evaluate(() => window.localStorage.clear());
  // The revoked token no longer opens anything.
  const me = await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Adres e-mail').fill(email);
  await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
}

/**
 * Opens the register tab. A click made before the app runs is replayed once it has hydrated, so the
 * test waits for the tab to be selected: typed before that, the address would land in the login
 * form (seen on a cold server on a busy machine).
 */
async function openRegisterTab(page: Page): Promise<void> {
  const tab = page.getByRole('tab', { name: 'Rejestracja' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

test.describe('accounts', () => {
  test('register through the form, verify from the mailbox, land on the dashboard, log out and back in', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('register');
    await page.goto('/auth');
    await openRegisterTab(page);
    await page.getByLabel('Adres e-mail').fill(email);
    const password = page.getByRole('textbox', { name: 'Hasło', exact: true });
    // A guessable password: the meter says so in words once its dictionaries have loaded.
    await password.fill('12345678');
    await expect(page.getByText('Siła hasła: bardzo słabe, łatwe do odgadnięcia')).toBeVisible();

    // Registration validates on submit: the unticked terms box and the weak password stop it.
    await page.getByRole('button', { name: 'Zarejestruj się', exact: true }).click();
    await expect(page.getByText('Musisz zaakceptować regulamin')).toBeVisible();
    const weak = page.getByText('Hasło jest zbyt łatwe do odgadnięcia', { exact: false });
    await expect(weak).toBeVisible();
    await password.fill(PASSWORD);
    await expect(weak).toBeHidden();
    await expect(page.getByText(/^Siła hasła: (dobre|bardzo dobre)$/)).toBeVisible();
    await page.getByRole('checkbox').check();
    await expect(page.getByText('Musisz zaakceptować regulamin')).toBeHidden();
    await page.getByRole('button', { name: 'Zarejestruj się', exact: true }).click();

    await expect(page).toHaveURL(/\/auth\/register-success$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Rejestracja zakończona sukcesem' }),
    ).toBeVisible();

    // An unverified account cannot log in yet.
    await page.getByRole('link', { name: 'Wróć do logowania' }).click();
    await logIn(page, email, PASSWORD);
    await expect(
      page.getByText('Adres e-mail nie został jeszcze potwierdzony', { exact: false }),
    ).toBeVisible();
    expect(await storedToken(page)).toBeNull();

    const mail = await waitForMail(request, email);
    const link = linkIn(mail, /^\/auth\/verified\//);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Twoje konto jest już aktywne' })).toBeVisible();
    expect(await storedToken(page)).toBeTruthy();
    await page.getByRole('link', { name: 'Przejdź do edycji profilu' }).click();
    await expect(page).toHaveURL(/\/dashboard(\/|$)/);

    // The link is single-use: opening it again reads 'Link wygasł'.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Link wygasł' })).toBeVisible();

    await logOutThroughApi(page, request);
    await page.goto('/auth');
    await logIn(page, email, PASSWORD);
    await expect(page.getByText('Zalogowano pomyślnie')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard(\/|$)/);
    const user = await page.evaluate(
      () => JSON.parse(window.localStorage.getItem('user') ?? 'null') as { email: string },
    );
    expect(user.email).toBe(email);
  });

  test('a returning lawyer logs in from the header; the booking page stays behind the profile buttons (decision 038)', async ({
    page,
    request,
  }) => {
    const session = await registerVerifiedUser(request, uniqueEmail('returning'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    // 'Umów założenie profilu' still books a meeting on the external page; 'Zaloguj się' does not.
    const booking = page.getByRole('link', { name: 'Umów założenie profilu' }).first();
    await expect(booking).toHaveAttribute('href', /^https?:\/\//);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Zaloguj się' })).toHaveAttribute(
      'href',
      '/auth',
    );
    await page.getByRole('banner').getByRole('link', { name: 'Zaloguj się' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('tab', { name: 'Logowanie' })).toHaveAttribute('aria-selected', 'true');
    await logIn(page, session.email, session.password);
    await expect(page).toHaveURL(/\/dashboard(\/|$)/);
    // Signed in, the header's button leads back to the dashboard.
    await page.goto('/about');
    await page.getByRole('banner').getByRole('link', { name: 'Panel' }).click();
    await expect(page).toHaveURL(/\/dashboard(\/|$)/);
  });

  test('on a phone the menu holds the login', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/en');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/en\/auth$/);
    await expect(page.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a tab pressed before the app runs is switched to once it runs', async ({ page }) => {
    // The app's code arrives late (a slow phone): the visitor presses the tab before it runs.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/pl/auth', { waitUntil: 'domcontentloaded' });
    await page.getByRole('tab', { name: 'Rejestracja' }).click();
    release();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await expect(page.getByRole('tab', { name: 'Rejestracja' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Zarejestruj się przez Google' })).toBeVisible();
  });

  test('without GOOGLE_CLIENT_ID the sandbox stands in for Google: register with it, then sign in again to the same account', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('google');
    await page.goto('/pl/auth');
    await openRegisterTab(page);
    await page.getByRole('button', { name: 'Zarejestruj się przez Google' }).click();
    const dialog = page.getByRole('dialog', { name: 'Google – tryb testowy' });
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Adres e-mail').fill(email);
    await dialog.getByLabel('Imię i nazwisko (opcjonalnie)').fill('Ewa Google');
    await dialog.getByRole('button', { name: 'Kontynuuj' }).click();
    await expect(page).toHaveURL(/\/pl\/dashboard\/profile$/);
    const first = await page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? '{}') as { id?: string });
    expect(first.id).toBeTruthy();
    await logOutThroughApi(page, request);

    await page.goto('/pl/auth');
    await page.getByRole('button', { name: 'Zaloguj się przez Google' }).click();
    await page.getByRole('dialog').getByLabel('Adres e-mail').fill(email);
    await page.getByRole('dialog').getByRole('button', { name: 'Kontynuuj' }).click();
    await expect(page).toHaveURL(/\/pl\/dashboard\/profile$/);
    const again = await page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? '{}') as { id?: string });
    expect(again.id).toBe(first.id);
  });

  test('registering a taken address looks like any registration; its owner gets a mail with login and reset links', async ({
    page,
    request,
  }) => {
    const owner = await registerVerifiedUser(request, uniqueEmail('taken'));
    await page.goto('/auth');
    await openRegisterTab(page);
    await page.getByLabel('Adres e-mail').fill(owner.email);
    await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill('Inne-haslo-42');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Zarejestruj się', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/register-success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Rejestracja zakończona sukcesem' })).toBeVisible();

    const notice = await waitForMail(request, owner.email, /Próba rejestracji/);
    await page.goto(linkIn(notice, /^\/auth\/forgot-password$/));
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await page.goto(linkIn(notice, /^\/auth\/login$/));
    // The owner's password is untouched.
    await logIn(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/dashboard(\/|$)/);
  });

  test('the sandbox Google sign-in does not open the administrator\'s account', async ({ page }) => {
    await page.goto('/pl/auth');
    await page.getByRole('button', { name: 'Zaloguj się przez Google' }).click();
    await page.getByRole('dialog').getByLabel('Adres e-mail').fill('admin@substytut.local');
    await page.getByRole('dialog').getByRole('button', { name: 'Kontynuuj' }).click();
    await expect(
      page.getByText('Administrator loguje się hasłem. Testowe logowanie przez Google nie otwiera konta administratora').first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/pl\/auth$/);
    expect(await storedToken(page)).toBeNull();
  });

  test('a wrong password is refused with a toast and no session', async ({ page, request }) => {
    const session = await registerVerifiedUser(request, uniqueEmail('wrong'));
    await page.goto('/auth/login');
    await logIn(page, session.email, 'NieToHaslo1!');
    await expect(page.getByText('Nieprawidłowe dane logowania')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await storedToken(page)).toBeNull();
  });

  test('forgot password, reset from the mail, log in with the new password (English)', async ({
    page,
    request,
  }) => {
    const session = await registerVerifiedUser(request, uniqueEmail('reset'));
    const newPassword = 'NoweHaslo456#';

    await page.goto('/en/auth');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/en\/auth\/forgot-password$/);
    // The URL changes when the navigation commits; the login form (with its own e-mail field) stays
    // on screen until the next page's texts are there.
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('E-mail address').fill(session.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your mailbox' })).toBeVisible();
    await expect(page.getByLabel('E-mail address')).toHaveCount(0);

    const mail = await waitForMail(request, session.email, /Zmiana hasła|Reset your/);
    const link = linkIn(mail, /^\/(en\/)?auth\/reset\//);
    expect(new URL(link).pathname).toMatch(/^\/en\/auth\/reset\//);
    await page.goto(link);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Your password has been changed. You can log in now.')).toBeVisible();
    await expect(page).toHaveURL(/\/en\/auth$/);

    // The old password no longer works; the new one does.
    await page.getByLabel('E-mail address').fill(session.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(session.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('Invalid login details')).toBeVisible();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/dashboard(\/|$)/);
    expect(await storedToken(page)).toBeTruthy();
  });

  test.describe('guards', () => {
    test('/dashboard without a token goes to /auth/login, replacing the entry', async ({ page }) => {
      await page.goto('/auth/forgot-password');
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/auth\/login$/);
      await expect(page.getByRole('tab', { name: 'Logowanie' })).toHaveAttribute('aria-selected', 'true');
      await page.goBack();
      await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    });

    test('a 401 clears the session and goes to /auth (spec 4), not /auth/login', async ({ page, request }) => {
      const session = await registerVerifiedUser(request, uniqueEmail('expired'));
      // A token the API no longer knows: the stored session outlived it.
      await signInBrowser(page, { token: 'revoked-token', user: session.user });
      await page.goto('/dashboard/profile');
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('tab', { name: 'Logowanie' })).toHaveAttribute('aria-selected', 'true');
      expect(await storedToken(page)).toBeNull();
    });

    test('/auth with a token goes to /dashboard', async ({ page, request }) => {
      await signInBrowser(page, await registerVerifiedUser(request, uniqueEmail('guard')));
      for (const path of ['/auth', '/auth/login', '/en/auth/register']) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/dashboard(\/|$)/);
      }
    });

    test('/admin as a non-admin goes to /, even with a forged stored role', async ({ page, request }) => {
      const session = await registerVerifiedUser(request, uniqueEmail('notadmin'));
      await signInBrowser(page, { token: session.token, user: { ...session.user, role: 'admin' } });
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/$/);
      await page.goto('/en/admin');
      await expect(page).toHaveURL(/\/en$/);
    });

    test('/admin without a token goes to /', async ({ page }) => {
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/$/);
    });
  });

  test.describe('accessibility', () => {
    for (const language of ['pl', 'en'] as const) {
      test(`/auth (both tabs) and /auth/forgot-password in ${language}`, async ({ page }) => {
        await page.goto(`/${language}/auth`);
        await expect(page.getByRole('tab', { selected: true })).toBeVisible();
        await expectNoAxeViolations(page);
        await page.getByRole('tab', { selected: false }).click();
        await expect(page.getByRole('checkbox')).toBeVisible();
        await page
          .getByRole('button', { name: language === 'pl' ? 'Zarejestruj się' : 'Sign up', exact: true })
          .click();
        await expect(page.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
        await expectNoAxeViolations(page);

        await page.goto(`/${language}/auth/forgot-password`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  });
});
