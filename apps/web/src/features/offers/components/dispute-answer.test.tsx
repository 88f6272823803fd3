import type { OfferDto, SettlementDto } from '@substytut/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import {
  createFakeOffersApi,
  makeOffer,
  renderWithApp,
  type FakeOffersApi,
} from '../../../../test/offers-api';
import { OffersHistory } from './offers-history';

let api: FakeOffersApi;
const serve = (fake: FakeOffersApi) => {
  api = fake;
  vi.stubGlobal('fetch', fake.fetch);
};
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const card = (title: string) => screen.getByRole('article', { name: title });

const openDispute: SettlementDto = {
  paid_grosze: 12_300,
  disputed_at: '2026-11-24T11:00:00.000Z',
  dispute_reason: 'Pełnomocnik się spóźnił.',
  resolved_at: null,
  resolution: null,
  resolution_reason: null,
  refund_grosze: null,
  refund_cause: null,
  refund_sent: false,
  lawyer_answer: null,
  lawyer_answered_at: null,
  lawyer_answer_has_file: false,
};

beforeEach(() => {
  setSession('token', { id: 1, email: 'jan@example.com', role: 'user' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the lawyer answers a dispute from the offer card (issue 34)', () => {
  it('answers once, with an optional PDF; the answer then shows on the card', async () => {
    const offer: OfferDto = makeOffer({ title: 'Sporna', status: 'disputed', settlement: openDispute });
    serve(createFakeOffersApi([offer]));
    const user = userEvent.setup();
    renderWithApp(<OffersHistory />);
    await user.click(await screen.findByRole('button', { name: 'Odpowiedz na zastrzeżenia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Odpowiedź na zastrzeżenia klienta' });
    expect(dialog).toHaveTextContent('Pełnomocnik się spóźnił.');
    await user.click(within(dialog).getByRole('button', { name: 'Wyślij odpowiedź' }));
    expect(within(dialog).getByText('Uzupełnij pole')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/user/offer/${offer.offerId}/dispute/answer`)).toHaveLength(0);
    await user.type(
      within(dialog).getByLabelText(/Twoja odpowiedź/),
      'Byłem na sali od 9:00, protokół to potwierdza.',
    );
    const pdf = new File(['%PDF-1.4'], 'protokol.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText(/Plik PDF/), pdf);
    await user.click(within(dialog).getByRole('button', { name: 'Wyślij odpowiedź' }));
    expect(await screen.findByText('Odpowiedź wysłana')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/user/offer/${offer.offerId}/dispute/answer`).map((c) => c.body)).toEqual(
      [{ text: 'Byłem na sali od 9:00, protokół to potwierdza.', file: true }],
    );
    await waitFor(() =>
      expect(within(card('Sporna')).getByTestId('lawyer-answer')).toHaveTextContent(
        'Byłem na sali od 9:00, protokół to potwierdza.',
      ),
    );
    expect(within(card('Sporna')).queryByRole('button', { name: 'Odpowiedz na zastrzeżenia' })).toBeNull();
    expect(
      within(card('Sporna')).getByRole('button', { name: 'Pobierz plik pełnomocnika (PDF)' }),
    ).toBeInTheDocument();
  });

  it('is not offered once answered, nor on an offer not in dispute', async () => {
    serve(
      createFakeOffersApi([
        makeOffer({
          title: 'Odpowiedziana',
          status: 'disputed',
          settlement: { ...openDispute, lawyer_answer: 'Już odpowiedziałem szczegółowo.' },
        }),
        makeOffer({ title: 'Opłacona', status: 'payed' }),
      ]),
    );
    renderWithApp(<OffersHistory />);
    await screen.findByRole('article', { name: 'Odpowiedziana' });
    expect(screen.queryByRole('button', { name: 'Odpowiedz na zastrzeżenia' })).toBeNull();
  });
});

describe('the court-cancellation fee (issue 34)', () => {
  it('is printed on the card', async () => {
    serve(
      createFakeOffersApi([
        makeOffer({ title: 'Z opłatą', status: 'active', court_cancellation_fee: '30.00' }),
      ]),
    );
    renderWithApp(<OffersHistory />);
    const article = await screen.findByRole('article', { name: 'Z opłatą' });
    expect(plain(within(article).getByTestId('court-fee').textContent)).toBe(
      'Gdy sąd odwoła rozprawę w dniu terminu: 30,00 zł netto (36,90 zł brutto) dla Ciebie',
    );
  });

  it('reporting a court cancellation has its own title and states what the lawyer keeps', async () => {
    serve(
      createFakeOffersApi([
        makeOffer({ title: 'Odwołana', status: 'payed', court_cancellation_fee: '30.00' }),
      ]),
    );
    const user = userEvent.setup();
    renderWithApp(<OffersHistory />);
    await user.click(await screen.findByRole('button', { name: 'Oznacz jako zrealizowane' }));
    let dialog = await screen.findByRole('dialog', { name: 'Oznaczyć jako zrealizowane?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Rozprawa odwołana przez sąd' }));
    dialog = await screen.findByRole('dialog', { name: 'Zgłosić odwołanie rozprawy przez sąd?' });
    expect(plain(dialog.textContent)).toContain('zachowujesz opłatę za stawiennictwo: 36,90 zł brutto');
    expect(plain(dialog.textContent)).toContain('klient otrzyma zwrot 86,10 zł');
  });

  it('without a fee the cancellation says the client gets everything back', async () => {
    serve(createFakeOffersApi([makeOffer({ title: 'Bez opłaty', status: 'payed' })]));
    const user = userEvent.setup();
    renderWithApp(<OffersHistory />);
    await user.click(await screen.findByRole('button', { name: 'Oznacz jako zrealizowane' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Rozprawa odwołana przez sąd' }));
    expect(
      await screen.findByRole('dialog', { name: 'Zgłosić odwołanie rozprawy przez sąd?' }),
    ).toHaveTextContent('Klient otrzyma zwrot całej płatności');
  });
});
