import type { PublicProfileDto } from '@substytut/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../../test/browser-gaps';
import { boardApi, boardResponse, lawyer, myRequest, ok, withBoardEvents } from '../../../../test/board-api';
import { completeProfile } from '../../../../test/dashboard-api';
import type { StubRoutes } from '../../../../test/fetch-stub';
import { renderApp } from '../../../../test/render-app';
import { setSession } from '@/lib/session';

configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'pl');
  sessionStorage.clear();
  setSession('token', { id: 1, email: 'jan@kancelaria.pl', role: 'user' });
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const REQUEST_ID = myRequest().id;
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

// The cheaper answer came second: the list keeps the order they came in.
const first = boardResponse({
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  price_net: '300.00',
  agreed_net: '300.00',
  agreed_gross: '369.00',
  created_at: ago(2),
  substitute: {
    ...lawyer({ profile_id: 7, name: 'Anna Pierwsza', seolink: 'anna-pierwsza' }),
    completed_count: 3,
    references: [{ text: 'Rzetelnie i na czas.', month: '2026-10' }],
    favourite: false,
  },
});
const second = boardResponse({
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  price_net: '150.00',
  agreed_net: '150.00',
  agreed_gross: '184.50',
  created_at: ago(1),
  substitute: {
    ...lawyer({ profile_id: 8, name: 'Bartosz Drugi', seolink: 'bartosz-drugi' }),
    completed_count: 0,
    references: [],
    favourite: false,
  },
});

function publicProfile(): PublicProfileDto {
  return {
    licence: { method: 'register', register: 'advocates', verified_at: '2026-11-24T10:00:00.000Z' },
    firstname: 'Anna',
    lastname: 'Pierwsza',
    fullname: 'Anna Pierwsza',
    phone: null,
    email: 'anna@example.pl',
    permissions: 'adwokat',
    licenseNo: 'WAW/Adw/1234',
    specialization: [],
    institution: '',
    imageUrl: null,
    cvUrl: null,
    cardUrl: null,
    linkedinUrl: null,
    facebookUrl: null,
    seolink: 'anna-pierwsza',
    description: '',
    jobs: [],
    references: [],
    board_references: [],
    offer: {
      title: 'Zastępstwo: SR Warszawa-Śródmieście',
      description: '',
      price: '300.00',
      price_brutto: '369.00',
      expireDate: '2099-12-31',
      status: 'active',
      offerUrl: 'oferta-z-tablicy',
      cardUrl: null,
      error: false,
      hearing: null,
    },
  };
}

const OFFER = {
  offerUrl: 'oferta-z-tablicy',
  seolink: 'anna-pierwsza',
  payment_path: '/u/anna-pierwsza?o=oferta-z-tablicy',
  offer_status: 'active',
};

function serve(routes: StubRoutes = {}) {
  let assigned = false;
  const api = boardApi({
    'GET /api/user/board/requests': () =>
      ok('GET /api/user/board/requests', {
        items: [
          myRequest({
            responses: [second, first],
            views: [
              { substitute: first.substitute, viewed_at: ago(2.5), confirmed_at: ago(2.4) },
              { substitute: second.substitute, viewed_at: ago(1), confirmed_at: null },
            ],
            ...(assigned
              ? { state: 'assigned', assigned_response_id: first.id, offer: OFFER, pay_by: ago(-2) }
              : {}),
          }),
        ],
      }),
    'POST /api/board/requests/:id/assign': () => {
      assigned = true;
      return ok('POST /api/board/requests/:id/assign', OFFER);
    },
    'GET /api/public/profile/:seolink': { body: { data: publicProfile() } },
    'GET /api/user/profile': ok(
      'GET /api/user/profile',
      completeProfile({
        fullname: 'Jan Kowalski',
        permissions: 'adwokat',
        licenseNo: 'WAW/Adw/5678',
        email: 'jan@kancelaria.pl',
      }),
    ),
    'GET /api/user/profile/invoice': ok('GET /api/user/profile/invoice', {
      invoice_nip: '5260250274',
      invoice_company: 'Kancelaria Kowalski',
      invoice_street: 'ul. Prosta 1',
      invoice_postcode: '00-950',
      invoice_city: 'Warszawa',
      invoice_bank_account: null,
    }),
    'GET /api/csrf-cookie': { status: 204 },
    ...routes,
  });
  vi.stubGlobal('fetch', withBoardEvents(api.fetch).fetch);
  return api;
}

describe('my requests', () => {
  it('lists the answers in the order they came, with each substitute’s card, and who viewed the parties', async () => {
    serve();
    renderApp('/dashboard/board/mine');
    const card = await screen.findByRole('article', { name: /Sąd Rejonowy dla Warszawy-Śródmieścia/ });
    const answers = within(card).getAllByRole('article');
    expect(answers.map((answer) => answer.getAttribute('aria-label'))).toEqual([
      'Odpowiedź: Anna Pierwsza',
      'Odpowiedź: Bartosz Drugi',
    ]);
    expect(answers[0]).toHaveTextContent('3 zastępstwa wykonane przez Substytut');
    expect(answers[0]).toHaveTextContent('Rzetelnie i na czas.');
    expect(answers[0]).toHaveTextContent('Potwierdzone wykonanym zleceniem, październik 2026');
    expect(answers[0]).toHaveTextContent(/Proponuje 300,00\szł netto/);
    // Who viewed the parties and when, and who then confirmed no conflict of interest and when.
    const checks = within(within(card).getByRole('region', { name: 'Sprawdzenie konfliktu interesów' })).getAllByRole('listitem');
    expect(checks[0]).toHaveTextContent(/^Anna Pierwszastrony wyświetlone .+ · brak konfliktu potwierdzony /);
    expect(checks[1]).toHaveTextContent(/strony wyświetlone .+ · jeszcze bez potwierdzenia braku konfliktu/);
    expect(card).toHaveTextContent('I C 123/24');
    expect(card).toHaveTextContent('Jan Nowak (powód)');
  });

  it('picks an answer and goes straight to its payment step, with the poster’s data filled in', async () => {
    const user = userEvent.setup();
    const api = serve();
    const { router } = renderApp('/dashboard/board/mine');
    await user.click(await screen.findByRole('button', { name: 'Wybierz: Anna Pierwsza' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/anna-pierwsza'));
    expect(router.state.location.search).toBe('?o=oferta-z-tablicy');
    expect(api.callsTo('POST', `/api/board/requests/${REQUEST_ID}/assign`)[0]?.body).toEqual({ responseId: first.id });

    await user.click(await screen.findByRole('button', { name: 'Nawiąż współpracę' }));
    const form = await screen.findByRole('form', { name: 'Formularz danych do faktury' });
    expect(within(form).getByLabelText(/^NIP/)).toHaveValue('5260250274');
    expect(within(form).getByLabelText(/Nazwa firmy/)).toHaveValue('Kancelaria Kowalski');
    expect(within(form).getByLabelText(/Adres e-mail/)).toHaveValue('jan@kancelaria.pl');
    expect(within(form).getByRole('checkbox', { name: /udzielam substytucji/ })).toBeChecked();
    expect(within(form).getByLabelText(/Imię i nazwisko/)).toHaveValue('Jan Kowalski');
    expect(within(form).getByLabelText(/Numer wpisu na listę/)).toHaveValue('WAW/Adw/5678');
    expect(within(form).getByLabelText(/Adres kancelarii/)).toHaveValue('ul. Prosta 1, 00-950 Warszawa');
  });

  it('leaves the payment step empty for a visitor who did not post the request', async () => {
    const user = userEvent.setup();
    serve({ 'GET /api/user/board/requests': ok('GET /api/user/board/requests', { items: [] }) });
    renderApp('/u/anna-pierwsza?o=oferta-z-tablicy');
    await user.click(await screen.findByRole('button', { name: 'Nawiąż współpracę' }));
    const form = await screen.findByRole('form', { name: 'Formularz danych do faktury' });
    expect(within(form).getByLabelText(/^NIP/)).toHaveValue('');
    expect(within(form).getByRole('checkbox', { name: /udzielam substytucji/ })).not.toBeChecked();
  });

  it('cancels a request only after the confirmation', async () => {
    const user = userEvent.setup();
    const api = serve({
      'DELETE /api/board/requests/:id': ok('DELETE /api/board/requests/:id', myRequest({ state: 'cancelled' })),
    });
    renderApp('/dashboard/board/mine');
    await user.click(await screen.findByRole('button', { name: 'Anuluj zlecenie' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Anulować zlecenie?' });
    expect(api.callsTo('DELETE', `/api/board/requests/${REQUEST_ID}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj zlecenie' }));
    await waitFor(() => expect(api.callsTo('DELETE', `/api/board/requests/${REQUEST_ID}`)).toHaveLength(1));
  });

  it('after a confirmed job, writes a reference and marks the substitute a favourite', async () => {
    const user = userEvent.setup();
    const api = serve({
      'GET /api/user/board/requests': ok('GET /api/user/board/requests', {
        items: [
          myRequest({
            state: 'paid',
            responses: [first],
            assigned_response_id: first.id,
            offer: { ...OFFER, offer_status: 'accepted' },
          }),
        ],
      }),
      'POST /api/user/board/requests/:id/reference': ok(
        'POST /api/user/board/requests/:id/reference',
        myRequest({ state: 'paid', reference: 'Świetnie.' }),
      ),
      'PUT /api/user/board/favourites/:profileId': ok('PUT /api/user/board/favourites/:profileId', {
        profile_id: 7,
        favourite: true,
      }),
    });
    renderApp('/dashboard/board/mine');
    const text = await screen.findByLabelText('Referencja dla zastępcy');
    expect(text).toHaveAttribute('maxLength', '120');
    await user.type(text, 'Świetnie.');
    await user.click(screen.getByRole('button', { name: 'Zapisz referencję' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/api/user/board/requests/${REQUEST_ID}/reference`)[0]?.body).toEqual({
        text: 'Świetnie.',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Dodaj do ulubionych zastępców' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/user/board/favourites/7')).toHaveLength(1));
  });
});
