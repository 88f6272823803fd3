import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineFetch, renderApp } from '../../../../test/render-app';
import { CONSENT_COOKIE } from '../consent-cookie';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

describe('cookie consent banner', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', offlineFetch());
    clearCookies();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearCookies();
  });

  it('shows until accepted, stores the cookie for 365 days and leaves the page untouched', async () => {
    const setCookie = vi.spyOn(document, 'cookie', 'set');
    renderApp('/pl/about');
    const banner = await screen.findByRole('region', { name: 'Pliki cookie' }, { timeout: 10_000 });
    expect(within(banner).getByRole('link', { name: 'Polityka prywatności' })).toHaveAttribute('href', '/pl/privacy');
    expect(within(banner).getByRole('link', { name: 'Nie akceptuję' })).toHaveAttribute('href', 'https://www.google.com');
    expect(document.body.style.paddingBottom).not.toBe('');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Akceptuję niezbędne' })));
    expect(banner).not.toBeInTheDocument();
    expect(document.cookie).toContain(`${CONSENT_COOKIE}=necessary`);
    expect(setCookie).toHaveBeenCalledWith(expect.stringContaining(`Max-Age=${365 * 24 * 60 * 60}`));
    expect(document.body.style.paddingBottom).toBe('');
    expect(document.querySelector('[aria-hidden="true"] main, [inert]')).toBeNull();
  }, 20_000);

  it('stays away when the cookie exists', async () => {
    document.cookie = `${CONSENT_COOKIE}=necessary; Path=/`;
    renderApp('/en/faq');
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' }, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull();
  }, 20_000);
});
