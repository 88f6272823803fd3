import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '@substytut/shared';
import { loadOnce } from '@/lib/load-once';
import { getToken, getUser } from '@/lib/session';
import '../../../../test/browser-gaps';
import { notFromTheApi, publicConfig, stubFetch, type StubAnswer } from '../../../../test/fetch-stub';
import { renderApp } from '../../../../test/render-app';

// Lazy route chunks load slowly on a busy two-core machine; waiting longer costs nothing when fast.
configure({ asyncUtilTimeout: 5_000 });
const user: UserDto = {
  id: '7',
  email: 'anna@example.com',
  name: '',
  role: 'user',
  email_verified_at: '2025-01-01T00:00:00Z',
};

function describedText(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('login tab', () => {
  // The route is lazy; loading its module once up front keeps the first findBy* within its timeout.
  beforeAll(() => import('../routes/auth'), 30_000);
  beforeEach(() => localStorage.setItem('i18nextLng', 'pl'));
  afterEach(() => vi.unstubAllGlobals());

  it('validates on change but shows an error only after the field was left', async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetch);
    const u = userEvent.setup();
    renderApp('/auth');
    const email = await screen.findByLabelText(/Adres e-mail/);

    await u.type(email, 'anna@');
    expect(screen.queryByText('Niepoprawny adres email')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');

    await u.tab();
    expect(await screen.findByText('Niepoprawny adres email')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(describedText(email)).toContain('Niepoprawny adres email');

    // Once touched, the error follows every keystroke.
    await u.type(email, 'example.com');
    await waitFor(() => expect(screen.queryByText('Niepoprawny adres email')).not.toBeInTheDocument());
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('shows the password rule once the password field was left', async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetch);
    const u = userEvent.setup();
    renderApp('/auth');
    const password = await screen.findByLabelText(/^Hasło/);
    await u.type(password, 'short');
    expect(screen.queryByText('Hasło musi mieć minimum 8 znaków')).not.toBeInTheDocument();
    await u.click(screen.getByLabelText(/Adres e-mail/));
    expect(await screen.findByText('Hasło musi mieć minimum 8 znaków')).toBeInTheDocument();
    expect(describedText(password)).toContain('Hasło musi mieć minimum 8 znaków');
    await u.type(password, '1234');
    await waitFor(() =>
      expect(screen.queryByText('Hasło musi mieć minimum 8 znaków')).not.toBeInTheDocument(),
    );
  });

  it('shows every error on submit without sending anything', async () => {
    const api = stubFetch({});
    vi.stubGlobal('fetch', api.fetch);
    const u = userEvent.setup();
    renderApp('/auth');
    await u.click(await screen.findByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByText('Niepoprawny adres email')).toBeInTheDocument();
    expect(screen.getByText('Hasło musi mieć minimum 8 znaków')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/login')).toHaveLength(0);
  });

  it('stores the session, toasts and goes to the dashboard on success', async () => {
    const api = stubFetch({
      'GET /api/csrf-cookie': { status: 204 },
      'POST /api/login': { body: { data: { token: 'tok-1', user, message: 'ok' } } },
    });
    vi.stubGlobal('fetch', api.fetch);
    const u = userEvent.setup();
    const { router } = renderApp('/auth');
    await u.type(await screen.findByLabelText(/Adres e-mail/), ' Anna@Example.com ');
    await u.type(screen.getByLabelText(/^Hasło/), 'Haslo123!');
    await u.click(screen.getByRole('button', { name: 'Zaloguj się' }));

    expect(await screen.findByText('Zalogowano pomyślnie')).toBeInTheDocument();
    // The dashboard's lazy modules load before the navigation commits.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 10_000 });
    expect(getToken()).toBe('tok-1');
    expect(getUser()).toMatchObject({ email: 'anna@example.com' });
    expect(api.callsTo('POST', '/api/login')[0]!.body).toEqual({
      email: 'anna@example.com',
      password: 'Haslo123!',
      'cf-turnstile-response': 'local',
    });
  });

  it('toasts the reason of a refused login and stays', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'POST /api/login': {
          status: 400,
          body: { code: 'auth.invalid_credentials', message: 'x', errors: {} },
        },
      }).fetch,
    );
    const u = userEvent.setup();
    const { router } = renderApp('/auth/login');
    await u.type(await screen.findByLabelText(/Adres e-mail/), 'anna@example.com');
    await u.type(screen.getByLabelText(/^Hasło/), 'wrong-password');
    await u.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByText('Nieprawidłowe dane logowania')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(getToken()).toBeNull();
  });

  it("shows the server's message for an unknown code, and errors.general without one", async () => {
    let answer: StubAnswer<'POST /api/login'> = {
      status: 400,
      body: { code: 'auth.something_new', message: 'Serwer mówi nie', errors: {} },
    };
    vi.stubGlobal('fetch', stubFetch({ 'POST /api/login': () => answer }).fetch);
    const u = userEvent.setup();
    renderApp('/en/auth');
    await u.type(await screen.findByLabelText(/E-mail address/), 'anna@example.com');
    await u.type(screen.getByLabelText(/^Password/), 'whatever123');
    await u.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Serwer mówi nie')).toBeInTheDocument();

    answer = { status: 502, body: null };
    await u.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Something went wrong. Please try again later')).toBeInTheDocument();
  });

  it('a 200 answer without a token is a failure with its message', async () => {
    vi.stubGlobal(
      'fetch',
      // The API always sends a token with a 200; the form copes with an answer that has none.
      stubFetch({ 'POST /api/login': notFromTheApi({ body: { data: { message: 'Brak tokenu' } } }) }).fetch,
    );
    const u = userEvent.setup();
    renderApp('/auth');
    await u.type(await screen.findByLabelText(/Adres e-mail/), 'anna@example.com');
    await u.type(screen.getByLabelText(/^Hasło/), 'Haslo123!');
    await u.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByText('Brak tokenu')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('disables the submit button with a spinner while the call runs', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = stubFetch({ 'POST /api/login': { body: { data: { token: 't', user, message: '' } } } });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/login')) await gate;
      return api.fetch(input, init);
    });
    const u = userEvent.setup();
    renderApp('/auth');
    await u.type(await screen.findByLabelText(/Adres e-mail/), 'anna@example.com');
    await u.type(screen.getByLabelText(/^Hasło/), 'Haslo123!');
    const submit = screen.getByRole('button', { name: 'Zaloguj się' });
    await u.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByText('Zalogowano pomyślnie')).toBeInTheDocument();
  });

  it('has the autocomplete hints and the forgot-password link', async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetch);
    renderApp('/en/auth');
    expect(await screen.findByLabelText(/E-mail address/)).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/en/auth/forgot-password',
    );
    // No Google client id in the public config: no Google button and no Google script.
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });
});

describe('Google sign-in sandbox', () => {
  beforeAll(() => import('../routes/auth'), 30_000);
  beforeEach(() => localStorage.setItem('i18nextLng', 'pl'));
  afterEach(() => vi.unstubAllGlobals());

  it('asks which account to sign in as, then signs in with the token the server issued', async () => {
    const api = stubFetch({
      'GET /api/config/public': {
        body: { data: publicConfig({ googleClientId: null, sandbox: { active: true, googleSignIn: true } }) },
      },
      'GET /api/csrf-cookie': { status: 204 },
      'POST /api/sandbox/google/token': { body: { data: { credential: 'sandbox-id-token' } } },
      'POST /api/login/google': { body: { data: { token: 'session-token', user, message: '' } } },
    });
    vi.stubGlobal('fetch', api.fetch);
    const u = userEvent.setup();
    const { router } = renderApp('/auth');

    await u.click(await screen.findByRole('button', { name: 'Zaloguj się przez Google' }));
    const dialog = await screen.findByRole('dialog', { name: 'Google – tryb testowy' });
    expect(dialog).toHaveTextContent('logowanie jest symulowane');
    await u.click(screen.getByRole('button', { name: 'Kontynuuj' }));
    expect(await screen.findByText('Nieprawidłowy format adresu email')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/sandbox/google/token')).toHaveLength(0);

    await u.type(
      screen.getByLabelText(/Adres e-mail/, { selector: '[role="dialog"] input' }),
      'Anna@Gmail.com',
    );
    await u.type(screen.getByLabelText('Imię i nazwisko (opcjonalnie)'), 'Anna Nowak');
    await u.click(screen.getByRole('button', { name: 'Kontynuuj' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/dashboard/));
    expect(api.callsTo('POST', '/api/sandbox/google/token').map((c) => c.body)).toEqual([
      { email: 'anna@gmail.com', name: 'Anna Nowak' },
    ]);
    expect(api.callsTo('POST', '/api/login/google').map((c) => c.body)).toEqual([
      { token: 'sandbox-id-token', locale: 'pl' },
    ]);
    expect(getToken()).toBe('session-token');
    expect(getUser()?.email).toBe('anna@example.com');
    // The stand-in never loads Google's script.
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  it('a dialog whose code did not load says so, and the next press loads it again and opens it', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'GET /api/config/public': {
          body: {
            data: publicConfig({ googleClientId: null, sandbox: { active: true, googleSignIn: true } }),
          },
        },
        'GET /api/csrf-cookie': { status: 204 },
      }).fetch,
    );
    // A press soon after the page loaded, while the chunk could not be fetched (decision 062).
    const { sandboxDialog } = await import('./sandbox-google-sign-in');
    // A fresh loader: the test above loaded the dialog, and a finished load is kept.
    sandboxDialog.load = loadOnce(() => sandboxDialog.import().then((module) => module.SandboxGoogleDialog));
    const failing = vi
      .spyOn(sandboxDialog, 'import')
      .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const u = userEvent.setup();
    renderApp('/auth');

    const button = await screen.findByRole('button', { name: 'Zaloguj się przez Google' });
    await u.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nie udało się otworzyć okna logowania. Spróbuj ponownie.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).not.toHaveAttribute('aria-busy');

    failing.mockRestore();
    await u.click(button);
    expect(await screen.findByRole('dialog', { name: 'Google – tryb testowy' })).toBeInTheDocument();
    expect(
      screen.queryByText('Nie udało się otworzyć okna logowania. Spróbuj ponownie.'),
    ).not.toBeInTheDocument();
    logged.mockRestore();
  });

  it("names the refusal of an administrator's account instead of a generic Google error", async () => {
    const api = stubFetch({
      'GET /api/config/public': {
        body: { data: publicConfig({ googleClientId: null, sandbox: { active: true, googleSignIn: true } }) },
      },
      'GET /api/csrf-cookie': { status: 204 },
      'POST /api/sandbox/google/token': { body: { data: { credential: 'sandbox-id-token' } } },
      'POST /api/login/google': {
        status: 403,
        body: { code: 'auth.google_sandbox_admin', message: 'x', errors: {} },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const u = userEvent.setup();
    renderApp('/auth');
    await u.click(await screen.findByRole('button', { name: 'Zaloguj się przez Google' }));
    await screen.findByRole('dialog', { name: 'Google – tryb testowy' });
    await u.type(
      screen.getByLabelText(/Adres e-mail/, { selector: '[role="dialog"] input' }),
      'admin@substytut.local',
    );
    await u.click(screen.getByRole('button', { name: 'Kontynuuj' }));
    expect(
      await screen.findByText(
        'Administrator loguje się hasłem. Testowe logowanie przez Google nie otwiera konta administratora',
      ),
    ).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });
});
