import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../../test/browser-gaps';
import { publicConfig, stubFetch } from '../../../../test/fetch-stub';
import { renderApp } from '../../../../test/render-app';
import { rememberOfferPage } from '@/lib/last-offer';

// The machine running the suite may be busy: lazy routes and answers can take a while to appear.
configure({ asyncUtilTimeout: 15_000 });
const LOAD = { timeout: 15_000 };

let stub: ReturnType<typeof stubFetch>;

function serve(routes: Parameters<typeof stubFetch>[0] = {}) {
  stub = stubFetch({
    'GET /api/config/public': { body: { data: publicConfig({ supportEmail: 'pomoc@substytut.test' }) } },
    'GET /api/csrf-cookie': { status: 204 },
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetch);
}

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'pl');
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/payment/success', () => {
  it('says the order is registered, how the money moves, and where to ask', async () => {
    serve();
    renderApp('/payment/success');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Twoje zlecenie zostało zarejestrowane!' }, LOAD),
    ).toBeInTheDocument();
    // One mail is sent, the confirmation with the order's summary; no other is promised.
    expect(
      screen.getByText('Potwierdzenie płatności z podsumowaniem zlecenia wysłaliśmy na Twój adres e-mail.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/dopiero po potwierdzeniu/)).toBeInTheDocument();
    expect(screen.queryByText(/Wkrótce otrzymasz/)).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'pomoc@substytut.test' })).toHaveAttribute(
      'href',
      'mailto:pomoc@substytut.test',
    );
  });
});

describe('/payment/success: the substitution document', () => {
  const STATUS = 'GET /api/public/profile/:seolink/payment/:offerUrl/document/status';
  const STATUS_PATH = '/api/public/profile/jan-kowalski/payment/oferta-abc/document/status';

  it('waits for the payment to count, then links the document of the offer paid in this tab', async () => {
    let answers = 0;
    serve({
      [STATUS]: () => {
        answers += 1;
        return answers === 1
          ? { body: { data: { ready: false, kind: null, file_name: null } } }
          : { body: { data: { ready: true, kind: 'authorisation', file_name: 'upowazenie-7.pdf' } } };
      },
    });
    rememberOfferPage('/u/jan-kowalski?o=oferta-abc');
    renderApp('/payment/success');
    expect(
      await screen.findByText('Przygotowujemy dokument substytucji…', undefined, LOAD),
    ).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Pobierz upoważnienie (PDF)' }, LOAD);
    expect(link).toHaveAttribute('href', '/api/public/profile/jan-kowalski/payment/oferta-abc/document');
    expect(link).toHaveAttribute('download', 'upowazenie-7.pdf');
    expect(stub.callsTo('GET', '/api/public/profile/').every((call) => call.path === STATUS_PATH)).toBe(true);
  });

  it('shows nothing to a browser the server does not know as the payer, or without a payment in this tab', async () => {
    serve({ [STATUS]: { status: 404, body: { message: 'x', code: 'documents.not_available' } } });
    rememberOfferPage('/u/jan-kowalski?o=oferta-abc');
    renderApp('/payment/success');
    await waitFor(() => expect(stub.callsTo('GET', STATUS_PATH)).toHaveLength(1), LOAD);
    expect(screen.queryByRole('link', { name: /Pobierz/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Przygotowujemy dokument substytucji…')).not.toBeInTheDocument();
  });
});

describe('/payment/cancel', () => {
  it('leads back to the offer the payment started from', async () => {
    serve();
    rememberOfferPage('/u/jan-kowalski?o=oferta-abc');
    renderApp('/en/payment/cancel');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your payment has been cancelled!' }, LOAD),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back to the offer' })).toHaveAttribute(
      'href',
      '/en/u/jan-kowalski?o=oferta-abc',
    );
  });

  it('says a failed payment failed and that the client may try again, not that it was cancelled', async () => {
    serve();
    rememberOfferPage('/u/jan-kowalski?o=oferta-abc');
    window.history.replaceState(null, '', '/payment/cancel?reason=failed');
    renderApp('/payment/cancel?reason=failed');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Płatność nie powiodła się' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText(/Możesz spróbować ponownie/)).toBeInTheDocument();
    expect(screen.queryByText('Twoja płatność została anulowana!')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wróć do oferty' })).toHaveAttribute(
      'href',
      '/u/jan-kowalski?o=oferta-abc',
    );
    window.history.replaceState(null, '', '/');
  });

  it('offers the home page when it does not know the offer', async () => {
    serve();
    renderApp('/payment/cancel');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Twoja płatność została anulowana!' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wróć na stronę główną' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Wróć do oferty' })).not.toBeInTheDocument();
  });
});

/** A dispute the client opened and the administrator has not decided yet. */
const openDispute = {
  paid_grosze: 12300,
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

/** Issue 34: the client's confirmation goes through a dialog that asks first. */
async function confirmInDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Potwierdzam wykonanie usługi' }, LOAD));
  const dialog = await screen.findByRole('alertdialog', { name: 'Potwierdzić wykonanie usługi?' });
  await user.click(within(dialog).getByRole('button', { name: 'Tak, potwierdzam' }));
}

describe('/offer/done', () => {
  it('confirms only on the button, then thanks and drops the token from the address', async () => {
    const user = userEvent.setup();
    serve({
      'POST /api/public/offer/page': {
        body: {
          data: {
            status: 'done',
            acceptedAt: null,
            offer_title: 'Rozprawa',
            lawyer_name: 'Jan Nowak',
            closes_at: null,
            report: null,
            settlement: null,
          },
        },
      },
      'POST /api/public/offer/accept': {
        body: { data: { status: 'accepted', acceptedAt: '2026-11-24T13:05:00.000Z' } },
      },
    });
    const { router } = renderApp('/offer/done?t=sekret-123');
    const confirm = await screen.findByRole('button', { name: 'Potwierdzam wykonanie usługi' }, LOAD);
    expect(screen.getByRole('heading', { level: 1, name: 'Potwierdź wykonanie usługi' })).toBeInTheDocument();
    // Opening the link alone changes nothing.
    expect(stub.callsTo('POST', '/api/public/offer/accept')).toHaveLength(0);

    // Issue 34: the click asks first; going back sends nothing.
    await user.click(confirm);
    const dialog = await screen.findByRole('alertdialog', { name: 'Potwierdzić wykonanie usługi?' });
    expect(dialog).toHaveTextContent('pełnomocnik otrzyma zapłatę');
    await user.click(within(dialog).getByRole('button', { name: 'Wróć' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(stub.callsTo('POST', '/api/public/offer/accept')).toHaveLength(0);

    await confirmInDialog(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Usługa została oznaczona jako zaakceptowana!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Dziękujemy za potwierdzenie/)).toBeInTheDocument();
    expect(stub.callsTo('POST', '/api/public/offer/accept').map((c) => c.body)).toEqual([
      { token: 'sekret-123' },
    ]);
    expect(router.state.location.search).toBe('');
    expect(router.state.location.pathname).toBe('/offer/done');
  });

  it('explains an invalid or used link, a closed window, and a server failure', async () => {
    const user = userEvent.setup();
    serve({
      'POST /api/public/offer/accept': ({ body }) => {
        const token = (body as { token: string }).token;
        if (token === 'zly')
          return { status: 404, body: { message: 'x', code: 'offers.acceptance_invalid' } };
        if (token === 'pozno')
          return { status: 409, body: { message: 'x', code: 'offers.acceptance_closed' } };
        return { status: 500, body: { message: 'x', code: 'internal' } };
      },
    });
    const invalid = renderApp('/offer/done?t=zly');
    await confirmInDialog(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ten link jest nieprawidłowy' }),
    ).toBeInTheDocument();
    invalid.unmount();

    const closed = renderApp('/offer/done?t=pozno');
    await confirmInDialog(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Czas na potwierdzenie minął' }),
    ).toBeInTheDocument();
    closed.unmount();

    renderApp('/offer/done?t=awaria');
    await confirmInDialog(user);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Błąd serwera spróbuj później'));
    expect(screen.getByRole('button', { name: 'Potwierdzam wykonanie usługi' })).toBeEnabled();
  });

  it('opened again after confirming, says it is already confirmed and when, with no button', async () => {
    serve({
      'POST /api/public/offer/page': {
        body: {
          data: {
            status: 'accepted',
            acceptedAt: '2026-11-24T13:05:00.000Z',
            offer_title: 'Rozprawa',
            lawyer_name: 'Jan Nowak',
            closes_at: null,
            report: null,
            settlement: null,
          },
        },
      },
    });
    renderApp('/offer/done?t=sekret-123');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Wykonanie usługi zostało już potwierdzone' },
        LOAD,
      ),
    ).toBeInTheDocument();
    // 13:05 UTC is 14:05 in Warsaw in November.
    expect(screen.getByText(/Potwierdzenie zapisaliśmy 24 listopada 2026.*14:05/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Potwierdzam wykonanie usługi' })).not.toBeInTheDocument();
    expect(stub.callsTo('POST', '/api/public/offer/page').map((c) => c.body)).toEqual([
      { token: 'sekret-123' },
    ]);
    expect(stub.callsTo('POST', '/api/public/offer/accept')).toHaveLength(0);
  });

  it('confirmed after a dispute sent from another tab, shows the dispute rather than a bad link', async () => {
    const user = userEvent.setup();
    const base = { acceptedAt: null, offer_title: 'Rozprawa', lawyer_name: 'Jan Nowak', report: null };
    let pageReads = 0;
    serve({
      'POST /api/public/offer/page': () =>
        ++pageReads === 1
          ? { body: { data: { ...base, status: 'done', closes_at: null, settlement: null } } }
          : {
              body: {
                data: {
                  ...base,
                  status: 'disputed',
                  closes_at: null,
                  settlement: openDispute,
                },
              },
            },
      'POST /api/public/offer/accept': {
        status: 404,
        body: { message: 'x', code: 'offers.acceptance_invalid' },
      },
    });
    renderApp('/offer/done?t=sekret-123');
    await confirmInDialog(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Przyjęliśmy Twoje zastrzeżenia' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Ten link jest nieprawidłowy' })).not.toBeInTheDocument();
  });

  it('disputed after a confirmation from another tab, says it is already confirmed', async () => {
    const user = userEvent.setup();
    const base = {
      offer_title: 'Rozprawa',
      lawyer_name: 'Jan Nowak',
      report: null,
      closes_at: null,
      settlement: null,
    };
    let pageReads = 0;
    serve({
      'POST /api/public/offer/page': () => ({
        body: {
          data:
            ++pageReads === 1
              ? { ...base, status: 'done', acceptedAt: null }
              : { ...base, status: 'accepted', acceptedAt: '2026-11-24T13:05:00.000Z' },
        },
      }),
      'POST /api/public/offer/dispute': {
        status: 409,
        body: { message: 'x', code: 'offers.invalid_transition' },
      },
    });
    renderApp('/offer/done?t=sekret-123');
    await user.type(
      await screen.findByLabelText(/Powód zastrzeżeń/, undefined, LOAD),
      'Pełnomocnik się spóźnił.',
    );
    await user.click(screen.getByRole('button', { name: 'Zgłaszam zastrzeżenia' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Wykonanie usługi zostało już potwierdzone' }),
    ).toBeInTheDocument();
  });

  it('shows the hearing report and disputes with a required reason instead of confirming', async () => {
    const user = userEvent.setup();
    const report = {
      outcome: 'held',
      next_hearing_at: null,
      notes: 'Sąd wysłuchał stron.',
      has_minutes: true,
      created_at: '2026-11-24T10:00:00.000Z',
    } as const;
    const base = { acceptedAt: null, offer_title: 'Rozprawa', lawyer_name: 'Jan Nowak', report };
    serve({
      'POST /api/public/offer/page': {
        body: { data: { ...base, status: 'done', closes_at: '2026-12-01T23:00:00.000Z', settlement: null } },
      },
      'POST /api/public/offer/dispute': {
        body: {
          data: {
            ...base,
            status: 'disputed',
            closes_at: null,
            settlement: openDispute,
          },
        },
      },
    });
    renderApp('/offer/done?t=sekret-123');
    expect(await screen.findByText('Rozprawa odbyła się', undefined, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Sąd wysłuchał stron.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pobierz protokół (PDF)' })).toHaveAttribute(
      'href',
      '/api/public/offer/minutes?t=sekret-123',
    );
    // Issue 34: the deadline is the last minute that counts, and the page gives one instruction.
    expect(
      screen.getByText('Możesz potwierdzić wykonanie lub zgłosić zastrzeżenia do 1 grudnia 2026, 23:59.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/2 grudnia 2026/)).not.toBeInTheDocument();
    expect(screen.queryByText(/napisz do nas/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zgłaszam zastrzeżenia' }));
    expect(screen.getByText('Uzupełnij pole')).toBeInTheDocument();
    expect(stub.callsTo('POST', '/api/public/offer/dispute')).toHaveLength(0);
    await user.type(screen.getByLabelText(/Powód zastrzeżeń/), 'Pełnomocnik się spóźnił.');
    await user.click(screen.getByRole('button', { name: 'Zgłaszam zastrzeżenia' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Przyjęliśmy Twoje zastrzeżenia' });
    // Sent from the bottom of a long page: the result's heading is where the reader is taken.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(stub.callsTo('POST', '/api/public/offer/dispute').map((c) => c.body)).toEqual([
      { token: 'sekret-123', reason: 'Pełnomocnik się spóźnił.' },
    ]);
    expect(stub.callsTo('POST', '/api/public/offer/accept')).toHaveLength(0);
    expect(
      screen.getByText('Spór czeka na decyzję administratora. Wypłata jest wstrzymana.'),
    ).toBeInTheDocument();
  });

  it('shows the lawyer’s answer to the dispute, with its file', async () => {
    serve({
      'POST /api/public/offer/page': {
        body: {
          data: {
            acceptedAt: null,
            offer_title: 'Rozprawa',
            lawyer_name: 'Jan Nowak',
            report: null,
            status: 'disputed',
            closes_at: null,
            settlement: {
              ...openDispute,
              lawyer_answer: 'Byłem na sali od 9:00, protokół to potwierdza.',
              lawyer_answered_at: '2026-11-25T09:00:00.000Z',
              lawyer_answer_has_file: true,
            },
          },
        },
      },
    });
    renderApp('/offer/done?t=sekret-123');
    expect(
      await screen.findByText('Byłem na sali od 9:00, protokół to potwierdza.', undefined, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText('Pełnomocnik się spóźnił.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pobierz plik pełnomocnika (PDF)' })).toHaveAttribute(
      'href',
      '/api/public/offer/dispute/answer-file?t=sekret-123',
    );
  });

  it('is the thank-you page without a token, so a reload after confirming keeps it', async () => {
    serve();
    renderApp('/offer/done');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Usługa została oznaczona jako zaakceptowana!' },
        LOAD,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Potwierdzam wykonanie usługi' })).not.toBeInTheDocument();
    expect(stub.callsTo('POST', '/api/public/offer/accept')).toHaveLength(0);
  });
});
