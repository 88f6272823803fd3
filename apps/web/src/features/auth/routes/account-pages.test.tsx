import type { UserDto } from '@substytut/shared';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setSession } from '@/lib/session';
import '../../../../test/browser-gaps';
import { stubFetch } from '../../../../test/fetch-stub';
import { renderApp } from '../../../../test/render-app';

// Lazy route chunks load slowly on a busy two-core machine; waiting longer costs nothing when fast.
configure({ asyncUtilTimeout: 5_000 });
const user: UserDto = {
  id: '3',
  email: 'ewa@example.com',
  name: '',
  role: 'user',
  email_verified_at: '2025-01-01T00:00:00Z',
};

describe('account pages', () => {
  beforeAll(
    () =>
      Promise.all([
        import('./forgot-password'),
        import('./reset-password'),
        import('./verified'),
        import('./auth'),
      ]),
    30_000,
  );
  beforeEach(() => localStorage.setItem('i18nextLng', 'pl'));
  afterEach(() => vi.unstubAllGlobals());

  describe('forgot password', () => {
    it('replaces the form with a confirmation and links back to /auth', async () => {
      const api = stubFetch({
        'POST /api/login/forget': { body: { data: { success: true, message: 'ok' } } },
      });
      vi.stubGlobal('fetch', api.fetch);
      const u = userEvent.setup();
      renderApp('/auth/forgot-password');
      expect(await screen.findByRole('link', { name: 'Zarejestruj się' })).toHaveAttribute(
        'href',
        '/auth/register',
      );

      await u.click(screen.getByRole('button', { name: 'Wyślij link' }));
      expect(await screen.findByText('Nieprawidłowy format adresu email')).toBeInTheDocument();
      await u.type(screen.getByLabelText(/Adres e-mail/), 'ewa@example.com');
      await u.click(screen.getByRole('button', { name: 'Wyślij link' }));

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Sprawdź skrzynkę pocztową' }),
      ).toBeInTheDocument();
      expect(screen.queryByLabelText(/Adres e-mail/)).not.toBeInTheDocument();
      expect(screen.getByText(/ewa@example\.com/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Wróć do logowania' })).toHaveAttribute('href', '/auth');
      expect(api.callsTo('POST', '/api/login/forget')[0]!.body).toEqual({
        email: 'ewa@example.com',
        locale: 'pl',
      });
    });

    it('toasts a failure and keeps the form', async () => {
      vi.stubGlobal(
        'fetch',
        stubFetch({
          'POST /api/login/forget': { status: 429, body: { code: 'rate_limited', message: 'x', errors: {} } },
        }).fetch,
      );
      const u = userEvent.setup();
      renderApp('/auth/forgot-password');
      await u.type(await screen.findByLabelText(/Adres e-mail/), 'ewa@example.com');
      await u.click(screen.getByRole('button', { name: 'Wyślij link' }));
      expect(
        await screen.findByText('Zbyt wiele prób. Odczekaj chwilę i spróbuj ponownie'),
      ).toBeInTheDocument();
      expect(screen.getByLabelText(/Adres e-mail/)).toBeInTheDocument();
    });
  });

  describe('reset password', () => {
    it('sends token, e-mail and the one password twice, toasts and goes to /auth', async () => {
      const api = stubFetch({
        'POST /api/login/resetpassword': { body: { data: { success: true, message: 'ok' } } },
      });
      vi.stubGlobal('fetch', api.fetch);
      const u = userEvent.setup();
      const { router } = renderApp('/en/auth/reset/abc123?email=ewa%40example.com');
      const password = await screen.findByLabelText(/^New password/);
      expect(password).toHaveAttribute('autocomplete', 'new-password');
      expect(screen.getByText(/ewa@example\.com/)).toBeInTheDocument();

      await u.click(screen.getByRole('button', { name: 'Save new password' }));
      expect(await screen.findByText('This field is required')).toBeInTheDocument();
      await u.type(password, 'short');
      expect(await screen.findByText('The password must be at least 8 characters long')).toBeInTheDocument();
      await u.type(password, '-but-now-long');
      await u.click(screen.getByRole('button', { name: 'Save new password' }));

      expect(
        await screen.findByText('Your password has been changed. You can log in now.'),
      ).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/en/auth'), { timeout: 10_000 });
      expect(api.callsTo('POST', '/api/login/resetpassword')[0]!.body).toEqual({
        token: 'abc123',
        email: 'ewa@example.com',
        password: 'short-but-now-long',
        password_confirmation: 'short-but-now-long',
      });
    });

    it('refuses a guessable new password with the strength in words and sends nothing', async () => {
      const api = stubFetch({});
      vi.stubGlobal('fetch', api.fetch);
      const u = userEvent.setup();
      renderApp('/en/auth/reset/abc123?email=ewa.nowak%40example.com');
      const password = await screen.findByLabelText(/^New password/);
      expect(password).toHaveAccessibleDescription(expect.stringContaining('must not be easy to guess'));
      await u.type(password, 'ewanowak1');
      expect(
        await screen.findByText(/^Password strength: (very weak|weak), easy to guess$/),
      ).toBeInTheDocument();
      await u.click(screen.getByRole('button', { name: 'Save new password' }));
      expect(
        await screen.findByText(
          'This password is too easy to guess: add a few words or characters, avoid names, dates, common passwords and parts of your email address',
        ),
      ).toBeInTheDocument();
      expect(api.callsTo('POST', '/api/login/resetpassword')).toHaveLength(0);
    });

    it('toasts a refused reset', async () => {
      vi.stubGlobal(
        'fetch',
        stubFetch({
          'POST /api/login/resetpassword': {
            status: 400,
            body: {
              code: 'auth.reset_invalid',
              message: 'Link do zmiany hasła wygasł lub jest nieprawidłowy',
              errors: {},
            },
          },
        }).fetch,
      );
      const u = userEvent.setup();
      const { router } = renderApp('/auth/reset/abc123?email=ewa%40example.com');
      await u.type(await screen.findByLabelText(/^Nowe hasło/), 'Haslo-Testowe-42!');
      await u.click(screen.getByRole('button', { name: 'Zapisz nowe hasło' }));
      expect(await screen.findByText('Link do zmiany hasła wygasł lub jest nieprawidłowy')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/auth/reset/abc123');
    });

    it('explains a link without an e-mail address', async () => {
      vi.stubGlobal('fetch', stubFetch({}).fetch);
      renderApp('/auth/reset/abc123');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Link jest niepełny' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Poproś o nowy link' })).toHaveAttribute(
        'href',
        '/auth/forgot-password',
      );
    });
  });

  describe('e-mail verification', () => {
    it('verifies once on load, stores the token and offers the profile editor', async () => {
      const api = stubFetch({
        'POST /api/email/verify/:id/:hash': { body: { data: { token: 'fresh', user, message: 'ok' } } },
      });
      vi.stubGlobal('fetch', api.fetch);
      renderApp('/auth/verified/3/tok');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Twoje konto jest już aktywne' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Przejdź do edycji profilu' })).toHaveAttribute(
        'href',
        '/dashboard',
      );
      expect(getToken()).toBe('fresh');
      expect(api.callsTo('POST', '/api/email/verify/')).toHaveLength(1);
      expect(api.callsTo('POST', '/api/email/verify/')[0]?.path).toBe('/api/email/verify/3/tok');
    });

    it("shows 'Link wygasł' when the link is refused", async () => {
      const api = stubFetch({
        'POST /api/email/verify/:id/:hash': {
          status: 400,
          body: { code: 'auth.verification_invalid', message: 'x' },
        },
      });
      vi.stubGlobal('fetch', api.fetch);
      renderApp('/auth/verified/3/old');
      expect(await screen.findByRole('heading', { level: 1, name: 'Link wygasł' })).toBeInTheDocument();
      expect(screen.getByText(/zostało już aktywowane lub link jest nieprawidłowy/)).toBeInTheDocument();
      expect(api.callsTo('POST', '/api/email/verify/').map((call) => call.path)).toEqual([
        '/api/email/verify/3/old',
      ]);
      expect(screen.getByRole('link', { name: 'Przejdź do logowania' })).toHaveAttribute(
        'href',
        '/dashboard',
      );
      expect(getToken()).toBeNull();
    });
  });

  describe('auth page panels', () => {
    it('folds the how-it-works steps behind a toggle and shows the verified reference', async () => {
      vi.stubGlobal('fetch', stubFetch({}).fetch);
      const u = userEvent.setup();
      renderApp('/auth');
      const toggle = await screen.findByRole('button', { name: 'Jak to działa?' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const steps = document.getElementById(toggle.getAttribute('aria-controls')!)!;
      expect(steps).toHaveClass('hidden');
      expect(steps.querySelectorAll('li')).toHaveLength(3);
      await u.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(steps).not.toHaveClass('hidden');
      expect(screen.getByRole('figure', { name: 'Referencja' })).toHaveTextContent('Zweryfikowano');
    });
  });

  describe('guards', () => {
    it('lets an admin confirmed by /api/me into /admin', async () => {
      const api = stubFetch({ 'GET /api/me': { body: { data: { ...user, role: 'admin' } } } });
      vi.stubGlobal('fetch', api.fetch);
      // A stale stored role must not decide: the server's answer does.
      setSession('admin-token', { role: 'user' });
      const { router } = renderApp('/admin');
      await waitFor(() => expect(api.callsTo('GET', '/api/me')).toHaveLength(1));
      expect(api.callsTo('GET', '/api/me')[0]!.headers.authorization).toBe('Bearer admin-token');
      await screen.findByRole('heading', { level: 1 });
      expect(router.state.location.pathname).toBe('/admin');
    });

    it('lands an administrator on /admin, never on the lawyer profile editor', async () => {
      const api = stubFetch({ 'GET /api/me': { body: { data: { ...user, role: 'admin' } } } });
      vi.stubGlobal('fetch', api.fetch);
      setSession('admin-token', { ...user, role: 'admin' });
      const { router } = renderApp('/en/dashboard');
      await waitFor(() => expect(router.state.location.pathname).toBe('/en/admin'), { timeout: 10_000 });
      await screen.findByRole('heading', { level: 1 });
      expect(router.state.location.pathname).toBe('/en/admin');
      expect(api.calls.filter((call) => call.path.startsWith('/api/user/'))).toEqual([]);
    });

    it('sends a user whose /api/me role is not admin to /, replacing the entry', async () => {
      vi.stubGlobal('fetch', stubFetch({ 'GET /api/me': { body: { data: user } } }).fetch);
      setSession('user-token', { role: 'admin' });
      const { router } = renderApp('/en/admin');
      await waitFor(() => expect(router.state.location.pathname).toBe('/en'), { timeout: 10_000 });
      expect(router.state.historyAction).toBe('REPLACE');
    });

    it('sends /auth/register with a stored token to the dashboard', async () => {
      vi.stubGlobal('fetch', stubFetch({}).fetch);
      setSession('t', user);
      const { router } = renderApp('/auth/register');
      // The dashboard opens its first tab at once.
      await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/dashboard(\/profile)?$/), {
        timeout: 10_000,
      });
    });
  });
});
