import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { stubFetch } from '../../../../test/fetch-stub';
import { renderWithApp } from '../../../../test/offers-api';
import { PaymentAccountButton } from './payment-account-button';

let stub: ReturnType<typeof stubFetch>;

beforeEach(() => {
  setSession('token', { id: 1, email: 'jan@example.pl', role: 'user' });
  stub = stubFetch({
    'GET /api/csrf-cookie': { status: 204 },
    'POST /api/user/profile/stripe/createaccount': { body: { data: { url: '#onboarding' } } },
    'POST /api/user/profile/stripe/login': { body: { data: { url: '#dashboard' } } },
  });
  vi.stubGlobal('fetch', stub.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the payment account buttons (issue 34)', () => {
  it('ask for the provider’s pages in the language the lawyer uses now', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <>
        <PaymentAccountButton kind="connect" />
        <PaymentAccountButton kind="dashboard" />
      </>,
      { language: 'en' },
    );
    await user.click(await screen.findByRole('button', { name: 'Connect a payment account' }));
    await waitFor(() =>
      expect(stub.callsTo('POST', '/api/user/profile/stripe/createaccount')).toHaveLength(1),
    );
    expect(stub.callsTo('POST', '/api/user/profile/stripe/createaccount')[0]?.body).toEqual({ locale: 'en' });
    await user.click(screen.getByRole('button', { name: 'Payment dashboard' }));
    await waitFor(() => expect(stub.callsTo('POST', '/api/user/profile/stripe/login')).toHaveLength(1));
    expect(stub.callsTo('POST', '/api/user/profile/stripe/login')[0]?.body).toEqual({ locale: 'en' });
  });
});
