import type { DataExportStatus } from '@substytut/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setSession } from '@/lib/session';
import { completeProfile } from '../../../../test/dashboard-api';
import { stubFetch, type StubAnswer, type StubRoutes } from '../../../../test/fetch-stub';
import { renderApp } from '../../../../test/render-app';

const LOAD = { timeout: 15_000 };
const base: StubRoutes = {
  'GET /api/csrf-cookie': { status: 204 },
  'GET /api/user/profile': {
    body: { data: completeProfile({ status: 'active', stripeAccountId: 'acct_1' }) },
  },
  'GET /api/user/offer': { body: { data: [] } },
};
const allowed: StubAnswer<'GET /api/me/deletion'> = {
  body: { data: { allowed: true, code: null, message: null, confirm_with: 'password', invoices: 0 } },
};

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'pl');
  setSession('token', { id: 1, email: 'jan@example.pl', role: 'user' });
  window.scrollTo = () => undefined;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Moje dane', () => {
  it('starts an export and shows its progress to screen readers', async () => {
    const user = userEvent.setup();
    let status: DataExportStatus | null = null;
    const api = stubFetch({
      ...base,
      'GET /api/me/deletion': allowed,
      'GET /api/me/data-export': () => ({ body: { data: status } }),
      'POST /api/me/data-export': () => {
        status = {
          id: 'e1',
          status: 'pending',
          progress: 40,
          created_at: '2026-01-01T10:00:00Z',
          expires_at: null,
          size: null,
        };
        return { body: { data: status } };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/dashboard/data');
    await screen.findByRole('heading', { level: 1, name: 'Moje dane' }, LOAD);
    expect(screen.getByRole('link', { name: 'Moje dane' })).toHaveAttribute('aria-current', 'page');

    await user.click(await screen.findByRole('button', { name: 'Przygotuj eksport danych' }));
    const bar = await screen.findByRole('progressbar', { name: 'Przygotowujemy Twoje dane…' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(api.callsTo('POST', '/api/me/data-export')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Przygotuj eksport danych' })).toBeNull();
  });

  it("gives the ready export's expiry as a day and an hour, 28.11.2026 (issue 34)", async () => {
    const ready = {
      id: 'e1',
      status: 'ready' as const,
      progress: 100,
      created_at: '2026-11-27T10:00:00Z',
      expires_at: '2026-11-28T13:35:00Z',
      size: 2048,
    };
    const api = stubFetch({
      ...base,
      'GET /api/me/deletion': allowed,
      'GET /api/me/data-export': { body: { data: ready } },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/dashboard/data');
    expect(
      await screen.findByText(
        'Plik jest gotowy. Możesz go pobrać jeden raz, do 28.11.2026, godz. 14:35.',
        {},
        LOAD,
      ),
    ).toBeInTheDocument();
  });

  it('first offers the invoice archive and says where the copies for the tax office live (issue 34)', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      ...base,
      'GET /api/me/data-export': { body: { data: null } },
      'GET /api/me/deletion': {
        body: { data: { ...allowed.body.data, invoices: 3 } },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/dashboard/data');
    const section = await screen.findByRole('region', { name: 'Najpierw pobierz swoje faktury' }, LOAD);
    expect(section).toHaveTextContent('korekty i faktury prowizji serwisu): 3.');
    expect(section).toHaveTextContent('kopie faktur i płatności przechowujemy dla urzędu skarbowego przez 5 lat');
    expect(screen.getByRole('link', { name: 'Zasady przechowywania danych' })).toHaveAttribute(
      'href',
      '/privacy/data',
    );
    // It comes before the deletion's own form.
    const remove = screen.getByRole('button', { name: 'Usuń konto na zawsze' });
    const archive = screen.getByRole('button', { name: 'Pobierz archiwum faktur (ZIP)' });
    expect(archive.compareDocumentPosition(remove) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(archive);
    await waitFor(() => expect(api.callsTo('GET', '/api/me/invoice-archive')).toHaveLength(1));
  });

  it('offers no invoice archive to an account without invoices', async () => {
    const api = stubFetch({
      ...base,
      'GET /api/me/data-export': { body: { data: null } },
      'GET /api/me/deletion': allowed,
    });
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/dashboard/data');
    await screen.findByRole('button', { name: 'Usuń konto na zawsze' }, LOAD);
    expect(screen.queryByRole('button', { name: 'Pobierz archiwum faktur (ZIP)' })).toBeNull();
  });

  it('shows why the account cannot be deleted, and offers no form', async () => {
    const api = stubFetch({
      ...base,
      'GET /api/me/data-export': { body: { data: null } },
      'GET /api/me/deletion': {
        body: {
          data: {
            allowed: false,
            code: 'my_data.unsettled_offers',
            message: 'x',
            confirm_with: 'password',
            invoices: 0,
          },
        },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/dashboard/data');
    const alert = await screen.findByText(
      /masz opłacone zlecenie, które nie zostało jeszcze rozliczone/,
      {},
      LOAD,
    );
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByLabelText(/Wpisz hasło/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Usuń konto na zawsze' })).toBeNull();
  });

  it('asks for the box and the password, shows a wrong password, then deletes and signs out', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      ...base,
      'GET /api/me/data-export': { body: { data: null } },
      'GET /api/me/deletion': allowed,
      'POST /api/me/delete': (call) =>
        (call.body as { password: string }).password === 'Dobre-haslo-1'
          ? { body: { data: { success: true, message: 'Konto zostało usunięte' } } }
          : {
              status: 403,
              body: { code: 'my_data.wrong_password', message: 'Nieprawidłowe hasło', errors: {} },
            },
    });
    vi.stubGlobal('fetch', api.fetch);
    const { router } = renderApp('/dashboard/data');
    const submit = await screen.findByRole('button', { name: 'Usuń konto na zawsze' }, LOAD);

    await user.click(submit);
    expect(await screen.findByText('Zaznacz, że rozumiesz skutki usunięcia konta.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/me/delete')).toHaveLength(0);

    await user.click(
      screen.getByRole('checkbox', { name: 'Rozumiem, że usunięcia konta nie można cofnąć.' }),
    );
    await user.type(screen.getByLabelText(/Wpisz hasło, aby potwierdzić/), 'Złe-haslo-1');
    await user.click(submit);
    expect(await screen.findByText('Nieprawidłowe hasło')).toBeInTheDocument();
    expect(getToken()).toBe('token');

    await user.clear(screen.getByLabelText(/Wpisz hasło, aby potwierdzić/));
    await user.type(screen.getByLabelText(/Wpisz hasło, aby potwierdzić/), 'Dobre-haslo-1');
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(getToken()).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect(api.callsTo('POST', '/api/me/delete').map((c) => c.body)).toEqual([
      { password: 'Złe-haslo-1' },
      { password: 'Dobre-haslo-1' },
    ]);
  });
});
