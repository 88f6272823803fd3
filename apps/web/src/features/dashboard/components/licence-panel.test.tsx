import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnLicence } from '@/lib/licence';
import { setSession } from '@/lib/session';
import {
  completeProfile,
  createFakeDashboardApi,
  type FakeDashboardApi,
} from '../../../../test/dashboard-api';
import { renderWithApp } from '../../../../test/offers-api';
import { LicencePanel } from './licence-panel';

let api: FakeDashboardApi;

function licence(overrides: Partial<OwnLicence> = {}): OwnLicence {
  return {
    state: 'unverified',
    method: null,
    verified_at: null,
    checked_at: null,
    reason: null,
    certificate_uploaded_at: null,
    register: 'advocates',
    code: null,
    ...overrides,
  };
}

function serve(own: OwnLicence) {
  api = createFakeDashboardApi({ ...completeProfile(), licence: own });
  vi.stubGlobal('fetch', api.fetch);
  vi.stubGlobal('XMLHttpRequest', api.XMLHttpRequest);
}

function renderPanel(own: OwnLicence, language: 'pl' | 'en' = 'pl') {
  serve(own);
  return renderWithApp(<LicencePanel licence={own} licenseNo="WAW/Adw/4150" />, { language });
}

const panel = () => screen.getByRole('region', { name: /^(Weryfikacja uprawnień|Licence verification)$/ });

beforeEach(() => {
  setSession('token', { id: 1, email: 'jan@example.pl', role: 'user' });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('licence panel', () => {
  it('says what was confirmed, by which register and when, in Warsaw time', () => {
    renderPanel(
      licence({
        state: 'verified',
        method: 'register',
        verified_at: '2026-11-24T13:05:00.000Z',
        checked_at: '2026-11-24T13:05:00.000Z',
      }),
    );
    expect(within(panel()).getByText('Zweryfikowane')).toBeInTheDocument();
    expect(panel()).toHaveTextContent(
      'Numer wpisu WAW/Adw/4150 potwierdzony w rejestrze adwokatów, a kod z adresu e-mail z rejestru wpisany 24.11.2026.',
    );
    expect(panel()).toHaveTextContent('Ostatnie sprawdzenie24.11.2026, 14:05');
    expect(panel()).toHaveTextContent('RejestrRejestr adwokatów');
    // Verified: nothing to upload; asking again stays possible.
    expect(screen.queryByText('Prześlij zaświadczenie z izby')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sprawdź ponownie w rejestrze' })).toBeEnabled();
  });

  it('reads in English', () => {
    renderPanel(
      licence({ state: 'verified', method: 'review', verified_at: '2026-11-24T13:05:00.000Z' }),
      'en',
    );
    expect(panel()).toHaveTextContent(
      'Licence confirmed by an administrator from a chamber certificate on 24 November 2026.',
    );
  });

  it('shows the rejection reason and offers both ways forward', () => {
    renderPanel(licence({ state: 'rejected', reason: 'Status w rejestrze: Niewykonujący zawodu' }));
    expect(within(panel()).getByText('Odrzucone')).toBeInTheDocument();
    expect(panel()).toHaveTextContent('Powód: Status w rejestrze: Niewykonujący zawodu');
    expect(screen.getByRole('button', { name: 'Sprawdź ponownie w rejestrze' })).toBeInTheDocument();
    expect(screen.getByLabelText('Prześlij zaświadczenie z izby')).toBeInTheDocument();
  });

  it('asks legal counsel for a certificate and offers no register check', () => {
    renderPanel(licence({ register: 'legal_counsel' }));
    expect(panel()).toHaveTextContent('Prześlij zaświadczenie z okręgowej izby radców prawnych.');
    expect(screen.queryByRole('button', { name: 'Sprawdź ponownie w rejestrze' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Prześlij zaświadczenie z izby')).toBeInTheDocument();
  });

  it('offers no certificate to an advocate the register has not answered for yet', () => {
    renderPanel(licence());
    expect(screen.queryByLabelText('Prześlij zaświadczenie z izby')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sprawdź ponownie w rejestrze' })).toBeInTheDocument();
  });

  it('asks the register again and says so', async () => {
    const user = userEvent.setup();
    renderPanel(licence());
    await user.click(screen.getByRole('button', { name: 'Sprawdź ponownie w rejestrze' }));
    expect(await screen.findByText('Sprawdzono w rejestrze')).toBeInTheDocument();
    expect(api.profile.licence?.state).toBe('verified');
  });

  it('explains a refused check next to the button', async () => {
    const user = userEvent.setup();
    renderPanel(licence());
    api.failing.add('licence');
    await user.click(screen.getByRole('button', { name: 'Sprawdź ponownie w rejestrze' }));
    const alert = await within(panel()).findByRole('alert');
    expect(alert).toHaveTextContent('Zbyt wiele prób. Odczekaj chwilę i spróbuj ponownie');
    expect(api.profile.licence?.state).toBe('unverified');
  });

  it('refuses a certificate of the wrong type or size without sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPanel(licence({ state: 'manual_review' }));
    const input = screen.getByLabelText('Prześlij zaświadczenie z izby');
    await user.upload(input, new File(['x'], 'zaswiadczenie.docx', { type: 'application/msword' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Zaświadczenie musi być plikiem PDF, JPG lub PNG.',
    );
    await user.upload(
      input,
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'zaswiadczenie.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Plik jest za duży: najwyżej 5 MB.');
    expect(api.calls.filter((c) => c.path.includes('certificate'))).toHaveLength(0);
  });

  it('uploads a PDF certificate and hands the case to an administrator', async () => {
    const user = userEvent.setup();
    renderPanel(licence({ state: 'manual_review' }));
    expect(panel()).toHaveTextContent('Prześlij zaświadczenie z izby adwokackiej');
    await user.upload(
      screen.getByLabelText('Prześlij zaświadczenie z izby'),
      new File(['%PDF-1.4'], 'zaswiadczenie.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Przesłano zaświadczenie')).toBeInTheDocument();
    await waitFor(() => expect(api.profile.licence?.certificate_uploaded_at).not.toBeNull());
  });

  describe('the code from the register e-mail (issue 30)', () => {
    const waiting = () =>
      licence({
        state: 'code_sent',
        checked_at: '2026-11-24T13:05:00.000Z',
        code: {
          channel: 'email',
          sent_to: 'a•••••@kancelaria-nowak.example.com',
          sent_at: '2026-11-24T13:05:00.000Z',
          expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
          attempts_left: 5,
          resend_at: new Date(Date.now() + 60_000).toISOString(),
        },
      });

    it('says where the code went, and that the register match alone is not the badge', () => {
      renderPanel(waiting());
      expect(within(panel()).getByText('Czeka na kod z e-maila')).toBeInTheDocument();
      expect(panel()).toHaveTextContent('Aby potwierdzić, że to Ty, wpisz kod');
      expect(panel()).toHaveTextContent(
        'Kod wysłaliśmy na a•••••@kancelaria-nowak.example.com (adres z rejestru) 24.11.2026, 14:05.',
      );
      expect(panel()).toHaveTextContent('Pozostałe próby: 5 z 5.');
      // A new code only a minute after the last one; the register is not asked again meanwhile.
      expect(screen.getByRole('button', { name: 'Wyślij nowy kod' })).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Sprawdź ponownie w rejestrze' })).not.toBeInTheDocument();
      // Who cannot read that address can send a certificate instead.
      expect(screen.getByLabelText('Prześlij zaświadczenie z izby')).toBeInTheDocument();
    });

    it('checks the code before sending it, explains a wrong one, and verifies with the right one', async () => {
      const user = userEvent.setup();
      renderPanel(waiting());
      const field = screen.getByLabelText('Kod z e-maila (6 cyfr)');
      await user.type(field, '12a');
      await user.click(screen.getByRole('button', { name: 'Potwierdź kod' }));
      expect(await within(panel()).findByText('Wpisz 6-cyfrowy kod z wiadomości')).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(api.calls.filter((c) => c.path.endsWith('/licence/code'))).toHaveLength(0);

      await user.clear(field);
      await user.type(field, '654 321');
      await user.click(screen.getByRole('button', { name: 'Potwierdź kod' }));
      expect(
        await within(panel()).findByText(
          'Ten kod jest nieprawidłowy. Sprawdź go w wiadomości i wpisz ponownie',
        ),
      ).toBeInTheDocument();
      expect(api.profile.licence?.code?.attempts_left).toBe(4);

      await user.clear(field);
      await user.type(field, '123456');
      await user.click(screen.getByRole('button', { name: 'Potwierdź kod' }));
      expect(await screen.findByText('Uprawnienia zweryfikowane')).toBeInTheDocument();
      expect(api.profile.licence?.state).toBe('verified');
    });

    it('reads in English, and offers a new code once the minute has passed', async () => {
      const user = userEvent.setup();
      const own = waiting();
      renderPanel(
        { ...own, code: { ...own.code!, resend_at: new Date(Date.now() - 1000).toISOString() } },
        'en',
      );
      expect(within(panel()).getByText('Waiting for the e-mailed code')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Send a new code' }));
      expect(await screen.findByText('We sent a new code')).toBeInTheDocument();
      expect(api.calls.filter((c) => c.path.endsWith('/licence/code/resend'))).toHaveLength(1);
    });
  });
});
