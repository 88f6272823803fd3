import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchLanguageChoices } from '@/lib/language-detection';
import { setSession } from '@/lib/session';
import { offlineFetch, renderApp } from '../../test/render-app';

describe('router', () => {
  // As the entry script does: the language switch's choice is kept by a document listener.
  beforeAll(() => watchLanguageChoices(document));
  beforeEach(() => {
    vi.stubGlobal('fetch', offlineFetch());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('renders the prefixed language and names it in <html lang>', async () => {
    renderApp('/en');
    // Every page, the home page too, is a lazy chunk with its translations; slow on a busy machine.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'The key to convenient and safe substitutions' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
  });

  it('switches language keeping the page', async () => {
    const { router } = renderApp('/pl/pricing');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prosty cennik, bez ukrytych opłat' }),
    ).toBeInTheDocument();
    const en = screen.getByRole('link', { name: /^EN/ });
    expect(en).toHaveAttribute('href', '/en/pricing');
    await act(async () => en.click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/pricing'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Simple pricing, no hidden fees' }),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
  });

  it('keeps the language prefix in the logo link', async () => {
    renderApp('/en/faq');
    expect(await screen.findByRole('link', { name: 'Substytut – home page' })).toHaveAttribute('href', '/en');
  });

  it('shows the login button without a token and Panel with one', async () => {
    localStorage.setItem('i18nextLng', 'pl');
    const { unmount } = renderApp('/');
    expect(await screen.findAllByRole('link', { name: 'Zaloguj się' })).not.toHaveLength(0);
    unmount();
    setSession('token');
    renderApp('/');
    const panel = await screen.findAllByRole('link', { name: 'Panel' });
    expect(panel[0]).toHaveAttribute('href', '/dashboard');
  });

  it('sends a visitor without a token from the dashboard to /auth/login, keeping the prefix', async () => {
    const { router } = renderApp('/en/dashboard/profile');
    // The dashboard's lazy chunk is loaded before the guard renders; transforming it takes a while here.
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/en/auth/login');
    expect(router.state.historyAction).toBe('REPLACE');
  }, 15_000);

  it('renders an unprefixed address in the browser language when nothing is stored', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['pl-PL', 'en']);
    renderApp('/');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Klucz do wygodnych i bezpiecznych zastępstw' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('pl');
  });

  it('sends a visitor with a token from /auth to the dashboard', async () => {
    setSession('token');
    const { router } = renderApp('/auth');
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    // /dashboard itself opens the profile tab.
    expect(router.state.location.pathname).toBe('/dashboard/profile');
  }, 15_000);

  it('sends a non-admin away from /admin', async () => {
    setSession('token', { role: 'user' });
    const { router } = renderApp('/admin');
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/');
  });
});
