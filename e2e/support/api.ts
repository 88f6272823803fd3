import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';

/** A unique e-mail address per call, so journeys never collide within one run. */
export function uniqueEmail(prefix = 'lawyer'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  attachments: { filename: string; contentType: string }[];
}

/** Waits for the newest mail to `to` whose subject or text matches, as the local mailbox shows it. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  match?: RegExp,
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
        const mails = ((await res.json()) as { data: OutboxMail[] }).data;
        found = mails.find((m) => !match || match.test(m.subject) || match.test(m.text));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail whose path matches. */
export function linkIn(mail: OutboxMail, pathPattern: RegExp): string {
  const link = mail.links.find((l) => pathPattern.test(new URL(l).pathname));
  if (!link)
    throw new Error(`no link matching ${pathPattern} in mail "${mail.subject}": ${mail.links.join(', ')}`);
  return link;
}

/** The anti-forgery header for state-changing API calls (the cookie stays in `request`). */
export async function csrf(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.get('/api/csrf-cookie');
  const cookie = res.headers()['set-cookie'] ?? '';
  const token = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1];
  if (!token) throw new Error('no XSRF-TOKEN cookie');
  return { 'x-xsrf-token': token };
}

export interface Session {
  email: string;
  password: string;
  token: string;
  user: { id: string; email: string; name: string; role: string };
}

/** Registers through the API, verifies through the mailed link and returns a logged-in session. */
export async function registerVerifiedUser(
  request: APIRequestContext,
  email = uniqueEmail(),
  password = 'Haslo-Testowe-42!',
): Promise<Session> {
  const headers = await csrf(request);
  const registered = await request.post('/api/register', {
    headers,
    data: { email, password, terms: true, 'cf-turnstile-response': 'local' },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);

  const mail = await waitForMail(request, email);
  const verifyPath = new URL(linkIn(mail, /^\/(pl\/|en\/)?auth\/verified\//)).pathname;
  const [id, hash] = verifyPath.split('/').slice(-2);
  const verified = await request.post(`/api/email/verify/${id}/${hash}`, { headers });
  expect(verified.status(), await verified.text()).toBeLessThan(300);

  const login = await request.post('/api/login', {
    headers,
    data: { email, password, 'cf-turnstile-response': 'local' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const body = (await login.json()) as { data: { token: string; user: Session['user'] } };
  return { email, password, token: body.data.token, user: body.data.user };
}

/** Puts a session into the browser's storage the way the login form does, before the page loads. */
export async function signInBrowser(page: Page, session: Pick<Session, 'token' | 'user'>): Promise<void> {
  await page.addInitScript(
    ([token, user]) => {
      if (!window.localStorage.getItem('auth_token')) {
        window.localStorage.setItem('auth_token', token);
        window.localStorage.setItem('user', user);
      }
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
}

// Seeded at start outside production (apps/api demo accounts).
export const DEMO_ADMIN = { email: 'admin@substytut.local', password: 'Demo-Admin-Substytut' };

/** One administrator login per worker: logins are throttled, and a token outlives a run. */
let adminLogin: Promise<Pick<Session, 'token' | 'user'>> | null = null;

/** The demo administrator's session, logged in through the API once per worker. */
export function adminSession(request: APIRequestContext): Promise<Pick<Session, 'token' | 'user'>> {
  adminLogin ??= (async () => {
    const login = await request.post('/api/login', {
      headers: await csrf(request),
      data: { ...DEMO_ADMIN, 'cf-turnstile-response': 'local' },
    });
    expect(login.status(), await login.text()).toBe(200);
    return ((await login.json()) as { data: Pick<Session, 'token' | 'user'> }).data;
  })();
  adminLogin.catch(() => (adminLogin = null));
  return adminLogin;
}

/**
 * The demo administrator's panel at `path` with the session put in place before the page loads
 * (`signInBrowser`), for journeys that need the administrator's page, not the login form: the
 * form's administrator login and its landing on /admin are `admin.spec.ts`'s journey
 * (`logInAsAdmin`); logging in through it in every journey loaded /auth and /admin once more each
 * time (decision 068).
 */
export async function openAsAdmin(page: Page, request: APIRequestContext, path = '/admin'): Promise<void> {
  await signInBrowser(page, await adminSession(request));
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: /^(Panel administratora|Administration)$/ })).toBeVisible();
}

/** The demo administrator signs in through the login form and lands on /admin. */
export async function logInAsAdmin(page: Page): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Adres e-mail').fill(DEMO_ADMIN.email);
  await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  // The administrator lands on its own panel, never on a lawyer's profile editor.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Panel administratora' })).toBeVisible();
}

/**
 * Waits until /admin has loaded: its two lists (the only tables that say `aria-busy`: the board's
 * weekly table comes before them once a board request exists, so "the first table" is not one of
 * them), then every other section (no skeleton left), then the chart. Each is a step the page goes
 * through in turn (the app starts and asks who is signed in; eight lists load; the chart's module
 * loads and draws), and each gets the whole expect timeout: on a loaded test machine the page
 * needed 9 s to show its tables and 17 s to draw the chart, with no request slow, repeated or left
 * unanswered (the browser's main thread was the bottleneck).
 */
export async function waitForAdminPage(page: Page): Promise<void> {
  const lists = page.locator('table[aria-busy]');
  await expect(lists).toHaveCount(2);
  await expect(page.locator('table[aria-busy="false"]')).toHaveCount(2);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
}