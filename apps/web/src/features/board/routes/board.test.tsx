import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../../test/browser-gaps';
import { boardApi, boardCard, ok, boardDetail, boardResponse, withBoardEvents } from '../../../../test/board-api';
import { completeProfile } from '../../../../test/dashboard-api';
import type { StubCall } from '../../../../test/fetch-stub';
import { renderApp } from '../../../../test/render-app';
import { setSession } from '@/lib/session';

configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'pl');
  setSession('token', { id: 1, email: 'anna@example.pl', role: 'user' });
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ID = boardCard().id;
const NOW = '2026-11-27T10:00:00.000Z';

describe('the substitute’s board', () => {
  it('shows the card’s facts, the urgent mark and the poster, never the case number or the parties', async () => {
    const api = boardApi({ 'GET /api/board/requests': ok('GET /api/board/requests', { items: [boardCard()] }) });
    vi.stubGlobal('fetch', withBoardEvents(api.fetch).fetch);
    renderApp('/dashboard/board');
    const card = await screen.findByRole('article', { name: /Sąd Rejonowy dla Warszawy-Śródmieścia/ });
    expect(within(card).getByText('Pilne')).toBeInTheDocument();
    expect(card).toHaveTextContent('250,00 zł netto');
    expect(card).toHaveTextContent('307,50 zł brutto z VAT');
    expect(card).toHaveTextContent('I Wydział Cywilny');
    expect(card).toHaveTextContent('Stacjonarnie');
    expect(card).toHaveTextContent('Cywilna');
    expect(within(card).getByText('Jan Zlecający')).toBeInTheDocument();
    expect(within(card).getByText('Zweryfikowany')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('Sygnatura');
  });

  it('says "Zapytanie o wycenę" when the poster asks for quotes', async () => {
    const api = boardApi({
      'GET /api/board/requests': ok('GET /api/board/requests', {
        items: [boardCard({ fee_net: null, fee_gross: null })],
      }),
    });
    vi.stubGlobal('fetch', withBoardEvents(api.fetch).fetch);
    renderApp('/dashboard/board');
    const card = await screen.findByRole('article');
    expect(card).toHaveTextContent('Zapytanie o wycenę');
  });

  it('explains what an unverified account must do, and that it may still post', async () => {
    const api = boardApi({
      'GET /api/user/profile': ok('GET /api/user/profile', completeProfile()),
    });
    vi.stubGlobal('fetch', withBoardEvents(api.fetch).fetch);
    renderApp('/dashboard/board');
    expect(await screen.findByRole('heading', { name: 'Tablica jest dla zweryfikowanych zastępców' })).toBeInTheDocument();
    expect(screen.getByText(/weryfikacji numeru wpisu/)).toBeInTheDocument();
    expect(screen.getByText(/podłączenia konta do wypłat/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Dodaj zlecenie' }).length).toBeGreaterThan(0);
    expect(api.callsTo('GET', '/api/board/requests')).toHaveLength(0);
  });

  it('points to the alerts when nothing matches', async () => {
    const api = boardApi({ 'GET /api/board/requests': ok('GET /api/board/requests', { items: [] }) });
    vi.stubGlobal('fetch', withBoardEvents(api.fetch).fetch);
    renderApp('/en/dashboard/board');
    expect(await screen.findByRole('heading', { name: 'No requests for you right now' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set alerts' })).toHaveAttribute('href', '/en/dashboard/alerts');
  });

  it('reads the list again on a board-changed event, without reloading the page', async () => {
    let items = [boardCard()];
    const api = boardApi({ 'GET /api/board/requests': () => ok('GET /api/board/requests', { items }) });
    const live = withBoardEvents(api.fetch);
    vi.stubGlobal('fetch', live.fetch);
    const { router } = renderApp('/dashboard/board');
    await screen.findByRole('article');
    await waitFor(() => expect(live.connections()).toBe(1));
    const second = boardCard({ id: '33333333-3333-4333-8333-333333333333', court_name: 'Sąd Okręgowy w Warszawie', urgent: false });
    items = [boardCard(), second];
    // A heartbeat is not a change.
    live.send(': heartbeat\n\n');
    live.send(`event: board-changed\ndata: ${JSON.stringify({ requestId: second.id, state: 'open' })}\n\n`);
    expect(await screen.findByRole('article', { name: /Sąd Okręgowy w Warszawie/ })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/board/requests').length).toBe(2);
    expect(router.state.location.pathname).toBe('/dashboard/board');
  });
});

describe('the conflict check and the answer', () => {
  function serve(detail = boardDetail(), more: Parameters<typeof boardApi>[0] = {}) {
    let current = detail;
    const api = boardApi({
      'GET /api/board/requests': ok('GET /api/board/requests', { items: [boardCard(detail)] }),
      'GET /api/board/requests/:id': () => ok('GET /api/board/requests/:id', current),
      'POST /api/board/requests/:id/conflict-check/view': () => {
        current = { ...current, conflict_check: { viewed_at: NOW, confirmed_at: null }, parties: [{ name: 'Jan Nowak', role: 'powód' }] };
        return ok('POST /api/board/requests/:id/conflict-check/view', current);
      },
      'POST /api/board/requests/:id/conflict-check': () => {
        current = { ...current, conflict_check: { viewed_at: NOW, confirmed_at: NOW } };
        return ok('POST /api/board/requests/:id/conflict-check', current);
      },
      'POST /api/board/requests/:id/responses': (call: StubCall) => {
        const body = call.body as { price_net: string | null; message: string };
        const answer = boardResponse({ price_net: body.price_net, message: body.message });
        current = { ...current, my_response: answer };
        return ok('POST /api/board/requests/:id/responses', answer);
      },
      ...more,
    });
    vi.stubGlobal('fetch', withBoardEvents(api.fetch).fetch);
    return api;
  }

  async function openAndCheck(user: ReturnType<typeof userEvent.setup>, api: ReturnType<typeof serve>) {
    const dialog = await screen.findByRole('dialog');
    const show = await within(dialog).findByRole('button', { name: 'Pokaż strony postępowania' });
    expect(dialog).toHaveTextContent('zlecający zobaczy, kto i kiedy je wyświetlił');
    expect(dialog).not.toHaveTextContent('Jan Nowak');
    await user.click(show);
    expect(await within(dialog).findByText('Jan Nowak')).toBeInTheDocument();
    // The viewing is one call; the confirmation another, and no answer before it.
    expect(api.callsTo('POST', `/api/board/requests/${ID}/conflict-check/view`)).toHaveLength(1);
    const confirmations = () => api.callsTo('POST', `/api/board/requests/${ID}/conflict-check`).filter((c) => !c.path.endsWith('/view'));
    expect(confirmations()).toHaveLength(0);
    expect(within(dialog).queryByRole('form', { name: 'Odpowiedź na zlecenie' })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('zlecający je zobaczy');
    await user.click(within(dialog).getByRole('button', { name: 'Potwierdzam: nie zachodzi konflikt interesów' }));
    const form = await within(dialog).findByRole('form', { name: 'Odpowiedź na zlecenie' });
    expect(confirmations().map((c) => c.body)).toEqual([{ no_conflict: true }]);
    expect(dialog).toHaveTextContent(/Brak konfliktu interesów potwierdzony: /);
    return form;
  }

  it('opens the request named by ?request=, records the viewing, and answers with the fixed fee', async () => {
    const user = userEvent.setup();
    const api = serve();
    renderApp(`/dashboard/board?request=${ID}`);
    const form = await openAndCheck(user, api);
    expect(within(form).getByRole('radio', { name: /Przyjmuję stawkę 250,00\szł netto/ })).toBeChecked();
    await user.type(within(form).getByLabelText('Wiadomość do zlecającego (opcjonalnie)'), 'Będę na miejscu.');
    await user.click(within(form).getByRole('button', { name: 'Wyślij odpowiedź' }));
    await waitFor(() => expect(api.callsTo('POST', `/api/board/requests/${ID}/responses`)).toHaveLength(1));
    expect(api.callsTo('POST', `/api/board/requests/${ID}/responses`)[0]?.body).toEqual({
      price_net: null,
      message: 'Będę na miejscu.',
    });
  });

  it('needs a net price to answer "ask for quotes", and shows its gross as typed', async () => {
    const user = userEvent.setup();
    const api = serve(boardDetail({ fee_net: null, fee_gross: null }));
    renderApp(`/dashboard/board?request=${ID}`);
    const form = await openAndCheck(user, api);
    expect(within(form).queryByRole('radio')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Wyślij odpowiedź' }));
    expect(await within(form).findByText('Uzupełnij pole')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/board/requests/${ID}/responses`)).toHaveLength(0);
    await user.type(within(form).getByLabelText(/Twoja cena netto/), '300,5');
    expect(within(form).getByText(/Brutto z VAT/).parentElement).toHaveTextContent('Brutto z VAT: 369,62 zł');
    await user.click(within(form).getByRole('button', { name: 'Wyślij odpowiedź' }));
    await waitFor(() => expect(api.callsTo('POST', `/api/board/requests/${ID}/responses`)).toHaveLength(1));
    expect(api.callsTo('POST', `/api/board/requests/${ID}/responses`)[0]?.body).toEqual({ price_net: '300,5', message: '' });
  });

  it('refuses a proposal without a price on a fixed fee too, and sends a proposed price', async () => {
    const user = userEvent.setup();
    const api = serve();
    renderApp(`/dashboard/board?request=${ID}`);
    const form = await openAndCheck(user, api);
    await user.click(within(form).getByRole('radio', { name: 'Proponuję inną cenę' }));
    await user.click(within(form).getByRole('button', { name: 'Wyślij odpowiedź' }));
    expect(await within(form).findByText('Uzupełnij pole')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Twoja cena netto/), '12,345');
    await user.click(within(form).getByRole('button', { name: 'Wyślij odpowiedź' }));
    expect(await within(form).findByText('Podaj kwotę z co najwyżej dwoma miejscami po przecinku')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/board/requests/${ID}/responses`)).toHaveLength(0);
  });

  it('changes or withdraws an answer given, until the poster picks', async () => {
    const user = userEvent.setup();
    const mine = boardResponse({ price_net: '280.00', message: 'Mogę.' });
    const api = serve(
      boardDetail({ conflict_check: { viewed_at: NOW, confirmed_at: NOW }, parties: [{ name: 'Jan Nowak', role: 'powód' }], my_response: mine }),
      {
        'PUT /api/board/requests/:id/responses/mine': ok('PUT /api/board/requests/:id/responses/mine', mine),
        'DELETE /api/board/requests/:id/responses/mine': ok('DELETE /api/board/requests/:id/responses/mine', null),
      },
    );
    renderApp(`/dashboard/board?request=${ID}`);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/Twoja odpowiedź: proponujesz 280,00 zł netto/)).toBeInTheDocument();
    const form = within(dialog).getByRole('form', { name: 'Odpowiedź na zlecenie' });
    expect(within(form).getByLabelText(/Twoja cena netto/)).toHaveValue('280,00');
    await user.click(within(form).getByRole('button', { name: 'Zmień odpowiedź' }));
    await waitFor(() => expect(api.callsTo('PUT', `/api/board/requests/${ID}/responses/mine`)).toHaveLength(1));
  });

  it('keeps the form closed once the request is no longer open', async () => {
    serve(boardDetail({ state: 'assigned', conflict_check: { viewed_at: NOW, confirmed_at: NOW }, parties: [{ name: 'Jan Nowak', role: 'powód' }], my_response: boardResponse() }));
    renderApp(`/dashboard/board?request=${ID}`);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: 'Zmień odpowiedź' })).toBeDisabled();
    expect(dialog).toHaveTextContent('Zlecenie nie jest już otwarte');
  });
});
