import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { blankProfile } from '../../../../test/dashboard-api';
import { stubFetch, type StubRoutes } from '../../../../test/fetch-stub';
import { renderWithApp } from '../../../../test/offers-api';
import type { AlertSettings } from '../api/alerts';
import { AlertsPage } from './alerts';

const SETTINGS: AlertSettings = {
  court_ids: ['sad-rejonowy-dla-warszawy-mokotowa-w-warszawie'],
  area_court_ids: [],
  cities: ['Kraków'],
  case_types: ['civil'],
  min_fee_net: '150.00',
  channels: { email: true, push: false, digest: false },
  quiet_hours: null,
};

const VERIFIED = { profile_active: true, payment_account: true, licence_verified: true };

let stub: ReturnType<typeof stubFetch>;

function serve(routes: StubRoutes = {}, requirements = VERIFIED) {
  stub = stubFetch({
    'GET /api/csrf-cookie': { status: 204 },
    'GET /api/user/profile': { body: { data: blankProfile({ offer_requirements: requirements }) } },
    'GET /api/user/alerts': { body: { data: SETTINGS } },
    'PUT /api/user/alerts': (call) => {
      const body = call.body as AlertSettings;
      return { body: { data: { ...SETTINGS, ...body } } };
    },
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetch);
}

beforeEach(() => {
  setSession('token', { id: 1, email: 'jan@example.pl', role: 'user' });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('request alerts page', () => {
  it('shows the saved settings and sends the changed ones with the shared schema’s fields', async () => {
    const user = userEvent.setup();
    serve();
    renderWithApp(<AlertsPage />);
    const fee = await screen.findByLabelText('Wynagrodzenie netto co najmniej (zł)');
    expect(fee).toHaveValue('150,00');
    expect(screen.getByRole('checkbox', { name: 'Cywilne' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Miasta' })).toHaveTextContent('Kraków');

    await user.click(screen.getByRole('checkbox', { name: 'Rodzinne' }));
    await user.click(screen.getByRole('checkbox', { name: /Codzienne podsumowanie/ }));
    await user.clear(fee);
    await user.type(fee, '200,50');
    await user.click(screen.getByRole('checkbox', { name: /Nie powiadamiaj mnie w godzinach ciszy/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Od' }), '23:00');
    expect(screen.getByRole('combobox', { name: 'Do' })).toHaveValue('07:00');
    await user.click(screen.getByRole('button', { name: 'Zapisz ustawienia' }));

    expect(await screen.findByText('Zapisano ustawienia powiadomień')).toBeInTheDocument();
    expect(stub.callsTo('PUT', '/api/user/alerts')[0]?.body).toEqual({
      court_ids: ['sad-rejonowy-dla-warszawy-mokotowa-w-warszawie'],
      area_court_ids: [],
      cities: ['Kraków'],
      case_types: ['civil', 'family'],
      min_fee_net: '200,50',
      channels: { email: true, push: false, digest: true },
      quiet_hours: { from: '23:00', to: '07:00' },
    });
  });

  it('refuses a fee the API would refuse, and sends no minimum for an empty field', async () => {
    const user = userEvent.setup();
    serve();
    renderWithApp(<AlertsPage />);
    const fee = await screen.findByLabelText('Wynagrodzenie netto co najmniej (zł)');
    await user.clear(fee);
    await user.type(fee, '12,345');
    await user.click(screen.getByRole('button', { name: 'Zapisz ustawienia' }));
    expect(
      await screen.findByText('Podaj kwotę z co najwyżej dwoma miejscami po przecinku'),
    ).toBeInTheDocument();
    expect(fee).toHaveAttribute('aria-invalid', 'true');
    await user.clear(fee);
    await user.type(fee, '5000');
    await user.click(screen.getByRole('button', { name: 'Zapisz ustawienia' }));
    expect(await screen.findByText(/nie większa niż 1000 zł/)).toBeInTheDocument();
    expect(stub.callsTo('PUT', '/api/user/alerts')).toHaveLength(0);

    await user.clear(fee);
    await user.click(screen.getByRole('button', { name: 'Zapisz ustawienia' }));
    await waitFor(() => expect(stub.callsTo('PUT', '/api/user/alerts')).toHaveLength(1));
    expect(stub.callsTo('PUT', '/api/user/alerts')[0]?.body).toMatchObject({
      min_fee_net: null,
      quiet_hours: null,
    });
  });

  it('puts the API’s field errors on their fields, in English too', async () => {
    const user = userEvent.setup();
    serve({
      'PUT /api/user/alerts': {
        status: 400,
        body: {
          message: 'Validation failed',
          code: 'validation.failed',
          errors: { 'quiet_hours.from': 'validation.alertQuietHours' },
        },
      },
    });
    renderWithApp(<AlertsPage />, { language: 'en' });
    await user.click(await screen.findByRole('checkbox', { name: /Do not alert me during quiet hours/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter quiet hours as HH:MM')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'From' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('tells an unverified substitute that alerts wait for the licence and the payout account', async () => {
    serve({}, { profile_active: false, payment_account: false, licence_verified: false });
    renderWithApp(<AlertsPage />);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Powiadomienia o zleceniach otrzymują tylko zweryfikowani zastępcy.');
    expect(within(note).getByRole('link', { name: 'Zweryfikuj uprawnienia' })).toHaveAttribute(
      'href',
      '/dashboard/profile',
    );
    expect(within(note).getByRole('link', { name: 'Połącz konto do wypłat' })).toHaveAttribute(
      'href',
      '/dashboard/billing',
    );
  });

  it('says nothing of verification to a verified substitute', async () => {
    serve();
    renderWithApp(<AlertsPage />);
    await screen.findByLabelText('Wynagrodzenie netto co najmniej (zł)');
    await waitFor(() => expect(stub.callsTo('GET', '/api/user/profile')).toHaveLength(1));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('says when the settings did not load, and loads them again on request', async () => {
    const user = userEvent.setup();
    let fail = true;
    serve({
      'GET /api/user/alerts': () =>
        fail
          ? { status: 503, body: { message: 'Service Unavailable', code: 'service_unavailable', errors: {} } }
          : { body: { data: SETTINGS } },
    });
    renderWithApp(<AlertsPage />, { language: 'en' });
    // Server errors are asked again twice (app/providers.tsx) before the page gives up.
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Your alert settings could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Net fee of at least (PLN)')).toHaveValue('150.00');
  });
});
