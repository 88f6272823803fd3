import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setSession } from '@/lib/session';
import {
  completeProfile,
  createFakeDashboardApi,
  type FakeDashboardApi,
} from '../../../../test/dashboard-api';
import { renderApp } from '../../../../test/render-app';
import { failure, toResponse } from '../../../../test/fetch-stub';

const LOAD = { timeout: 15_000 };
let api: FakeDashboardApi;

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'pl');
  setSession('token', { id: 1, email: 'jan@example.pl', role: 'user' });
  api = createFakeDashboardApi(completeProfile({ status: 'active', stripeAccountId: 'acct_1' }), {
    invoice: {
      invoice_nip: '5260250995',
      invoice_company: 'Kancelaria Kowalski',
      invoice_street: 'Prosta 1',
      invoice_postcode: '00-950',
      invoice_city: 'Warszawa',
      invoice_bank_account: null,
    },
  });
  vi.stubGlobal('fetch', api.fetch);
  window.scrollTo = () => undefined;
  document.cookie = 'sidebar_state=; max-age=0; path=/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('dashboard layout', () => {
  it('opens the profile tab for /dashboard and lists the three tabs', async () => {
    const { router } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Twoja wizytówka' }, LOAD);
    expect(router.state.location.pathname).toBe('/dashboard/profile');
    const nav = screen.getByRole('navigation', { name: 'Zakładki panelu' });
    expect(nav).toHaveTextContent('Twoja wizytówka');
    expect(nav).toHaveTextContent('Dane do faktury');
    expect(nav).toHaveTextContent('Historia ofert');
    expect(screen.getByRole('link', { name: 'Twoja wizytówka' })).toHaveAttribute('aria-current', 'page');
  });

  it('collapses with Ctrl/Cmd+B and remembers the state in a cookie', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard/profile');
    const toggle = await screen.findByRole('button', { name: 'Zwiń panel boczny' }, LOAD);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Control>}b{/Control}');
    expect(screen.getByRole('button', { name: 'Rozwiń panel boczny' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(document.cookie).toContain('sidebar_state=false');
    expect(screen.getByRole('complementary', { name: 'Menu panelu' })).toHaveAttribute(
      'data-state',
      'collapsed',
    );

    await user.keyboard('{Meta>}b{/Meta}');
    expect(screen.getByRole('button', { name: 'Zwiń panel boczny' })).toBeInTheDocument();
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('starts collapsed when the cookie says so', async () => {
    document.cookie = 'sidebar_state=false; path=/';
    renderApp('/dashboard/profile');
    expect(await screen.findByRole('button', { name: 'Rozwiń panel boczny' }, LOAD)).toBeInTheDocument();
    // Icons only: the tab keeps its name for assistive technology.
    expect(screen.getByRole('link', { name: 'Dane do faktury' })).toBeInTheDocument();
  });

  it('logs out and goes to /auth/login', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/profile');
    await user.click(await screen.findByRole('button', { name: 'Wyloguj się' }, LOAD));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(getToken()).toBeNull();
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/logout')).toBe(true);
  });

  it('goes to /auth when the API answers 401 (spec 4), in the language of the page', async () => {
    vi.stubGlobal('fetch', async () =>
      toResponse(failure(401, { message: 'Unauthenticated', code: 'auth.unauthenticated', errors: {} })),
    );
    const { router } = renderApp('/en/dashboard/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/auth'), LOAD);
    expect(getToken()).toBeNull();
  });
});

describe('billing tab', () => {
  it('is prefilled, saves the invoice data and confirms it', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard/billing');
    await screen.findByRole('heading', { level: 1, name: 'Dane do faktury' }, LOAD);
    const company = await screen.findByLabelText(/^Nazwa firmy/);
    expect(company).toHaveValue('Kancelaria Kowalski');
    expect(screen.getByLabelText(/^Kod pocztowy/)).toHaveValue('00-950');

    await user.clear(company);
    await user.type(company, 'Kancelaria Nowa');
    await user.type(screen.getByLabelText(/^Numer rachunku bankowego/), 'PL61 1090 1014 0000 0712 1981 2874');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));

    // The spec's 'Dane zostaly zapisane' with its typo mended (issue 34, decision 038).
    expect(await screen.findByText('Dane zostały zapisane')).toBeInTheDocument();
    expect(api.invoice).toMatchObject({
      invoice_company: 'Kancelaria Nowa',
      invoice_bank_account: 'PL61109010140000071219812874',
    });
    // Saved, the account number reads in groups of four, as typed or not.
    expect(screen.getByLabelText(/^Numer rachunku bankowego/)).toHaveValue(
      'PL61 1090 1014 0000 0712 1981 2874',
    );
  });

  it('fills in the company from a NIP typed by the lawyer, never over the saved data on load (issue 34)', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard/billing');
    const nip = await screen.findByLabelText(/^NIP/, {}, LOAD);
    // The saved NIP is not looked up again: the saved company stays as the lawyer wrote it.
    expect(screen.getByLabelText(/^Nazwa firmy/)).toHaveValue('Kancelaria Kowalski');
    expect(api.calls.filter((c) => c.path === '/api/public/nip')).toHaveLength(0);

    await user.clear(nip);
    await user.type(nip, '779-236-42-75');
    expect(
      await screen.findByText(
        'Uzupełniliśmy dane firmy na podstawie numeru NIP. Sprawdź je przed zapisaniem.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nazwa firmy/)).toHaveValue('Kancelaria Adwokacka Nowak');
    expect(screen.getByLabelText(/^Ulica i numer/)).toHaveValue('Święty Marcin 29/8');
    expect(screen.getByLabelText(/^Kod pocztowy/)).toHaveValue('61-806');
    expect(screen.getByLabelText(/^Miejscowość/)).toHaveValue('Poznań');

    // A NIP the registry does not know: the fields stay as they are, and the page says so.
    await user.clear(nip);
    await user.type(nip, '1234563218');
    expect(await screen.findByText(/Nie znaleźliśmy firmy o tym numerze NIP/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nazwa firmy/)).toHaveValue('Kancelaria Adwokacka Nowak');
  });

  it('groups a stored account number and formats a postcode typed as five digits', async () => {
    const user = userEvent.setup();
    api.invoice = { ...api.invoice, invoice_bank_account: 'PL61109010140000071219812874' };
    renderApp('/dashboard/billing');
    const account = await screen.findByLabelText(/^Numer rachunku bankowego/, {}, LOAD);
    expect(account).toHaveValue('PL61 1090 1014 0000 0712 1981 2874');
    const postcode = screen.getByLabelText(/^Kod pocztowy/);
    await user.clear(postcode);
    await user.type(postcode, '00916');
    expect(postcode).toHaveValue('00-916');
  });

  it('shows field errors and does not send invalid data', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard/billing');
    const postcode = await screen.findByLabelText(/^Kod pocztowy/, undefined, LOAD);
    await user.clear(postcode);
    // Five digits get their dash as they are typed (issue 34): four are still refused.
    await user.type(postcode, '0095');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Kod pocztowy musi być w formacie XX-XXX')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('chooses who issues the invoices: a KSeF token is required, sent once and never shown', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard/billing');
    await screen.findByRole('heading', { level: 2, name: 'Wystawianie faktur' }, LOAD);
    const prepare = await screen.findByRole('radio', { name: /Wystawiam je sam/ }, LOAD);
    expect(screen.getByText(/faktury trafiają do wbudowanego, testowego KSeF/)).toBeInTheDocument();
    expect(prepare).toBeChecked();
    expect(screen.queryByLabelText(/^Token KSeF/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Serwis wystawia faktury w moim imieniu/ }));
    const token = screen.getByLabelText(/^Token KSeF/);
    expect(token).toHaveAttribute('type', 'password');
    const save = screen.getByRole('button', { name: 'Zapisz ustawienia faktur' });
    await user.click(save);
    expect(
      await screen.findByText('Podaj token KSeF, aby serwis wystawiał faktury w Twoim imieniu'),
    ).toBeInTheDocument();
    expect(api.settingsSent).toEqual([]);

    await user.type(token, 'short');
    await user.click(save);
    expect(await screen.findByText(/Token KSeF wygląda na niepełny/)).toBeInTheDocument();
    expect(api.settingsSent).toEqual([]);

    const secret = 'ksef-token-0123456789-ABCDEFGHIJ';
    await user.clear(token);
    await user.type(token, secret);
    const pattern = screen.getByLabelText(/^Wzór numeru faktury/);
    expect(pattern).toHaveValue('FV/{nr}/{rok}');
    await user.clear(pattern);
    // user-event types a literal '{' as '{{'
    await user.type(pattern, 'FV/ADW/{{nr}/{{rok}');
    expect(screen.getByText(/FV\/ADW\/1\/\d{4}/)).toBeInTheDocument();
    await user.click(save);
    expect(await screen.findByText('Ustawienia faktur zostały zapisane')).toBeInTheDocument();
    expect(api.settingsSent).toEqual([
      { mode: 'issue', number_pattern: 'FV/ADW/{nr}/{rok}', ksef_token: secret },
    ]);
    // The field is emptied and the stored token is only named, with its date.
    expect(screen.getByLabelText(/^Token KSeF/)).toHaveValue('');
    expect(screen.getByText(/Token zapisany 24\.11\.2026/)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(secret);

    // Saving again keeps the stored token without sending one.
    await user.click(save);
    await waitFor(() => expect(api.settingsSent).toHaveLength(2));
    expect(api.settingsSent[1]).toEqual({ mode: 'issue', number_pattern: 'FV/ADW/{nr}/{rok}' });
  });

  it('refuses a pattern without the number before sending it, with the shared rule', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard/billing');
    const pattern = await screen.findByLabelText(/^Wzór numeru faktury/, undefined, LOAD);
    await user.clear(pattern);
    await user.type(pattern, 'FV/{{rok}');
    await user.click(screen.getByRole('button', { name: 'Zapisz ustawienia faktur' }));
    expect(await screen.findByText(/Wzór numeru musi zawierać \{nr\}/)).toBeInTheDocument();
    await user.clear(pattern);
    await user.type(pattern, 'FV 1/{{nr}');
    await user.click(screen.getByRole('button', { name: 'Zapisz ustawienia faktur' }));
    expect(await screen.findByText(/Wzór numeru może zawierać tylko litery/)).toBeInTheDocument();
    expect(api.settingsSent).toEqual([]);
  });

  it('reports a failed load with the general error', async () => {
    api.failing.add('invoice');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/dashboard/billing');
    expect(
      await screen.findByText('Wystąpił błąd. Spróbuj ponownie później', undefined, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nazwa firmy/)).toHaveValue('');
  });
});
