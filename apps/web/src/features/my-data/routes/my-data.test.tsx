import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../../test/fetch-stub';
import { renderApp } from '../../../../test/render-app';

const LOAD = { timeout: 15_000 };
beforeEach(() => {
  localStorage.setItem('i18nextLng', 'pl');
  window.scrollTo = () => undefined;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a payer's data requests", () => {
  it('sends the request and shows the same answer for any address', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      'GET /api/csrf-cookie': { status: 204 },
      'POST /api/data-requests': {
        body: {
          data: {
            success: true,
            message: 'Jeśli przechowujemy dane związane z tym adresem, wysłaliśmy link.',
          },
        },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/my-data');
    await screen.findByRole('heading', { level: 1, name: 'Twoje dane' }, LOAD);
    await user.click(screen.getByRole('button', { name: 'Wyślij prośbę' }));
    expect(await screen.findByText('Adres Email jest niepoprawny')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/data-requests')).toHaveLength(0);

    await user.type(screen.getByLabelText(/Adres e-mail użyty przy płatności/), 'klient@example.com');
    await user.click(screen.getByRole('radio', { name: 'Usunięcia moich danych' }));
    await user.click(screen.getByRole('button', { name: 'Wyślij prośbę' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Jeśli przechowujemy dane');
    expect(api.callsTo('POST', '/api/data-requests').map((c) => c.body)).toEqual([
      { email: 'klient@example.com', kind: 'delete', locale: 'pl' },
    ]);
  });

  it('does nothing when the mailed link is opened, only when confirmed, and names a used link', async () => {
    const user = userEvent.setup();
    let used = false;
    const api = stubFetch({
      'GET /api/csrf-cookie': { status: 204 },
      'POST /api/data-requests/confirm': () => {
        if (used) return { status: 410, body: { code: 'my_data.request_invalid', message: 'x', errors: {} } };
        used = true;
        return { body: { data: { kind: 'delete', message: 'Usunęliśmy Twoje dane.' } } };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/my-data/confirm/sekret-123');
    const confirm = await screen.findByRole('button', { name: 'Potwierdzam' }, LOAD);
    expect(api.callsTo('POST', '/api/data-requests/confirm')).toHaveLength(0);
    await user.click(confirm);
    expect(await screen.findByText('Usunęliśmy Twoje dane.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/data-requests/confirm').map((c) => c.body)).toEqual([
      { token: 'sekret-123', locale: 'pl' },
    ]);
  });

  it('tells that a used or expired link no longer works', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      'GET /api/csrf-cookie': { status: 204 },
      'POST /api/data-requests/confirm': {
        status: 410,
        body: { code: 'my_data.request_invalid', message: 'x', errors: {} },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/my-data/confirm/stary');
    await user.click(await screen.findByRole('button', { name: 'Potwierdzam' }, LOAD));
    expect(await screen.findByRole('alert')).toHaveTextContent('Link wygasł lub został już użyty');
  });
});

describe("the data-export mail's download page", () => {
  it('downloads nothing when opened; the button downloads once, and a used link is named', async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    let used = false;
    const api = stubFetch({
      'GET /api/csrf-cookie': { status: 204 },
      'POST /api/data-export/:token': () => {
        if (used)
          return { status: 410, body: { code: 'my_data.export_unavailable', message: 'x', errors: {} } };
        used = true;
        return { body: {} };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
    renderApp('/my-data/export/sekret-456');
    const button = await screen.findByRole('button', { name: 'Pobierz plik ZIP' }, LOAD);
    expect(api.callsTo('POST', '/api/data-export')).toHaveLength(0);
    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('Plik został pobrany.');
    const [call] = api.callsTo('POST', '/api/data-export/sekret-456');
    expect(call?.headers['x-xsrf-token']).toBe('xsrf-1');

    renderApp('/my-data/export/sekret-456');
    await user.click((await screen.findAllByRole('button', { name: 'Pobierz plik ZIP' }, LOAD)).at(-1)!);
    expect(await screen.findByText(/Ten link do eksportu danych został już użyty/)).toBeInTheDocument();
  });
});
