import type { ApiErrorBody } from '@substytut/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { blankProfile } from '../../../../test/dashboard-api';
import { stubFetch, type ErrorStatus } from '../../../../test/fetch-stub';
import { renderWithApp } from '../../../../test/offers-api';
import type { LicenceReview } from '../api/licence-reviews';
import { LicenceReviews } from './licence-reviews';

const REVIEW: LicenceReview = {
  profile_id: 7,
  name: 'Anna Nowak',
  professional_type: 'adwokat',
  license_no: 'WAW/Adw/9999',
  state: 'manual_review',
  certificate_url: '/api/admin/licence-reviews/7/certificate',
  submitted_at: '2026-11-24T09:00:00.000Z',
  checks: [
    {
      source: 'advocates_register',
      url: 'https://rejestradwokatow.pl/adwokat/nowak-anna-9999',
      fetched_at: '2026-11-24T08:59:30.000Z',
      sha256: 'a'.repeat(64),
      parsed: { name: 'Anna Nowak-Kowalska', entry: 'WAW/Adw/9999', status: 'Wykonujący zawód' },
      outcome: 'manual_review',
      reason: 'Nazwisko zgadza się tylko częściowo',
    },
  ],
  claims: [],
};

let stub: ReturnType<typeof stubFetch>;
let items: LicenceReview[];

function serve(decision: { status?: ErrorStatus; body?: ApiErrorBody } = {}) {
  stub = stubFetch({
    'GET /api/csrf-cookie': { status: 204 },
    'GET /api/admin/licence-reviews': () => ({ body: { data: { items } } }),
    'POST /api/admin/licence-reviews/:profileId': (call) => {
      if (decision.status && decision.status >= 400) return { ...decision, status: decision.status };
      items = [];
      const body = call.body as { decision: string };
      const state = body.decision === 'approve' ? 'verified' : 'rejected';
      return { body: { data: { licence: { ...blankProfile().licence, state } } } };
    },
  });
  vi.stubGlobal('fetch', stub.fetch);
}

beforeEach(() => {
  items = [REVIEW];
  setSession('token', { id: 1, email: 'admin@substytut.local', role: 'admin' });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const card = () => screen.findByRole('article', { name: 'Anna Nowak' });

describe('licence review queue', () => {
  it('shows each waiting profile with the evidence of every check', async () => {
    serve();
    renderWithApp(<LicenceReviews locale="pl" />);
    const article = await card();
    expect(article).toHaveTextContent('Rodzaj uprawnieńAdwokat');
    expect(article).toHaveTextContent('Numer wpisuWAW/Adw/9999');
    expect(article).toHaveTextContent('Zgłoszono2026-11-24 10:00:00');
    const evidence = within(article).getByRole('region', { name: 'Dowody sprawdzenia: Anna Nowak' });
    expect(evidence).toHaveTextContent('Rejestr adwokatów (rejestradwokatow.pl)');
    expect(evidence).toHaveTextContent('do weryfikacji ręcznej');
    expect(
      within(evidence).getByRole('link', { name: /rejestradwokatow\.pl\/adwokat\/nowak-anna-9999/ }),
    ).toHaveAttribute('href', 'https://rejestradwokatow.pl/adwokat/nowak-anna-9999');
    expect(evidence).toHaveTextContent('Pobrano2026-11-24 09:59:30');
    expect(evidence).toHaveTextContent(`SHA-256${'a'.repeat(64)}`);
    expect(evidence).toHaveTextContent('UzasadnienieNazwisko zgadza się tylko częściowo');
    expect(evidence).toHaveTextContent('nameAnna Nowak-Kowalska');
    expect(
      within(article).getByRole('button', { name: 'Pobierz zaświadczenie: Anna Nowak' }),
    ).toBeInTheDocument();
  });

  it('says when nobody is waiting', async () => {
    items = [];
    serve();
    renderWithApp(<LicenceReviews locale="en" />, { language: 'en' });
    expect(await screen.findByText('No profile is waiting for review.')).toBeInTheDocument();
  });

  it('does not reject without a reason, then rejects with one', async () => {
    const user = userEvent.setup();
    serve();
    renderWithApp(<LicenceReviews locale="pl" />);
    await user.click(within(await card()).getByRole('button', { name: 'Odrzuć: Anna Nowak' }));
    const dialog = screen.getByRole('dialog', { name: 'Odrzucić uprawnienia: Anna Nowak?' });
    await user.click(within(dialog).getByRole('button', { name: 'Odrzuć' }));
    expect(within(dialog).getByText('Podaj powód odrzucenia.')).toBeInTheDocument();
    const reason = within(dialog).getByLabelText(/Powód odrzucenia/);
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    await user.type(reason, 'ab');
    expect(within(dialog).getByText('Powód musi mieć co najmniej 3 znaki.')).toBeInTheDocument();
    expect(stub.callsTo('POST', '/api/admin/licence-reviews/7')).toHaveLength(0);

    await user.type(reason, 'c: zaświadczenie nieczytelne');
    await user.click(within(dialog).getByRole('button', { name: 'Odrzuć' }));
    expect(await screen.findByText('Odrzucono uprawnienia: Anna Nowak')).toBeInTheDocument();
    expect(stub.callsTo('POST', '/api/admin/licence-reviews/7')[0]?.body).toEqual({
      decision: 'reject',
      reason: 'abc: zaświadczenie nieczytelne',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Żaden profil nie czeka na weryfikację.')).toBeInTheDocument();
  });

  it('approves without a note', async () => {
    const user = userEvent.setup();
    serve();
    renderWithApp(<LicenceReviews locale="pl" />);
    await user.click(within(await card()).getByRole('button', { name: 'Zatwierdź: Anna Nowak' }));
    const dialog = screen.getByRole('dialog', { name: 'Zatwierdzić uprawnienia: Anna Nowak?' });
    await user.click(within(dialog).getByRole('button', { name: 'Zatwierdź' }));
    expect(await screen.findByText('Zatwierdzono uprawnienia: Anna Nowak')).toBeInTheDocument();
    expect(stub.callsTo('POST', '/api/admin/licence-reviews/7')[0]?.body).toEqual({
      decision: 'approve',
      reason: '',
    });
  });

  it('says so in the dialog when another administrator decided first', async () => {
    const user = userEvent.setup();
    serve({ status: 409, body: { message: 'Conflict', code: 'licence.not_in_review' } });
    renderWithApp(<LicenceReviews locale="pl" />);
    await user.click(within(await card()).getByRole('button', { name: 'Zatwierdź: Anna Nowak' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Zatwierdź' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ten profil został już rozpatrzony. Lista została odświeżona.',
    );
  });

  it('shows the other accounts claiming the same number, the verified holder first, and needs a certificate to approve', async () => {
    items = [
      {
        ...REVIEW,
        certificate_url: null,
        claims: [
          {
            profile_id: 3,
            name: 'Anna Nowak',
            email: 'anna@kancelaria.example.com',
            state: 'verified',
            method: 'register',
            verified_at: '2026-11-20T09:00:00.000Z',
            account_created_at: '2026-11-19T09:00:00.000Z',
          },
        ],
      },
    ];
    serve();
    renderWithApp(<LicenceReviews locale="pl" />);
    const article = await card();
    const claims = within(article).getByRole('region', { name: 'Inne konta z tym numerem wpisu: Anna Nowak' });
    expect(claims).toHaveTextContent('Ten numer jest już zweryfikowany na innym koncie.');
    expect(claims).toHaveTextContent('anna@kancelaria.example.com');
    expect(claims).toHaveTextContent('Zweryfikowane 2026-11-20 10:00:00 (rejestr i kod)');
    expect(within(article).getByRole('button', { name: 'Zatwierdź: Anna Nowak' })).toBeDisabled();
    expect(article).toHaveTextContent('Zatwierdzić można dopiero po przesłaniu zaświadczenia.');
  });
});
