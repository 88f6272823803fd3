import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../../test/browser-gaps';
import { stubFetch, type StubAnswer } from '../../../../test/fetch-stub';
import { renderApp } from '../../../../test/render-app';

// Lazy route chunks load slowly on a busy two-core machine; waiting longer costs nothing when fast.
configure({ asyncUtilTimeout: 5_000 });
describe('register tab', () => {
  beforeAll(() => import('../routes/auth'), 30_000);
  beforeEach(() => localStorage.setItem('i18nextLng', 'pl'));
  afterEach(() => vi.unstubAllGlobals());

  it('opens from /auth/register, and the tab buttons and in-form links switch tabs', async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetch);
    const u = userEvent.setup();
    renderApp('/auth/register');
    expect(await screen.findByRole('tab', { name: 'Rejestracja' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Załóż konto' })).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(screen.getByRole('tab', { name: 'Logowanie' })).toHaveAttribute('aria-selected', 'true');
    await u.click(screen.getByRole('button', { name: 'Zarejestruj się' }));
    expect(screen.getByRole('tab', { name: 'Rejestracja' })).toHaveAttribute('aria-selected', 'true');
    await u.click(screen.getByRole('tab', { name: 'Logowanie' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Zaloguj się' })).toBeInTheDocument();
  });

  it('stays quiet while typing, validates on submit, then on every change', async () => {
    const api = stubFetch({});
    vi.stubGlobal('fetch', api.fetch);
    const u = userEvent.setup();
    renderApp('/auth/register');
    const email = await screen.findByLabelText(/Adres e-mail/);
    const password = screen.getByLabelText(/^Hasło/);

    await u.type(email, 'nie-email');
    await u.type(password, 'abc');
    await u.click(email);
    expect(screen.queryByText('Nieprawidłowy format adresu email')).not.toBeInTheDocument();
    expect(screen.queryByText('Hasło musi mieć minimum 8 znaków')).not.toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Zarejestruj się' }));
    expect(await screen.findByText('Nieprawidłowy format adresu email')).toBeInTheDocument();
    expect(screen.getByText('Hasło musi mieć minimum 8 znaków')).toBeInTheDocument();
    expect(screen.getByText('Musisz zaakceptować regulamin')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/register')).toHaveLength(0);

    const terms = screen.getByRole('checkbox');
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(terms.getAttribute('aria-describedby')!)).toHaveTextContent(
      'Musisz zaakceptować regulamin',
    );

    await u.clear(email);
    await u.type(email, 'jan@example.com');
    await waitFor(() =>
      expect(screen.queryByText('Nieprawidłowy format adresu email')).not.toBeInTheDocument(),
    );
    await u.click(terms);
    await waitFor(() => expect(screen.queryByText('Musisz zaakceptować regulamin')).not.toBeInTheDocument());
    expect(screen.getByText('Hasło musi mieć minimum 8 znaków')).toBeInTheDocument();
  });

  it('shows the password hint and links terms and privacy in a new tab', async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetch);
    renderApp('/en/auth/register');
    const password = await screen.findByLabelText(/^Password/);
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    // The hint states the rule the server enforces (decision 015).
    const described = password
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(
      'At least 8 characters. The password must not be easy to guess: use a few unrelated words and avoid names, dates, common passwords and your email address.',
    );
    const label = screen.getByText(/I accept the/);
    const terms = within(label).getByRole('link', { name: /Terms and Conditions/ });
    expect(terms).toHaveAttribute('href', '/en/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(within(label).getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute(
      'href',
      '/en/privacy',
    );
  });

  it('refuses a guessable password live, with a strength meter in words, and sends nothing', async () => {
    const api = stubFetch({});
    vi.stubGlobal('fetch', api.fetch);
    const u = userEvent.setup();
    renderApp('/auth/register');
    await u.type(await screen.findByLabelText(/Adres e-mail/), 'jan.kowalski@example.com');
    const password = screen.getByLabelText(/^Hasło/);
    await u.type(password, '12345678');
    expect(await screen.findByText('Siła hasła: bardzo słabe, łatwe do odgadnięcia')).toHaveAttribute(
      'aria-live',
      'polite',
    );
    await u.click(screen.getByRole('checkbox'));
    await u.click(screen.getByRole('button', { name: 'Zarejestruj się' }));
    const weak =
      'Hasło jest zbyt łatwe do odgadnięcia: dodaj kilka słów lub znaków, unikaj imion, dat, popularnych haseł i części adresu email';
    expect(await screen.findByText(weak)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Siła hasła: bardzo słabe'));

    // The account's own name is weak for it; a few unrelated words are fine.
    await u.clear(password);
    await u.type(password, 'kowalski2024');
    expect(await screen.findByText(weak)).toBeInTheDocument();
    await u.clear(password);
    await u.type(password, 'Kolorowy-Rower-Nad-Wisłą');
    await waitFor(() => expect(screen.queryByText(weak)).not.toBeInTheDocument());
    expect(screen.getByText('Siła hasła: bardzo dobre')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/register')).toHaveLength(0);
  });

  it('sends terms: true with the bot-check default and the language, then shows the success page', async () => {
    const api = stubFetch({
      'POST /api/register': { body: { data: { success: true, message: 'ok' } } },
    });
    vi.stubGlobal('fetch', api.fetch);
    const u = userEvent.setup();
    const { router } = renderApp('/en/auth/register');
    await u.type(await screen.findByLabelText(/E-mail address/), 'Jan@Example.com');
    await u.type(screen.getByLabelText(/^Password/), 'Haslo-Testowe-42!');
    await u.click(screen.getByRole('checkbox'));
    await u.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/en/auth/register-success'), {
      timeout: 10_000,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Registration successful' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/en/auth');
    expect(api.callsTo('POST', '/api/register')[0]!.body).toEqual({
      email: 'jan@example.com',
      password: 'Haslo-Testowe-42!',
      terms: true,
      'cf-turnstile-response': 'local',
      locale: 'en',
    });
  });

  it("toasts the server's reason, or messages.error", async () => {
    let answer: StubAnswer<'POST /api/register'> = {
      status: 409,
      body: { code: 'auth.email_taken', message: 'x', errors: {} },
    };
    vi.stubGlobal('fetch', stubFetch({ 'POST /api/register': () => answer }).fetch);
    const u = userEvent.setup();
    renderApp('/auth/register');
    await u.type(await screen.findByLabelText(/Adres e-mail/), 'jan@example.com');
    await u.type(screen.getByLabelText(/^Hasło/), 'Haslo-Testowe-42!');
    await u.click(screen.getByRole('checkbox'));
    await u.click(screen.getByRole('button', { name: 'Zarejestruj się' }));
    expect(await screen.findByText('Ten adres e-mail jest już zajęty')).toBeInTheDocument();

    // A 2xx answer with success false is a failure too; without a message it reads messages.error.
    answer = { status: 200, body: { data: { success: false, message: '' } } };
    await u.click(screen.getByRole('button', { name: 'Zarejestruj się' }));
    expect(await screen.findByText('Wystąpił błąd')).toBeInTheDocument();
  });
});
