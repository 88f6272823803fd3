import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { latestExpiryInWarsaw, tomorrowInWarsaw, warsawDate } from '@substytut/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfferRequirements } from '@/lib/licence';
import { setSession } from '@/lib/session';
import { dayTextOf } from '@/lib/when';
import { createFakeOffersApi, renderWithApp, type FakeOffersApi } from '../../../../test/offers-api';
import { OfferLinkForm } from './offer-link-form';

let api: FakeOffersApi;

// The form loads when the dialog first opens (issue 33); on a busy machine the first transform of
// its modules outlasts a query's wait, so the file loads them once before the tests.
beforeAll(async () => {
  await import('./offer-form-body');
});

function serve(fake: FakeOffersApi) {
  api = fake;
  vi.stubGlobal('fetch', fake.fetch);
}

beforeEach(() => {
  setSession('token', { id: 1, email: 'jan@example.pl', role: 'user' });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderForm(profileStatus: 'active' | 'inactive' = 'active', requirements?: OfferRequirements) {
  serve(createFakeOffersApi([], { profileStatus, requirements }));
  const user = userEvent.setup();
  renderWithApp(<OfferLinkForm />);
  // Issue 34: the sidebar's button opens the form in a wide dialog.
  await user.click(screen.getByRole('button', { name: 'Utwórz link' }));
  const form = within(await screen.findByRole('dialog', { name: 'Nowy link do oferty' }));
  // The form loads when the dialog first opens (issue 33).
  const button = await form.findByRole('button', { name: 'Generuj link' }, { timeout: 15_000 });
  const allowed = profileStatus === 'active' && Object.values(requirements ?? {}).every(Boolean);
  if (allowed) await waitFor(() => expect(button).toBeEnabled());
  return { user, button };
}

const titleField = () => screen.getByLabelText('Tytuł zlecenia');
const dateField = () => screen.getByLabelText('Ważna do');
const priceField = () => screen.getByLabelText('Cena netto (zł)');

describe('offer-link form', () => {
  it('shows the live gross price in Polish format once the net price is above 0', async () => {
    const { user } = await renderForm();
    expect(screen.queryByText(/Wycena brutto/)).not.toBeInTheDocument();

    await user.type(priceField(), '0');
    expect(screen.queryByText(/Wycena brutto/)).not.toBeInTheDocument();

    await user.clear(priceField());
    await user.type(priceField(), '250,50');
    // 250,50 × 1,23 = 308,115 -> rounded half up to the grosz.
    expect(screen.getByText(/Wycena brutto/).parentElement).toHaveTextContent('Wycena brutto: 308,12 zł');

    await user.clear(priceField());
    await user.type(priceField(), '1000');
    expect(screen.getByText(/Wycena brutto/).parentElement).toHaveTextContent('Wycena brutto: 1 230,00 zł');
  });

  it('drops letters typed into the price and keeps comma decimals', async () => {
    const { user } = await renderForm();
    await user.type(priceField(), '12a,5x');
    expect(priceField()).toHaveValue('12,5');
  });

  it('defaults the expiry to tomorrow in Warsaw, as day-month-year, and states the days it may take (issue 34)', async () => {
    await renderForm();
    const now = new Date();
    expect(dateField()).toHaveValue(dayTextOf(tomorrowInWarsaw(now)));
    expect(dateField()).not.toHaveAttribute('type', 'date');
    expect(dateField()).toHaveAccessibleDescription(
      `dd.mm.rrrr, od ${dayTextOf(tomorrowInWarsaw(now))} do ${dayTextOf(latestExpiryInWarsaw(now))}`,
    );
  });

  it('refuses today and a day more than a year ahead, typed day-month-year', async () => {
    const { user, button } = await renderForm();
    await user.type(titleField(), 'Rozprawa');
    await user.type(priceField(), '100');
    await user.clear(dateField());
    await user.type(dateField(), dayTextOf(warsawDate(new Date())));
    await user.click(button);
    expect(await screen.findByText('Data ważności musi przypadać najwcześniej jutro')).toBeInTheDocument();
    await user.clear(dateField());
    await user.type(dateField(), '31.12.9999');
    await user.click(button);
    expect(await screen.findByText('Data ważności może przypadać najpóźniej za rok')).toBeInTheDocument();
    expect(dateField()).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/user/offer')).toHaveLength(0);
  });

  it('is disabled with the explanation while the profile is not active', async () => {
    const { button } = await renderForm('inactive');
    const message = await screen.findByText(
      'Tworzenie ofert będzie możliwe po uzupełnieniu profilu i aktywowaniu połączonego konta płatności.',
    );
    expect(button).toBeDisabled();
    expect(titleField()).toBeDisabled();
    expect(priceField()).toBeDisabled();
    expect(screen.getByRole('form', { name: 'Formularz nowej oferty' })).toHaveAccessibleDescription(
      expect.stringContaining(message.textContent ?? ''),
    );
    expect(screen.getByRole('link', { name: 'Przejdź do profilu' })).toHaveAttribute(
      'href',
      '/dashboard/profile',
    );
  });

  it('names a missing licence as the one thing left, with a link to the licence panel', async () => {
    const { button } = await renderForm('active', {
      profile_active: true,
      payment_account: true,
      licence_verified: false,
    });
    const message = await screen.findByText(
      'Tworzenie ofert będzie możliwe po potwierdzeniu Twoich uprawnień zawodowych.',
    );
    expect(button).toBeDisabled();
    expect(titleField()).toBeDisabled();
    expect(screen.getByRole('form', { name: 'Formularz nowej oferty' })).toHaveAccessibleDescription(
      expect.stringContaining(message.textContent ?? ''),
    );
    const items = within(screen.getByRole('list', { name: 'Warunki tworzenia ofert' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'Uzupełniony i aktywny profil: spełniony',
      'Połączone konto płatności: spełniony',
      'Zweryfikowane uprawnienia (numer wpisu): brakuje',
    ]);
    expect(screen.getByRole('link', { name: 'Zweryfikuj uprawnienia' })).toHaveAttribute(
      'href',
      '/dashboard/profile#licence',
    );
    expect(screen.queryByRole('link', { name: 'Przejdź do profilu' })).not.toBeInTheDocument();
  });

  it('lists every missing condition with a way to each', async () => {
    await renderForm('inactive', { profile_active: false, payment_account: false, licence_verified: false });
    expect(
      await screen.findByText(
        'Tworzenie ofert będzie możliwe po uzupełnieniu profilu i aktywowaniu połączonego konta płatności.',
      ),
    ).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Warunki tworzenia ofert' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'Uzupełniony i aktywny profil: brakuje',
      'Połączone konto płatności: brakuje',
      'Zweryfikowane uprawnienia (numer wpisu): brakuje',
    ]);
    expect(screen.getByRole('link', { name: 'Przejdź do profilu' })).toHaveAttribute(
      'href',
      '/dashboard/profile',
    );
    expect(screen.getByRole('link', { name: 'Zweryfikuj uprawnienia' })).toBeInTheDocument();
  });

  it('is usable once all three conditions hold', async () => {
    const { button } = await renderForm('active', {
      profile_active: true,
      payment_account: true,
      licence_verified: true,
    });
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByRole('list', { name: 'Warunki tworzenia ofert' })).not.toBeInTheDocument();
  });

  it('asks to fill in an empty title and price and sends nothing', async () => {
    const { user, button } = await renderForm();
    await user.click(button);
    expect(await screen.findAllByText('Uzupełnij pole')).toHaveLength(2);
    expect(titleField()).toHaveAttribute('aria-invalid', 'true');
    expect(priceField()).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/user/offer')).toHaveLength(0);

    // The range rule of the shared schema (above 0, at most 1000 net; decision 005), which the
    // field's hint states.
    expect(priceField()).toHaveAccessibleDescription(/^Więcej niż 0 zł, najwyżej 1000 zł netto/);
    await user.type(titleField(), 'Rozprawa');
    await user.type(priceField(), '1000,01');
    await user.click(button);
    expect(
      await screen.findByText('Cena netto musi być większa od 0 zł i nie większa niż 1000 zł'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/offer')).toHaveLength(0);
  });

  it('creates the offer, resets the form and shows the created offer with its link', async () => {
    const { user, button } = await renderForm();
    const tomorrow = tomorrowInWarsaw(new Date());
    await user.type(titleField(), 'Rozprawa w SR Kraków');
    await user.type(priceField(), '250,50');
    await user.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'Podgląd' });
    expect(api.callsTo('POST', '/api/user/offer')[0]?.body).toEqual({
      title: 'Rozprawa w SR Kraków',
      expireDate: tomorrow,
      price: '250.50',
      price_brutto: '308.12',
      description: '',
    });
    expect(await screen.findByText('Utworzono ofertę poprawnie')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Oferta jest już widoczna w zakładce „Historia ofert”.'),
    ).toBeInTheDocument();
    const created = api.offers[0]!;
    expect(within(dialog).getByLabelText('Link do oferty')).toHaveValue(created.absoluteUrl);
    const message = (within(dialog).getByLabelText('Wiadomość do klienta') as HTMLTextAreaElement).value;
    // Amounts use no-break spaces, as Intl formats them.
    expect(message.replace(/\u00a0/g, ' ')).toContain(
      '„Rozprawa w SR Kraków”. Cena: 250,50 zł netto (308,12 zł brutto)',
    );

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Utwórz link' }));
    expect(titleField()).toHaveValue('');
    expect(priceField()).toHaveValue('');
    expect(dateField()).toHaveValue(dayTextOf(tomorrow));
  });

  it('keeps the values and enables the button again when creation fails', async () => {
    const { user, button } = await renderForm();
    api.failing.add('POST /api/user/offer');
    await user.type(titleField(), 'Rozprawa');
    await user.type(priceField(), '100');
    await user.click(button);

    expect(await screen.findByText('Wystąpił błąd')).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
    expect(titleField()).toHaveValue('Rozprawa');
    expect(priceField()).toHaveValue('100');
    expect(screen.queryByRole('dialog', { name: 'Podgląd' })).not.toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
  });

  it('disables the button while the offer is being created', async () => {
    const { user, button } = await renderForm();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const real = api.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'POST' && String(input).endsWith('/api/user/offer')) await gate;
      return real(input, init);
    });
    await user.type(titleField(), 'Rozprawa');
    await user.type(priceField(), '100');
    await user.click(button);

    const busy = await screen.findByRole('button', { name: 'Generowanie...' });
    expect(busy).toBeDisabled();
    release();
    expect(await screen.findByRole('dialog', { name: 'Podgląd' })).toBeInTheDocument();
  });
});
