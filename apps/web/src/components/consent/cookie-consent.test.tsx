import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineFetch, renderApp } from '../../../test/render-app';
import { HEAD_SCRIPT } from '@/app/head-script';
import { CONSENT_COOKIE, CONSENT_PENDING_ATTRIBUTE } from './consent-cookie';

/** Runs the document's head script (app/root.tsx), as the browser does before the first paint. */
function runHeadScript() {
  new Function(HEAD_SCRIPT)();
}

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
    document.documentElement.removeAttribute(CONSENT_PENDING_ATTRIBUTE);
  });

  it('is flagged as pending before the first paint while the consent cookie is missing', () => {
    document.cookie = 'other_cookie_consent=1; Path=/';
    runHeadScript();
    expect(document.documentElement).toHaveAttribute(CONSENT_PENDING_ATTRIBUTE);

    document.documentElement.removeAttribute(CONSENT_PENDING_ATTRIBUTE);
    document.cookie = `${CONSENT_COOKIE}=necessary; Path=/`;
    runHeadScript();
    expect(document.documentElement).not.toHaveAttribute(CONSENT_PENDING_ATTRIBUTE);
  });

  it('shows until accepted, stores the cookie for 365 days and leaves the page untouched', async () => {
    const setCookie = vi.spyOn(document, 'cookie', 'set');
    renderApp('/pl/about');
    const banner = await screen.findByRole('region', { name: 'Pliki cookie' }, { timeout: 10_000 });
    expect(within(banner).getByRole('link', { name: 'Polityka prywatności' })).toHaveAttribute('href', '/pl/privacy');
    expect(within(banner).getByRole('link', { name: 'Nie akceptuję' })).toHaveAttribute('href', 'https://www.google.com');
    expect(document.body.style.paddingBottom).not.toBe('');

    document.documentElement.setAttribute(CONSENT_PENDING_ATTRIBUTE, '');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Akceptuję niezbędne' })));
    expect(banner).not.toBeInTheDocument();
    expect(document.documentElement).not.toHaveAttribute(CONSENT_PENDING_ATTRIBUTE);
    expect(document.cookie).toContain(`${CONSENT_COOKIE}=necessary`);
    expect(setCookie).toHaveBeenCalledWith(expect.stringContaining(`Max-Age=${365 * 24 * 60 * 60}`));
    expect(document.body.style.paddingBottom).toBe('');
    expect(document.querySelector('[aria-hidden="true"] main, [inert]')).toBeNull();
  });

  it('stays away when the cookie exists', async () => {
    document.cookie = `${CONSENT_COOKIE}=necessary; Path=/`;
    renderApp('/en/faq');
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' }, { timeout: 10_000 });
    // In the first render (the markup the prerender wrote) it is there, hidden by the stylesheet
    // since the head script flagged nothing; after mount it goes.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull());
    expect(document.documentElement).not.toHaveAttribute(CONSENT_PENDING_ATTRIBUTE);
  });
});
