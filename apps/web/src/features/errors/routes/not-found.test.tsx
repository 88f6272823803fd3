import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineFetch, renderApp } from '../../../../test/render-app';

describe('not-found page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', offlineFetch());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('renders for an unknown address and sends the visitor home after 5 seconds', async () => {
    // The not-found route is not lazy, so it renders synchronously (findBy* would wait on fake timers).
    const { router } = renderApp('/en/no-such-page');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/en');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('home page in 5 seconds');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(4999);
    });
    expect(router.state.location.pathname).toBe('/en/no-such-page');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    // The home page is a lazy chunk: the navigation commits once it has loaded, in real time.
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'), { timeout: 10_000 });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('serves /404 in the detected language and stops the timer when left early', async () => {
    localStorage.setItem('i18nextLng', 'pl');
    const { router } = renderApp('/404');
    expect(screen.getByRole('heading', { level: 1, name: 'Nie znaleziono strony' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('pl');

    await act(async () => {
      await router.navigate('/pl/faq');
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6000);
    });
    expect(router.state.location.pathname).toBe('/pl/faq');
  });

  it('offers a visible way to stay (WCAG 2.2.1): the redirect is then off', async () => {
    const { router } = renderApp('/pl/no-such-page');
    expect(screen.getByRole('status')).toHaveTextContent('Za 5 sekund przeniesiemy Cię na stronę główną.');
    await act(async () => screen.getByRole('button', { name: 'Zostań na tej stronie' }).click());
    expect(screen.getByRole('status')).toHaveTextContent(
      'Zostajesz na tej stronie: automatyczne przejście zostało wyłączone.',
    );
    expect(screen.queryByRole('button', { name: 'Zostań na tej stronie' })).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(router.state.location.pathname).toBe('/pl/no-such-page');
  });

  it('a key pressed on the page (a keyboard visitor on the way to the buttons) also stops it', async () => {
    const { router } = renderApp('/en/no-such-page');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    });
    expect(screen.getByRole('status')).toHaveTextContent('You stay on this page: the automatic redirect is off.');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(router.state.location.pathname).toBe('/en/no-such-page');
  });

  describe('Back', () => {
    const referrer = (value: string) =>
      Object.defineProperty(document, 'referrer', { value, configurable: true });
    afterEach(() => {
      referrer('');
      vi.restoreAllMocks();
    });

    it('goes back when the visitor came from a page of this site', async () => {
      window.history.pushState(null, '', window.location.href);
      referrer(`${window.location.origin}/pl/about`);
      const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
      const { router } = renderApp('/pl/no-such-page');
      await act(async () => screen.getByRole('button', { name: 'Wstecz' }).click());
      expect(back).toHaveBeenCalledTimes(1);
      expect(router.state.location.pathname).toBe('/pl/no-such-page');
    });

    it('goes home when the visitor came from elsewhere', async () => {
      window.history.pushState(null, '', window.location.href);
      referrer('https://www.google.com/search?q=substytut');
      const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
      const { router } = renderApp('/pl/no-such-page');
      await act(async () => screen.getByRole('button', { name: 'Wstecz' }).click());
      expect(back).not.toHaveBeenCalled();
      vi.useRealTimers();
      await waitFor(() => expect(router.state.location.pathname).toBe('/pl'), { timeout: 10_000 });
    });
  });
});
