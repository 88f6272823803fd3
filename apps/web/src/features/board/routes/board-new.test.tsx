import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { warsawDateTimeToIso } from '@substytut/shared/hearing-time';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../../test/browser-gaps';
import { boardApi, ok } from '../../../../test/board-api';
import { renderApp } from '../../../../test/render-app';
import { setSession } from '@/lib/session';
import { whenValuesOf } from '@/lib/when';

configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'pl');
  setSession('token', { id: 1, email: 'kancelaria@example.pl', role: 'user' });
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  // The court list (cmdk) scrolls its chosen item into view; jsdom has no layout.
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serve() {
  const api = boardApi({
    'POST /api/board/requests': ok('POST /api/board/requests', { id: 'new-id', state: 'open' }),
    'GET /api/user/board/requests': ok('GET /api/user/board/requests', { items: [] }),
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function openForm() {
  const view = renderApp('/dashboard/board/new');
  const form = await screen.findByRole('form', { name: 'Nowe zlecenie zastępstwa' });
  return { ...view, form };
}

const DAY_MS = 86_400_000;

/** A day `days` from now as the form takes it (dd.mm.rrrr, Warsaw). */
function dayText(days: number): string {
  return whenValuesOf(new Date(Date.now() + days * DAY_MS)).date;
}

async function fillHearing(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, days: number) {
  await user.click(within(form).getByRole('combobox', { name: 'Sąd' }));
  await user.type(await screen.findByPlaceholderText('Szukaj...'), 'Warszawy-Śródmieścia');
  await user.click(
    await screen.findByRole('option', { name: 'Sąd Rejonowy dla Warszawy-Śródmieścia w Warszawie' }),
  );
  const when = within(within(form).getByRole('group', { name: /Data i godzina rozprawy/ }));
  await user.type(when.getByLabelText('Dzień (dd.mm.rrrr)'), dayText(days));
  await user.selectOptions(when.getByLabelText('Godzina'), '14');
  await user.selectOptions(when.getByLabelText('Minuty'), '30');
  await user.click(within(form).getByRole('radio', { name: 'Zdalnie' }));
  await user.selectOptions(within(form).getByLabelText(/Rodzaj sprawy/), 'family');
  await user.type(within(form).getByLabelText(/Co zastępca ma zrobić/), 'Stawiennictwo i wniosek dowodowy.');
}

describe('posting a request', () => {
  it('checks every field with the API’s rule before sending anything', async () => {
    const user = userEvent.setup();
    const api = serve();
    const { form } = await openForm();
    await user.click(within(form).getByRole('button', { name: 'Opublikuj zlecenie' }));
    expect(await within(form).findByText('Wybierz sąd z listy')).toBeInTheDocument();
    expect(within(form).getByText('Podaj poprawną datę i godzinę rozprawy')).toBeInTheDocument();
    expect(within(form).getAllByText('Uzupełnij pole').length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/board/requests')).toHaveLength(0);
  });

  it('takes the day as dd.mm.rrrr and the hour on a 24-hour clock, and sends the API’s body', async () => {
    const user = userEvent.setup();
    const api = serve();
    const { form, router } = await openForm();
    await fillHearing(user, form, 5);
    expect(within(form).queryByText(/zlecenie będzie oznaczone jako pilne/)).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Wynagrodzenie netto/), '250,5');
    expect(within(form).getByText(/Brutto z VAT/).parentElement).toHaveTextContent('Brutto z VAT: 308,12 zł');
    await user.click(within(form).getByRole('checkbox', { name: /Przydziel automatycznie/ }));
    await user.type(within(form).getByLabelText('Sygnatura akt'), 'I C 123/24');
    await user.type(within(form).getByLabelText('Strona 1: imię i nazwisko lub nazwa'), 'Jan Nowak');
    await user.type(within(form).getByLabelText('Strona 1: rola'), 'powód');
    await user.click(within(form).getByRole('button', { name: 'Dodaj stronę' }));
    await user.type(within(form).getByLabelText('Strona 2: imię i nazwisko lub nazwa'), 'ACME sp. z o.o.');
    await user.type(within(form).getByLabelText('Strona 2: rola'), 'pozwany');
    await user.click(within(form).getByRole('button', { name: 'Opublikuj zlecenie' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/board/requests')).toHaveLength(1));
    const [year, month, day] = dayText(5).split('.').reverse();
    expect(api.callsTo('POST', '/api/board/requests')[0]?.body).toEqual({
      court_id: 'sad-rejonowy-dla-warszawy-srodmiescia-w-warszawie',
      division: null,
      starts_at: warsawDateTimeToIso(`${year}-${month}-${day}`, '14:30'),
      mode: 'remote',
      case_type: 'family',
      task: 'Stawiennictwo i wniosek dowodowy.',
      professions: ['adwokat', 'radca-prawny'],
      fee_net: '250.50',
      auto_assign: true,
      answer_deadline: null,
      case_number: 'I C 123/24',
      parties: [
        { name: 'Jan Nowak', role: 'powód' },
        { name: 'ACME sp. z o.o.', role: 'pozwany' },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/board/mine'));
  });

  it('asks for quotes without a fee and without auto-assign, and marks a hearing within 48 h urgent', async () => {
    const user = userEvent.setup();
    const api = serve();
    const { form } = await openForm();
    await fillHearing(user, form, 1);
    expect(within(form).getByText(/zlecenie będzie oznaczone jako pilne/)).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: 'Zapytanie o wycenę' }));
    expect(within(form).queryByLabelText(/Wynagrodzenie netto/)).not.toBeInTheDocument();
    expect(within(form).queryByRole('checkbox', { name: /Przydziel automatycznie/ })).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Strona 1: imię i nazwisko lub nazwa'), 'Jan Nowak');
    await user.type(within(form).getByLabelText('Strona 1: rola'), 'powód');
    await user.click(within(form).getByRole('button', { name: 'Opublikuj zlecenie' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/board/requests')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/board/requests')[0]?.body).toMatchObject({
      fee_net: null,
      auto_assign: false,
    });
  });

  it('refuses an answer deadline after the hearing, and shows the default one', async () => {
    const user = userEvent.setup();
    const api = serve();
    const { form } = await openForm();
    await fillHearing(user, form, 5);
    const deadline = within(within(form).getByRole('group', { name: /Termin na odpowiedzi/ }));
    expect(within(form).getByRole('group', { name: /Termin na odpowiedzi/ })).toHaveAccessibleDescription(
      /Domyślnie: 2 godziny przed rozprawą, czyli .*godz\. 12:30/,
    );
    await user.type(deadline.getByLabelText('Dzień (dd.mm.rrrr)'), dayText(6));
    await user.selectOptions(deadline.getByLabelText('Godzina'), '09');
    await user.selectOptions(deadline.getByLabelText('Minuty'), '00');
    await user.type(within(form).getByLabelText(/Wynagrodzenie netto/), '200');
    await user.type(within(form).getByLabelText('Strona 1: imię i nazwisko lub nazwa'), 'Jan Nowak');
    await user.type(within(form).getByLabelText('Strona 1: rola'), 'powód');
    await user.click(within(form).getByRole('button', { name: 'Opublikuj zlecenie' }));
    expect(
      await within(form).findByText('Termin na odpowiedzi nie może przypadać po rozprawie'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/board/requests')).toHaveLength(0);
  });
});
