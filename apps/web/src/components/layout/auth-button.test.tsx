import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '@/lib/storage-keys';
import { publicConfig, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

const BOOKING = 'https://example.com/umow-spotkanie';

function serve() {
  vi.stubGlobal(
    'fetch',
    stubFetch({ 'GET /api/config/public': { body: { data: publicConfig({ bookingUrl: BOOKING }) } } }).fetch,
  );
}

describe('the login link (issue 34, decision 038)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('the header and the footer open /auth; the booking page stays behind "Umów założenie profilu"', async () => {
    serve();
    renderApp('/pl');
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Zaloguj się' })).toHaveAttribute('href', '/pl/auth');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Zaloguj się' })).toHaveAttribute('href', '/pl/auth');
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: 'Umów założenie profilu' })[0]).toHaveAttribute(
        'href',
        BOOKING,
      ),
    );
    expect(document.querySelectorAll(`a[href="${BOOKING}"]`)).toHaveLength(2);
  });

  it('with a stored token both lead to the dashboard, in English too', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'token');
    serve();
    renderApp('/en/about');
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/en/dashboard',
    );
    expect(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Dashboard' }),
    ).toHaveAttribute('href', '/en/dashboard');
  });
});
