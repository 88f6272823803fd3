import type { AdminDisputeDto } from '@substytut/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { stubFetch } from '../../../../test/fetch-stub';
import { renderWithApp } from '../../../../test/offers-api';
import { Disputes } from './disputes';

const DISPUTE: AdminDisputeDto = {
  offer_id: 41,
  title: 'Rozprawa w SR Kraków',
  status: 'disputed',
  lawyer_name: 'Jan Nowak',
  lawyer_email: 'jan.nowak@example.com',
  lawyer_phone: '+48600100200',
  client_name: 'Kancelaria Klienta',
  client_email: 'klient@example.com',
  client_phone: '+48600300400',
  paid_grosze: 12_300,
  platform_fee_percent: 10,
  report: {
    outcome: 'held',
    next_hearing_at: null,
    notes: 'Sąd wysłuchał stron.',
    has_minutes: true,
    created_at: '2026-11-24T10:00:00.000Z',
  },
  settlement: {
    paid_grosze: 12_300,
    disputed_at: '2026-11-24T11:00:00.000Z',
    dispute_reason: 'Pełnomocnik się spóźnił.',
    resolved_at: null,
    resolution: null,
    resolution_reason: null,
    refund_grosze: null,
    refund_cause: null,
    refund_sent: false,
    lawyer_answer: 'Byłem na sali od 9:00, protokół to potwierdza.',
    lawyer_answered_at: '2026-11-25T09:00:00.000Z',
    lawyer_answer_has_file: true,
  },
};

let stub: ReturnType<typeof stubFetch>;
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeEach(() => {
  setSession('token', { id: 1, email: 'admin@substytut.local', role: 'admin' });
  stub = stubFetch({
    'GET /api/csrf-cookie': { status: 204 },
    'GET /api/admin/disputes': { body: { data: { items: [DISPUTE] } } },
    'POST /api/admin/disputes/:id': {
      body: { data: { offer_id: 41, status: 'resolved', settlement: DISPUTE.settlement } },
    },
  });
  vi.stubGlobal('fetch', stub.fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the administrator’s dispute (issue 34)', () => {
  it('shows the report, the minutes, both statements, the answer’s file and both contacts', async () => {
    renderWithApp(<Disputes locale="pl" />);
    const article = await screen.findByRole('article', { name: 'Rozprawa w SR Kraków' });
    expect(within(article).getByText('Sąd wysłuchał stron.')).toBeInTheDocument();
    expect(within(article).getByText('Pełnomocnik się spóźnił.')).toBeInTheDocument();
    expect(within(article).getByText('Byłem na sali od 9:00, protokół to potwierdza.')).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Pobierz protokół (PDF)' })).toBeInTheDocument();
    expect(
      within(article).getByRole('button', { name: 'Pobierz plik pełnomocnika (PDF)' }),
    ).toBeInTheDocument();
    const contacts = within(article).getByRole('region', { name: 'Kontakt do stron' });
    expect(within(contacts).getByRole('link', { name: 'klient@example.com' })).toHaveAttribute(
      'href',
      'mailto:klient@example.com',
    );
    expect(within(contacts).getByRole('link', { name: '+48 600 300 400' })).toHaveAttribute(
      'href',
      'tel:+48600300400',
    );
    expect(within(contacts).getByRole('link', { name: 'jan.nowak@example.com' })).toHaveAttribute(
      'href',
      'mailto:jan.nowak@example.com',
    );
    expect(within(contacts).getByRole('link', { name: '+48 600 100 200' })).toBeInTheDocument();
    expect(contacts).toHaveTextContent('Kancelaria Klienta');
  });

  it('the minutes download with the administrator’s token', async () => {
    const user = userEvent.setup();
    renderWithApp(<Disputes locale="pl" />);
    const article = await screen.findByRole('article', { name: 'Rozprawa w SR Kraków' });
    const calls: Request[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(new Request(new URL(String(input), 'http://localhost'), init));
      return Promise.resolve(
        new Response(new Blob(['%PDF-1.4']), { headers: { 'content-type': 'application/pdf' } }),
      );
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    await user.click(within(article).getByRole('button', { name: 'Pobierz protokół (PDF)' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(new URL(calls[0]!.url).pathname).toBe('/api/admin/disputes/41/minutes');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer token');
  });

  it('states the amounts in a dialog before anything moves; going back sends nothing', async () => {
    const user = userEvent.setup();
    renderWithApp(<Disputes locale="pl" />);
    const article = await screen.findByRole('article', { name: 'Rozprawa w SR Kraków' });
    await user.type(within(article).getByLabelText(/Kwota zwrotu/), '61,50');
    await user.type(
      within(article).getByLabelText(/Uzasadnienie/),
      'Rozprawa się odbyła, bez wniosku klienta.',
    );
    await user.click(within(article).getByRole('button', { name: 'Rozstrzygnij spór' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Zatwierdzić rozstrzygnięcie?' });
    // 123 zł paid, 61,50 zł back; of the other 61,50 zł the platform keeps 10 %: 6,15 zł.
    expect(plain(dialog.textContent)).toContain('Zwrot dla klienta: 61,50 zł');
    expect(plain(dialog.textContent)).toContain('Wypłata dla pełnomocnika: 55,35 zł');
    expect(plain(dialog.textContent)).toContain('prowizja serwisu (10%): 6,15 zł');
    await user.click(within(dialog).getByRole('button', { name: 'Wróć' }));
    expect(stub.callsTo('POST', '/api/admin/disputes/41')).toHaveLength(0);

    await user.click(within(article).getByRole('button', { name: 'Rozstrzygnij spór' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Zatwierdzić rozstrzygnięcie?' });
    await user.click(within(dialog).getByRole('button', { name: 'Zatwierdź i przekaż środki' }));
    await waitFor(() =>
      expect(stub.callsTo('POST', '/api/admin/disputes/41').map((c) => c.body)).toEqual([
        { decision: 'refund', amount_grosze: 6150, reason: 'Rozprawa się odbyła, bez wniosku klienta.' },
      ]),
    );
  });

  it('a release states the whole payout after the fee and no refund', async () => {
    const user = userEvent.setup();
    renderWithApp(<Disputes locale="en" />, { language: 'en' });
    const article = await screen.findByRole('article', { name: 'Rozprawa w SR Kraków' });
    await user.click(within(article).getByRole('radio', { name: 'Payout to the lawyer' }));
    await user.type(within(article).getByLabelText(/Reason/), 'The hearing was held as agreed.');
    await user.click(within(article).getByRole('button', { name: 'Resolve the dispute' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm the decision?' });
    expect(plain(dialog.textContent)).toContain('Refund to the client: PLN 0.00');
    expect(plain(dialog.textContent)).toContain('Payout to the lawyer: PLN 110.70');
  });
});
