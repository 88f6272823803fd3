import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { stubFetch, type StubRoutes } from '../../../../test/fetch-stub';
import { renderWithApp } from '../../../../test/offers-api';
import type { AdminBoardRequest, AdminBoardStats } from '../api/board';
import { BoardAdmin } from './board-requests';

const card = (profile_id: number, name: string) => ({
  profile_id,
  name,
  photo_url: null,
  seolink: null,
  verified: true,
  profession: 'adwokat' as const,
  chamber: 'Warszawa',
});

const REQUEST: AdminBoardRequest = {
  id: 'req-1',
  state: 'open',
  urgent: true,
  court_id: 'sad-rejonowy-dla-warszawy-mokotowa-w-warszawie',
  court_name: 'Sąd Rejonowy dla Warszawy-Mokotowa w Warszawie',
  court_city: 'Warszawa',
  division: 'I Wydział Cywilny',
  starts_at: '2026-11-28T08:00:00.000Z',
  mode: 'in_person',
  case_type: 'civil',
  task: 'Stawiennictwo na rozprawie, przesłuchanie świadka.',
  professions: ['adwokat', 'radca-prawny'],
  fee_net: '250.00',
  fee_gross: '307.50',
  auto_assign: false,
  answer_deadline: '2026-11-28T06:00:00.000Z',
  created_at: '2026-11-27T09:00:00.000Z',
  poster: card(10, 'Ewa Zlecająca'),
  case_number: 'I C 123/26',
  parties: [{ name: 'Jan Kowalski', role: 'powód' }],
  offer: null,
  poster_email: 'ewa@kancelaria.example.com',
  responses: [
    {
      id: 'resp-1',
      price_net: null,
      agreed_net: '250.00',
      agreed_gross: '307.50',
      message: 'Mogę być od 8:30.',
      created_at: '2026-11-27T09:05:00.000Z',
      updated_at: '2026-11-27T09:05:00.000Z',
      substitute: { ...card(20, 'Piotr Zastępca'), completed_count: 3, references: [], favourite: false },
    },
  ],
  views: [
    { substitute: card(20, 'Piotr Zastępca'), viewed_at: '2026-11-27T09:04:00.000Z', confirmed_at: null },
  ],
  reports: [
    {
      reason: 'Podejrzane zlecenie, brak szczegółów.',
      response_id: null,
      created_at: '2026-11-27T10:00:00.000Z',
    },
  ],
  hidden_reason: null,
};

const STATS: AdminBoardStats = {
  weeks: [
    {
      week_start: '2026-11-23',
      posted: 40,
      answered_within_15_min: 30,
      assigned: 25,
      paid: 20,
      median_first_answer_minutes: 6.5,
    },
  ],
};

let stub: ReturnType<typeof stubFetch>;
let items: AdminBoardRequest[];

function serve(routes: StubRoutes = {}) {
  stub = stubFetch({
    'GET /api/csrf-cookie': { status: 204 },
    'GET /api/admin/board': () => ({ body: { data: { items } } }),
    'GET /api/admin/board/stats': { body: { data: STATS } },
    'POST /api/admin/board/:id/hide': (call) => {
      const reason = (call.body as { reason: string }).reason;
      items = items.map((item) => ({ ...item, state: 'hidden', hidden_reason: reason }));
      return { body: { data: items[0]! } };
    },
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetch);
}

beforeEach(() => {
  items = [REQUEST];
  setSession('token', { id: 1, email: 'admin@substytut.local', role: 'admin' });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const table = () => screen.findByRole('table', { name: 'Zlecenia' });

describe('admin board', () => {
  it('lists each request with its state, court, hearing, poster, answers, views and reports, and the weekly numbers', async () => {
    serve();
    renderWithApp(<BoardAdmin locale="pl" />);
    const row = within(await table()).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Otwarte');
    expect(row).toHaveTextContent('Pilne');
    expect(row).toHaveTextContent('Sąd Rejonowy dla Warszawy-Mokotowa w Warszawie');
    expect(row).toHaveTextContent('2026-11-28 09:00:00');
    expect(row).toHaveTextContent('Ewa Zlecająca');
    expect(row).toHaveTextContent('ewa@kancelaria.example.com');
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(4, 7)
        .map((c) => c.textContent),
    ).toEqual(['1', '1', '1']);

    const stats = await screen.findByRole('table', { name: 'Liczby tygodniowe' });
    const week = within(stats).getAllByRole('row')[1]!;
    expect(week).toHaveTextContent('23.11.2026');
    expect(
      within(week)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['40', '30 (75%)', '25', '20', '6,5 min']);
  });

  it('shows a deleted poster as a deleted account, not its placeholder address (issue 34)', async () => {
    const user = userEvent.setup();
    items = [{ ...REQUEST, poster_email: 'deleted-5f2c@deleted.invalid' }];
    serve();
    renderWithApp(<BoardAdmin locale="pl" />);
    const row = within(await table()).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Konto usunięte');
    expect(row).not.toHaveTextContent('deleted.invalid');
    await user.click(screen.getByRole('button', { name: /^Szczegóły: Sąd Rejonowy dla Warszawy-Mokotowa/ }));
    const dialog = screen.getByRole('dialog', { name: 'Sąd Rejonowy dla Warszawy-Mokotowa w Warszawie' });
    expect(dialog).toHaveTextContent('Ewa Zlecająca · Konto usunięte');
    expect(dialog).not.toHaveTextContent('deleted.invalid');
  });

  it('shows the answers, views and reports of one request', async () => {
    const user = userEvent.setup();
    serve();
    renderWithApp(<BoardAdmin locale="pl" />);
    await table();
    await user.click(screen.getByRole('button', { name: /^Szczegóły: Sąd Rejonowy dla Warszawy-Mokotowa/ }));
    const dialog = screen.getByRole('dialog', { name: 'Sąd Rejonowy dla Warszawy-Mokotowa w Warszawie' });
    expect(dialog).toHaveTextContent('SygnaturaI C 123/26');
    expect(dialog).toHaveTextContent('Jan Kowalski (powód)');
    expect(within(dialog).getByRole('region', { name: 'Odpowiedzi (1)' })).toHaveTextContent(
      /Piotr Zastępca.*Przyjmuje stawkę.*Mogę być od 8:30\./,
    );
    expect(within(dialog).getByRole('region', { name: 'Wglądy w strony (1)' })).toHaveTextContent(
      'Piotr Zastępca',
    );
    expect(within(dialog).getByRole('region', { name: 'Wglądy w strony (1)' })).toHaveTextContent(
      'jeszcze bez potwierdzenia braku konfliktu',
    );
    expect(within(dialog).getByRole('region', { name: 'Zgłoszenia (1)' })).toHaveTextContent(
      'Podejrzane zlecenie, brak szczegółów.',
    );
  });

  it('shows when a viewing substitute confirmed there is no conflict of interest (issue 32)', async () => {
    const user = userEvent.setup();
    items = [
      {
        ...REQUEST,
        views: [{ ...REQUEST.views[0]!, confirmed_at: '2026-11-27T09:06:00.000Z' }],
      },
    ];
    serve();
    renderWithApp(<BoardAdmin locale="pl" />);
    await table();
    await user.click(screen.getByRole('button', { name: /^Szczegóły: Sąd Rejonowy dla Warszawy-Mokotowa/ }));
    const views = within(screen.getByRole('dialog')).getByRole('region', { name: 'Wglądy w strony (1)' });
    expect(views).toHaveTextContent(/Piotr Zastępca · .*10:04.* · brak konfliktu potwierdzony .*10:06/);
    expect(views).not.toHaveTextContent('jeszcze bez potwierdzenia');
  });

  it('does not hide without a reason of at least 10 characters, then hides with one', async () => {
    const user = userEvent.setup();
    serve();
    renderWithApp(<BoardAdmin locale="pl" />);
    await table();
    await user.click(screen.getByRole('button', { name: /^Ukryj: Sąd Rejonowy/ }));
    const dialog = screen.getByRole('dialog', {
      name: 'Ukryć zlecenie: Sąd Rejonowy dla Warszawy-Mokotowa w Warszawie?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Ukryj' }));
    expect(await within(dialog).findByText('Uzupełnij pole')).toBeInTheDocument();
    const reason = within(dialog).getByLabelText(/Powód ukrycia/);
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    await user.type(reason, 'spam');
    await user.click(within(dialog).getByRole('button', { name: 'Ukryj' }));
    expect(await within(dialog).findByText('Opisz powód w co najmniej 10 znakach')).toBeInTheDocument();
    expect(stub.callsTo('POST', '/api/admin/board/')).toHaveLength(0);

    await user.type(reason, ': ogłoszenie reklamowe, nie zastępstwo');
    await user.click(within(dialog).getByRole('button', { name: 'Ukryj' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(stub.callsTo('POST', '/api/admin/board/req-1/hide')[0]?.body).toEqual({
      reason: 'spam: ogłoszenie reklamowe, nie zastępstwo',
    });
    const row = within(await table()).getAllByRole('row')[1]!;
    await waitFor(() => expect(row).toHaveTextContent('Ukryte'));
    expect(within(row).queryByRole('button', { name: /^Ukryj/ })).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the API’s refusal, in English', async () => {
    const user = userEvent.setup();
    serve({
      'POST /api/admin/board/:id/hide': {
        status: 409,
        body: { message: 'Conflict', code: 'board.invalid_transition', errors: {} },
      },
    });
    renderWithApp(<BoardAdmin locale="en" />, { language: 'en' });
    await screen.findByRole('table', { name: 'Requests' });
    await user.click(screen.getByRole('button', { name: /^Hide: / }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reason for hiding/), 'Advertising, not a substitution.');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/./);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says when the board did not load', async () => {
    serve({
      'GET /api/admin/board': {
        status: 403,
        body: { message: 'Forbidden', code: 'auth.forbidden', errors: {} },
      },
    });
    renderWithApp(<BoardAdmin locale="en" />, { language: 'en' });
    expect(await screen.findByRole('alert')).toHaveTextContent(/Try again|Retry/);
  });
});
