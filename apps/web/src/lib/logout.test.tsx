import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { createI18n } from '@/lib/i18n';
import { getToken, setSession } from '@/lib/session';
import { stubFetch } from '../../test/fetch-stub';
import { useLogout } from './logout';

function LogoutButton({ target }: { target?: string }) {
  const { logout, isPending } = useLogout();
  return (
    <button type="button" disabled={isPending} onClick={() => void logout(target)}>
      logout
    </button>
  );
}

function renderAt(url: string, target?: string) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <LogoutButton target={target} /> },
      { path: '/en/dashboard', element: <LogoutButton target={target} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppProviders i18n={createI18n('pl')}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppProviders>,
  );
  return router;
}

describe('useLogout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('calls POST /api/logout with the token, clears the session and goes to /auth', async () => {
    const api = stubFetch({ 'POST /api/logout': { body: { data: { success: true, message: 'ok' } } } });
    vi.stubGlobal('fetch', api.fetch);
    setSession('tok', { email: 'a@example.com' });
    const router = renderAt('/dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(api.callsTo('POST', '/api/logout')[0]!.headers.authorization).toBe('Bearer tok');
  });

  it('goes to the given target, keeping the language prefix', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'POST /api/logout': { body: { data: { success: true, message: 'ok' } } } }).fetch,
    );
    setSession('tok');
    const router = renderAt('/en/dashboard', '/auth/login');
    await userEvent.click(screen.getByRole('button', { name: 'logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/auth/login'));
  });

  it('only logs a failure and keeps the session (spec 8)', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'POST /api/logout': { status: 503, body: { code: 'maintenance', message: '' } } }).fetch,
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setSession('tok');
    const router = renderAt('/dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'logout' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('logout failed', expect.anything()));
    expect(getToken()).toBe('tok');
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
