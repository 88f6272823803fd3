import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicConfig, stubFetch, type PublicConfigOverrides } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

function serve(sandbox: PublicConfigOverrides['sandbox'], extra: { bookingUrl?: string } = {}) {
  vi.stubGlobal(
    'fetch',
    stubFetch({ 'GET /api/config/public': { body: { data: publicConfig({ sandbox, ...extra }) } } }).fetch,
  );
}

describe('sandbox marker', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.removeAttribute('data-sandbox');
  });

  it('says in Polish that payments and mail are simulated while a sandbox adapter is active', async () => {
    serve({ active: true, payments: true });
    renderApp('/pl/about');
    const marker = await screen.findByRole('note', {}, { timeout: 10_000 });
    expect(marker).toHaveTextContent(
      'SandboxTryb testowy: płatności, e-maile i usługi zewnętrzne są symulowane.',
    );
    // The server did not flag the page (the development server): the config does, and the
    // stylesheet then shows the marker.
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-sandbox'));
  });

  it('fills the room the server kept for it when the page is flagged', async () => {
    document.documentElement.setAttribute('data-sandbox', '');
    serve({ active: true, mail: true });
    renderApp('/en/about');
    const marker = await screen.findByRole('note', {}, { timeout: 10_000 });
    expect(marker).toHaveTextContent('Test mode: payments, e-mails and external services are simulated.');
    expect(marker).toHaveClass('absolute', 'top-0', 'h-(--sandbox-bar-height)');
    // In a landmark of its own, so the page has no content outside landmarks (axe `region`).
    expect(screen.getByRole('complementary', { name: 'Test mode notice' })).toContainElement(marker);
  });

  it('stays hidden with real adapters only: the page is not flagged', async () => {
    // The home page's 'Umów założenie profilu' takes the served booking address in the same render
    // as the sandbox flag: once it shows, the marker has seen the config and had its chance to flag
    // the page.
    const bookingUrl = 'https://example.com/umow-spotkanie';
    serve({ active: false, payments: false, mail: false }, { bookingUrl });
    renderApp('/pl');
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    await waitFor(() => expect(document.querySelector(`a[href="${bookingUrl}"]`)).not.toBeNull(), {
      timeout: 10_000,
    });
    expect(document.documentElement).not.toHaveAttribute('data-sandbox');
    // The stylesheet hides it on a page without the flag (jsdom applies no stylesheet: the browser
    // tests in e2e/marketing.spec.ts check that).
    expect(screen.getByRole('note', { hidden: true }).closest('[data-sandbox-marker]')).toBeInstanceOf(
      HTMLElement,
    );
  });
});
