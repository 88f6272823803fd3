import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OFFER_STATUS_LABELS, OFFER_SECTION_LABELS, type InvoiceDto } from '@substytut/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import plOffers from '@/locales/pl/offers.json';
import enOffers from '@/locales/en/offers.json';
import { setSession } from '@/lib/session';
import {
  createFakeOffersApi,
  makeOffer,
  renderWithApp,
  type FakeOffersApi,
} from '../../../../test/offers-api';
import { COPY_FEEDBACK_MS } from '../lib/use-copy';
import { OffersHistory } from './offers-history';

let api: FakeOffersApi;
let clipboard: string[];

function serve(fake: FakeOffersApi) {
  api = fake;
  vi.stubGlobal('fetch', fake.fetch);
}

function mobile(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function stubClipboard() {
  clipboard = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void clipboard.push(text) },
  });
}

/** user-event installs its own clipboard; ours goes on top so every copy is recorded. */
function setupUser() {
  const user = userEvent.setup();
  stubClipboard();
  return user;
}

beforeEach(() => {
  setSession('token', { id: 1, email: 'jan@example.pl', role: 'user' });
  stubClipboard();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  mobile(false);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const card = (title: string) => screen.getByRole('article', { name: title });
const section = (name: RegExp) => screen.getByRole('region', { name });

describe('offers history', () => {
  it('keeps the status and section labels of the shared domain package', () => {
    expect(plOffers.status).toEqual(OFFER_STATUS_LABELS.pl);
    expect(enOffers.status).toEqual(OFFER_STATUS_LABELS.en);
    expect(plOffers.sections).toEqual(OFFER_SECTION_LABELS.pl);
    expect(enOffers.sections).toEqual(OFFER_SECTION_LABELS.en);
  });

  it('says so when there are no offers', async () => {
    serve(createFakeOffersApi([]));
    renderWithApp(<OffersHistory />);
    expect(await screen.findByText('Nie masz aktualnie żadnych ofert')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });

  it('groups offers into Aktywne, Wysłane and Archiwum and leaves out empty sections', async () => {
    serve(
      createFakeOffersApi([
        makeOffer({ title: 'Opłacone', status: 'payed' }),
        makeOffer({ title: 'Do akceptacji', status: 'done' }),
        makeOffer({ title: 'Wysłane 1', status: 'active' }),
        makeOffer({ title: 'Wysłane 2', status: 'paystart' }),
        makeOffer({ title: 'Przyjęte', status: 'accepted' }),
        makeOffer({ title: 'Po terminie', status: 'expired' }),
        makeOffer({ title: 'Zarchiwizowane', status: 'archive' }),
      ]),
    );
    renderWithApp(<OffersHistory />);
    await screen.findByRole('heading', { name: /Aktywne/ });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Aktywne2',
      'Wysłane2',
      'Archiwum3',
    ]);
    const titles = (name: RegExp) =>
      within(section(name))
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label'))
        .sort();
    expect(titles(/Aktywne/)).toEqual(['Do akceptacji', 'Opłacone']);
    expect(titles(/Wysłane/)).toEqual(['Wysłane 1', 'Wysłane 2']);
    expect(titles(/Archiwum/)).toEqual(['Po terminie', 'Przyjęte', 'Zarchiwizowane']);
    expect(within(card('Opłacone')).getByText('W trakcie realizacji')).toBeInTheDocument();
    expect(within(card('Po terminie')).getByText('zlecenie zostało odrzucone')).toBeInTheDocument();
  });

  it('shows only sections that have offers', async () => {
    serve(createFakeOffersApi([makeOffer({ title: 'Jedyna', status: 'active' })]));
    renderWithApp(<OffersHistory />);
    await screen.findByRole('heading', { name: /Wysłane/ });
    expect(screen.queryByRole('heading', { name: /Aktywne/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Archiwum/ })).not.toBeInTheDocument();
  });

  it('shows card facts: expiry as dd.MM.yyyy, net price with the gross on focus, card image', async () => {
    const offer = makeOffer({
      title: 'Rozprawa',
      price: '100.00',
      price_brutto: '123.00',
      expireDate: '2099-03-07',
    });
    serve(createFakeOffersApi([offer]));
    const user = setupUser();
    renderWithApp(<OffersHistory />);
    await screen.findByRole('article', { name: 'Rozprawa' });
    const view = within(card('Rozprawa'));
    expect(view.getByText('07.03.2099')).toBeInTheDocument();
    expect(view.getByRole('img', { name: 'Grafika oferty „Rozprawa”' })).toHaveAttribute(
      'src',
      `/storage/${offer.cardUrl}`,
    );
    // The gross is read out with the price, and shown as a tooltip on focus (or hover).
    expect(screen.getAllByText(/Brutto: 123,00\s*zł/)).toHaveLength(1);
    const price = view.getByText(/100,00\s*zł/).closest('[tabindex]') as HTMLElement;
    await user.tab();
    expect(price).toHaveFocus();
    await waitFor(() => expect(screen.getAllByText(/Brutto: 123,00\s*zł/).length).toBeGreaterThan(1));
  });

  it('once paid, a card shows the hearing and the next step, not the payment link\'s expiry (issue 34)', async () => {
    const hearing = {
      court_id: null,
      court_name: 'Sąd Rejonowy dla Warszawy-Mokotowa',
      court_city: 'Warszawa',
      division: null,
      case_number: null,
      starts_at: '2099-03-10T08:30:00.000Z',
      mode: null,
      remote_link: null,
      party: null,
    };
    serve(
      createFakeOffersApi([
        makeOffer({ title: 'Wysłane', status: 'active', expireDate: '2099-03-07', hearing }),
        makeOffer({ title: 'Opłacone', status: 'payed', expireDate: '2099-03-07', hearing }),
        makeOffer({ title: 'Do akceptacji', status: 'done', expireDate: '2099-03-07', hearing }),
        makeOffer({ title: 'Sporne', status: 'disputed', expireDate: '2099-03-07' }),
        makeOffer({ title: 'Odwołane', status: 'cancelled', expireDate: '2099-03-07' }),
        makeOffer({ title: 'Przyjęte', status: 'accepted', expireDate: '2099-03-07' }),
        makeOffer({ title: 'Po terminie', status: 'expired', expireDate: '2099-03-07' }),
      ]),
    );
    renderWithApp(<OffersHistory />);
    await screen.findByRole('article', { name: 'Opłacone' });
    // The unpaid link: its expiry and the time left to pay.
    expect(within(card('Wysłane')).getByText(/Ważna do/)).toBeInTheDocument();
    expect(within(card('Wysłane')).getByTestId('time-left')).toBeInTheDocument();
    expect(within(card('Po terminie')).getByText(/Ważna do/)).toBeInTheDocument();
    for (const title of ['Opłacone', 'Do akceptacji', 'Sporne', 'Odwołane', 'Przyjęte']) {
      expect(within(card(title)).queryByText(/Ważna do/)).not.toBeInTheDocument();
      expect(within(card(title)).queryByText(/Pozostało|Termin minął/)).not.toBeInTheDocument();
    }
    expect(within(card('Opłacone')).getByText(/10\.03\.2099/)).toBeInTheDocument();
    expect(within(card('Opłacone')).getByText('Sąd Rejonowy dla Warszawy-Mokotowa')).toBeInTheDocument();
    expect(within(card('Opłacone')).getByTestId('next-step')).toHaveTextContent(
      'Następny krok: po rozprawie oznacz zlecenie jako zrealizowane.',
    );
    expect(within(card('Do akceptacji')).getByTestId('next-step')).toHaveTextContent(
      'Następny krok: klient potwierdza wykonanie usługi, potem wypłacimy Ci wynagrodzenie.',
    );
    expect(within(card('Sporne')).getByTestId('next-step')).toHaveTextContent(
      'Następny krok: administrator rozstrzygnie spór zgłoszony przez klienta.',
    );
    expect(within(card('Odwołane')).getByTestId('next-step')).toHaveTextContent(
      'Następny krok: zwracamy klientowi płatność.',
    );
    expect(within(card('Przyjęte')).queryByTestId('next-step')).not.toBeInTheDocument();
  });

  it('gives archive cards only their icon and no actions', async () => {
    serve(
      createFakeOffersApi([
        makeOffer({ title: 'Przyjęte', status: 'accepted' }),
        makeOffer({ title: 'Po terminie', status: 'expired' }),
        makeOffer({ title: 'Wysłane', status: 'active' }),
      ]),
    );
    renderWithApp(<OffersHistory />);
    await screen.findByRole('article', { name: 'Przyjęte' });
    for (const title of ['Przyjęte', 'Po terminie']) {
      expect(within(card(title)).queryAllByRole('button')).toEqual([]);
      expect(within(card(title)).queryByText(/Pozostało/)).not.toBeInTheDocument();
    }
    expect(within(card('Wysłane')).getAllByRole('button').length).toBeGreaterThan(0);
  });

  it('offers mark-as-done only for paid offers and delete only for unpaid ones', async () => {
    serve(
      createFakeOffersApi([
        makeOffer({ title: 'Opłacone', status: 'payed' }),
        makeOffer({ title: 'Wysłane', status: 'active' }),
      ]),
    );
    const user = setupUser();
    renderWithApp(<OffersHistory />);
    await screen.findByRole('article', { name: 'Opłacone' });
    expect(
      within(card('Opłacone')).getByRole('button', { name: 'Oznacz jako zrealizowane' }),
    ).toBeInTheDocument();
    expect(
      within(card('Wysłane')).queryByRole('button', { name: 'Oznacz jako zrealizowane' }),
    ).not.toBeInTheDocument();

    await user.click(within(card('Opłacone')).getByRole('button', { name: 'Więcej akcji: Opłacone' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Informacje', 'Podgląd']);
  });

  it('shows "Skopiowano" for 2 seconds after copying the link', async () => {
    const offer = makeOffer({ title: 'Rozprawa' });
    serve(createFakeOffersApi([offer]));
    renderWithApp(<OffersHistory />);
    const copyButton = await screen.findByRole('button', { name: 'Kopiuj link' });

    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(copyButton);
    });
    expect(clipboard).toEqual([offer.absoluteUrl]);
    expect(within(card('Rozprawa')).getByRole('button', { name: 'Skopiowano' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(COPY_FEEDBACK_MS - 1));
    expect(within(card('Rozprawa')).getByRole('button', { name: 'Skopiowano' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(within(card('Rozprawa')).getByRole('button', { name: 'Kopiuj link' })).toBeInTheDocument();
  });

  it('keeps the time left counting down every minute', async () => {
    // 10:00 Warsaw summer time; an offer valid through 12.06 ends at 13.06 00:00.
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'Date'],
      now: new Date('2025-06-10T08:00:00Z'),
    });
    serve(createFakeOffersApi([makeOffer({ title: 'Rozprawa', expireDate: '2025-06-12' })]));
    renderWithApp(<OffersHistory />);
    const left = await within(await screen.findByRole('article', { name: 'Rozprawa' })).findByTestId(
      'time-left',
    );
    expect(left).toHaveTextContent('Pozostało: 2 d 14 godz. 0 min');

    act(() => vi.advanceTimersByTime(60_000));
    expect(left).toHaveTextContent('Pozostało: 2 d 13 godz. 59 min');
    act(() => vi.advanceTimersByTime(14 * 60 * 60_000));
    expect(left).toHaveTextContent('Pozostało: 1 d 23 godz. 59 min');
    act(() => vi.advanceTimersByTime(2 * 24 * 60 * 60_000));
    expect(left).toHaveTextContent('Termin minął');
  });

  it('deletes an offer after confirmation and reloads the list', async () => {
    serve(createFakeOffersApi([makeOffer({ title: 'Do usunięcia' }), makeOffer({ title: 'Zostaje' })]));
    const user = setupUser();
    renderWithApp(<OffersHistory />);
    await screen.findByRole('article', { name: 'Do usunięcia' });
    const listLoads = api.callsTo('GET', '/api/user/offer').length;

    await user.click(
      within(card('Do usunięcia')).getByRole('button', { name: 'Więcej akcji: Do usunięcia' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Usuń' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Czy na pewno chcesz wycofać ofertę tego zlecenia?');
    expect(dialog).toHaveTextContent('Tej operacji nie można cofnąć. Oferta zostanie trwale usunięta.');
    await user.click(within(dialog).getByRole('button', { name: 'Wycofaj ofertę' }));

    expect(await screen.findByText('Usunięto poprawnie')).toBeInTheDocument();
    // Both checked once the dialog has closed and stopped hiding the page.
    await waitFor(() => {
      expect(screen.getByRole('article', { name: 'Zostaje' })).toBeInTheDocument();
      expect(screen.queryByText('Do usunięcia')).not.toBeInTheDocument();
    });
    expect(api.callsTo('DELETE', '/api/user/offer/')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/user/offer').length).toBeGreaterThan(listLoads);
  });

  it('marks a paid offer done with a hearing report; it then awaits acceptance', async () => {
    serve(createFakeOffersApi([makeOffer({ title: 'Rozprawa', status: 'payed' })]));
    const user = setupUser();
    renderWithApp(<OffersHistory />);
    await user.click(await screen.findByRole('button', { name: 'Oznacz jako zrealizowane' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Czy na pewno chcesz oznaczyć zlecenie „Rozprawa” jako zrealizowane?');
    // The report is required: without its outcome nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Oznacz jako zrealizowane' }));
    expect(within(dialog).getByText('Wybierz, co stało się z rozprawą')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/offer/')).toHaveLength(0);
    await user.click(within(dialog).getByRole('radio', { name: 'Rozprawa odbyła się' }));
    await user.type(within(dialog).getByLabelText('Uwagi'), 'Sąd wysłuchał stron.');
    await user.click(within(dialog).getByRole('button', { name: 'Oznacz jako zrealizowane' }));

    expect(await screen.findByText('Zapisano poprawnie')).toBeInTheDocument();
    // The card is found again once the dialog has closed and stopped hiding the page.
    await waitFor(() =>
      expect(within(card('Rozprawa')).getByText('Oczekuje na akceptację')).toBeInTheDocument(),
    );
    expect(api.callsTo('PUT', '/api/user/offer/')).toHaveLength(1);
  });

  // Issue 30, finding 3: before the hearing's start the dialog says from when a report can be filed.
  it.each([
    [
      'pl',
      'Oznacz jako zrealizowane',
      'Raport z rozprawy złożysz od 15.01.2099, godz. 10:30 (czas polski).',
      'Rozumiem',
    ],
    [
      'en',
      'Mark as done',
      'You can file the hearing report from 15.01.2099 at 10:30 (Polish time).',
      'Got it',
    ],
  ] as const)(
    '%s: before the hearing the report dialog says from when it can be filed, and sends nothing',
    async (language, action, text, close) => {
      const hearing = {
        court_id: null,
        court_name: null,
        court_city: null,
        division: null,
        case_number: null,
        starts_at: '2099-01-15T09:30:00.000Z',
        mode: null,
        remote_link: null,
        party: null,
      };
      serve(createFakeOffersApi([makeOffer({ title: 'Rozprawa', status: 'payed', hearing })]));
      const user = setupUser();
      renderWithApp(<OffersHistory />, { language });
      await user.click(await screen.findByRole('button', { name: action }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent(text);
      expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: action })).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: close }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.callsTo('PUT', '/api/user/offer/')).toHaveLength(0);
    },
  );

  it('previews an editable message and copies it with the link', async () => {
    const offer = makeOffer({ title: 'Rozprawa' });
    serve(createFakeOffersApi([offer]));
    const user = setupUser();
    renderWithApp(<OffersHistory />);
    await user.click(await screen.findByRole('button', { name: 'Więcej akcji: Rozprawa' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Podgląd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Podgląd' });
    expect(within(dialog).queryByText(/Historia ofert/)).not.toBeInTheDocument();

    const message = within(dialog).getByLabelText('Wiadomość do klienta');
    await user.clear(message);
    await user.type(message, 'Zapraszam!');
    await user.click(within(dialog).getByRole('button', { name: 'Kopiuj wiadomość z linkiem' }));
    expect(clipboard).toEqual([`Zapraszam!\n\n${offer.absoluteUrl}`]);
    expect(within(dialog).getByRole('button', { name: 'Skopiowano wiadomość' })).toBeInTheDocument();

    // Edits stay local: opening the preview again starts from the default text.
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Więcej akcji: Rozprawa' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Podgląd' }));
    const reopened = within(await screen.findByRole('dialog')).getByLabelText('Wiadomość do klienta');
    expect((reopened as HTMLTextAreaElement).value).toMatch(/^Dzień dobry,\n\nzapraszam/);
  });

  it('on a phone offers Info, Copy link and Delete in one menu, with an info dialog', async () => {
    mobile(true);
    const offer = makeOffer({ title: 'Rozprawa' });
    serve(createFakeOffersApi([offer]));
    const user = setupUser();
    renderWithApp(<OffersHistory />);
    await user.click(await screen.findByRole('button', { name: 'Więcej akcji: Rozprawa' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Informacje', 'Kopiuj link', 'Podgląd', 'Usuń']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Kopiuj link' }));
    expect(clipboard).toEqual([offer.absoluteUrl]);
    expect(within(card('Rozprawa')).getByRole('status')).toHaveTextContent('Skopiowano');

    await user.click(screen.getByRole('button', { name: 'Więcej akcji: Rozprawa' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Informacje' }));
    const dialog = await screen.findByRole('dialog', { name: 'Informacje o ofercie' });
    expect(dialog).toHaveTextContent(offer.absoluteUrl);
    expect(dialog).toHaveTextContent('Oczekuje na płatność');
  });

  it('renders in English', async () => {
    serve(createFakeOffersApi([makeOffer({ title: 'Hearing', status: 'payed' })]));
    renderWithApp(<OffersHistory />, { language: 'en' });
    expect(await screen.findByRole('heading', { name: /Active/ })).toBeInTheDocument();
    expect(within(card('Hearing')).getByText('In progress')).toBeInTheDocument();
    expect(within(card('Hearing')).getByText(/PLN\s*100\.00/)).toBeInTheDocument();
  });
});

describe('invoices on the offer card', () => {
  const invoice = (overrides: Partial<InvoiceDto>): InvoiceDto => ({
    id: 1,
    offer_id: 0,
    kind: 'ZAL',
    issuer: 'lawyer',
    number: 'FV/1/2026',
    issue_date: '2026-11-24',
    net: '100.00',
    vat: '23.00',
    gross: '123.00',
    mode: 'issue',
    ksef_status: 'accepted',
    ksef_number: '5260250274-20261124-0123456789AB-CD',
    ksef_error: null,
    ksef_error_code: null,
    corrected_invoice_id: null,
    ...overrides,
  });

  it('shows each invoice with its KSeF status and downloads its PDF and XML', async () => {
    const user = setupUser();
    const paid = makeOffer({ title: 'Rozprawa w Łodzi', status: 'payed' });
    const other = makeOffer({ title: 'Inna sprawa', status: 'active' });
    const fake = createFakeOffersApi([paid, other]);
    fake.invoices = [
      invoice({
        id: 3,
        offer_id: paid.offerId,
        kind: 'KOR',
        number: 'FV/2/2026',
        gross: '-61.50',
        ksef_status: 'rejected',
        ksef_number: null,
        ksef_error: 'Błąd 450: niepoprawny NIP',
      }),
      invoice({ id: 2, offer_id: paid.offerId }),
    ];
    serve(fake);
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:invoice';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderWithApp(<OffersHistory />);

    const box = await screen.findByRole('region', { name: 'Faktury' }, { timeout: 15_000 });
    expect(within(card('Rozprawa w Łodzi')).getByRole('region', { name: 'Faktury' })).toBe(box);
    expect(within(card('Inna sprawa')).queryByRole('region', { name: 'Faktury' })).toBeNull();
    // The advance first, then its correction.
    const rows = within(box).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Faktura zaliczkowa FV/1/2026');
    expect(rows[0]).toHaveTextContent('KSeF: przyjęta');
    expect(rows[0]).toHaveTextContent('5260250274-20261124-0123456789AB-CD');
    expect(rows[1]).toHaveTextContent('Faktura korygująca FV/2/2026');
    expect(rows[1]).toHaveTextContent('KSeF: odrzucona');
    expect(rows[1]).toHaveTextContent('Błąd 450: niepoprawny NIP');
    expect(rows[1]?.textContent).toMatch(/-61,50\s*zł/);

    await user.click(within(box).getByRole('button', { name: 'Pobierz PDF faktury FV/1/2026' }));
    await user.click(within(box).getByRole('button', { name: 'Pobierz XML faktury FV/1/2026' }));
    await waitFor(() => expect(saved).toEqual(['faktura-FV-1-2026.pdf', 'faktura-FV-1-2026.xml']));
    expect(fake.callsTo('GET', '/api/user/invoices/2/')).toHaveLength(2);
  });

  it('shows KSeF’s refusal with its code and text, never as accepted, and sends it again', async () => {
    const user = setupUser();
    const paid = makeOffer({ title: 'Duplikat numeru', status: 'payed' });
    const fake = createFakeOffersApi([paid]);
    fake.invoices = [
      invoice({
        id: 7,
        offer_id: paid.offerId,
        number: 'FV/1/2026',
        ksef_status: 'rejected',
        ksef_number: null,
        ksef_error_code: 440,
        ksef_error: '440 Duplikat faktury: numer już użyty',
      }),
    ];
    serve(fake);
    renderWithApp(<OffersHistory />);
    const box = await screen.findByRole('region', { name: 'Faktury' }, { timeout: 15_000 });
    const alert = within(box).getByRole('alert');
    expect(alert).toHaveTextContent('Kod KSeF 440: 440 Duplikat faktury: numer już użyty');
    expect(alert).toHaveTextContent('kolejny wolny numer');
    expect(box).not.toHaveTextContent('KSeF: przyjęta');
    await user.click(within(box).getByRole('button', { name: /Wyślij ponownie do KSeF/ }));
    await waitFor(() => expect(fake.callsTo('POST', '/api/user/invoices/7/retry')).toHaveLength(1));
    await waitFor(() => expect(within(box).getByText('KSeF: w kolejce')).toBeInTheDocument());
    expect(within(box).queryByRole('alert')).toBeNull();
  });

  it('shows an invoice that could not be made, with its reason, and retries it once the data is fixed', async () => {
    const user = setupUser();
    const paid = makeOffer({ title: 'Bez danych', status: 'payed' });
    const fake = createFakeOffersApi([paid]);
    fake.invoiceFailures = [
      {
        id: 4,
        offer_id: paid.offerId,
        kind: 'ZAL',
        issuer: 'lawyer',
        reason: 'schema_invalid',
        details: ["cvc-pattern-valid: Value 'Kancelaria\u0001' is not facet-valid"],
        attempts: 1,
        created_at: '2026-11-24T10:00:00.000Z',
        updated_at: '2026-11-24T10:00:00.000Z',
      },
    ];
    serve(fake);
    renderWithApp(<OffersHistory />);
    const box = await screen.findByRole('region', { name: 'Faktury' }, { timeout: 15_000 });
    const alert = within(box).getByRole('alert');
    expect(alert).toHaveTextContent('Nie wystawiono: Faktura zaliczkowa');
    expect(alert).toHaveTextContent('nie przeszły kontroli schematu FA(3)');
    expect(alert).toHaveTextContent('Szczegóły techniczne');
    // Not fixed yet: the reason the server gives shows.
    await user.click(within(alert).getByRole('button', { name: /Spróbuj ponownie/ }));
    expect(await screen.findByText(/Faktury nadal nie da się wystawić/)).toBeInTheDocument();
    fake.failureCauseFixed = true;
    await user.click(within(alert).getByRole('button', { name: /Spróbuj ponownie/ }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Faktury' })).toBeNull());
  });

  it('explains a failure in English', async () => {
    const paid = makeOffer({ title: 'No data', status: 'payed' });
    const fake = createFakeOffersApi([paid]);
    fake.invoiceFailures = [
      {
        id: 5,
        offer_id: paid.offerId,
        kind: 'ZAL',
        issuer: 'lawyer',
        reason: 'no_invoice_data',
        details: [],
        attempts: 2,
        created_at: '2026-11-24T10:00:00.000Z',
        updated_at: '2026-11-24T10:00:00.000Z',
      },
    ];
    serve(fake);
    renderWithApp(<OffersHistory />, { language: 'en' });
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('Not issued: Advance invoice');
    expect(alert).toHaveTextContent('Your invoice details are missing');
  });

  it('still shows the cards when the invoices cannot be loaded', async () => {
    const fake = createFakeOffersApi([makeOffer({ title: 'Bez faktur', status: 'payed' })]);
    fake.failing.add('GET /api/user/invoices');
    serve(fake);
    renderWithApp(<OffersHistory />);
    expect(
      await screen.findByRole('article', { name: 'Bez faktur' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Faktury' })).toBeNull();
  });
});
