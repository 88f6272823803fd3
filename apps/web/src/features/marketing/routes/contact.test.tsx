import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicConfig, stubFetch } from '../../../../test/fetch-stub';
import { renderApp } from '../../../../test/render-app';

const message = { name: 'Jan Kowalski', email: 'jan@example.com', subject: 'Pytanie', message: 'Jak zacząć?' };

async function fillAndSend() {
  const u = userEvent.setup();
  await u.type(await screen.findByLabelText(/Imię i nazwisko/, undefined, { timeout: 10_000 }), message.name);
  await u.type(screen.getByLabelText(/Adres e-mail/), message.email);
  await u.type(screen.getByLabelText(/Temat/), message.subject);
  await u.type(screen.getByLabelText(/Wiadomość/), message.message);
  await u.click(screen.getByRole('button', { name: 'Wyślij wiadomość' }));
}

/** Turnstile as its script defines it: here it answers every widget with the given token. */
function fakeTurnstile(token: string) {
  const render = vi.fn((_element: HTMLElement, options: { callback: (t: string) => void }) => {
    options.callback(token);
    return `widget-${render.mock.calls.length}`;
  });
  vi.stubGlobal('turnstile', { render, remove: vi.fn() });
  // jsdom does not fetch scripts: report the Turnstile script as loaded once it is added.
  const observer = new MutationObserver(() => {
    for (const script of document.head.querySelectorAll<HTMLScriptElement>('script[src*="turnstile"]')) {
      if (!script.dataset.fired) {
        script.dataset.fired = '1';
        script.dispatchEvent(new Event('load'));
      }
    }
  });
  observer.observe(document.head, { childList: true });
  return { render, stop: () => observer.disconnect() };
}

describe('contact form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the literal 'local' bot-check value when the server has no Turnstile key", async () => {
    const api = stubFetch({ 'GET /api/csrf-cookie': { status: 204 }, 'POST /api/contact': { status: 201, body: { data: { success: true } } } });
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/pl/contact');
    await fillAndSend();
    await waitFor(() => expect(api.callsTo('POST', '/api/contact')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/contact')[0]!.body).toMatchObject({
      ...message,
      'cf-turnstile-response': 'local',
    });
    expect(screen.queryByRole('group', { name: 'Weryfikacja, że nie jesteś robotem' })).toBeNull();
  });

  it("shows Turnstile when the server has a site key and sends the widget's token", async () => {
    const turnstile = fakeTurnstile('turnstile-token-1');
    const api = stubFetch({
      'GET /api/config/public': { body: { data: publicConfig({ turnstileSiteKey: 'site-key-1' }) } },
      'GET /api/csrf-cookie': { status: 204 },
      'POST /api/contact': { status: 201, body: { data: { success: true } } },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/pl/contact');
    expect(
      await screen.findByRole('group', { name: 'Weryfikacja, że nie jesteś robotem' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(turnstile.render).toHaveBeenCalled());
    expect(turnstile.render.mock.calls[0]![1]).toMatchObject({ sitekey: 'site-key-1' });
    await fillAndSend();
    await waitFor(() => expect(api.callsTo('POST', '/api/contact')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/contact')[0]!.body).toMatchObject({
      'cf-turnstile-response': 'turnstile-token-1',
    });
    turnstile.stop();
  });
});
