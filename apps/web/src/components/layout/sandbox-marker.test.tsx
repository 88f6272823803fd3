import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

function serve(sandbox: unknown) {
  vi.stubGlobal('fetch', stubFetch({ 'GET /api/config/public': { body: { data: { sandbox } } } }).fetch);
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
    // Without the server's flag nothing kept its room: the marker takes its place in the page.
    expect(marker).not.toHaveClass('absolute');
  }, 30_000);

  it('fills the room the server kept for it when the page is flagged', async () => {
    document.documentElement.setAttribute('data-sandbox', '');
    serve({ active: true, mail: true });
    renderApp('/en/about');
    const marker = await screen.findByRole('note', {}, { timeout: 10_000 });
    expect(marker).toHaveTextContent('Test mode: payments, e-mails and external services are simulated.');
    expect(marker).toHaveClass('absolute', 'top-0', 'h-(--sandbox-bar-height)');
  }, 30_000);

  it('is absent with real adapters only', async () => {
    serve({ active: false, payments: false, mail: false });
    renderApp('/pl/about');
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('note')).toBeNull();
  }, 30_000);
});
