import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { createFakeOffersApi, renderWithApp, type FakeOffersApi } from '../../../../test/offers-api';
import { OfferLinkForm } from './offer-link-form';

// The form loads when the dialog first opens (issue 33); on a busy machine the first transform of
// its modules outlasts a query's wait, so the file loads them once before the tests.
beforeAll(async () => {
  await import('./offer-form-body');
});
let api: FakeOffersApi;

beforeEach(() => {
  setSession('token', { id: 1, email: 'jan@example.pl', role: 'user' });
  api = createFakeOffersApi([], { profileStatus: 'active' });
  vi.stubGlobal('fetch', api.fetch);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the offer form’s court-cancellation fee (issue 34)', () => {
  it('is optional, at most the net price, and sent with the offer', async () => {
    const user = userEvent.setup();
    renderWithApp(<OfferLinkForm />);
    await user.click(screen.getByRole('button', { name: 'Utwórz link' }));
    // The form loads when the dialog first opens (issue 33).
    const button = await screen.findByRole('button', { name: 'Generuj link' }, { timeout: 15_000 });
    await waitFor(() => expect(button).toBeEnabled());
    await user.type(screen.getByLabelText('Tytuł zlecenia'), 'Rozprawa');
    await user.type(screen.getByLabelText('Cena netto (zł)'), '100');
    const fee = screen.getByLabelText(/Opłata, gdy sąd odwoła rozprawę/);
    await user.type(fee, '120');
    await user.click(button);
    expect(
      await screen.findByText('Opłata za stawiennictwo nie może przekraczać ceny netto oferty'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/offer')).toHaveLength(0);
    await user.clear(fee);
    await user.type(fee, '30');
    await user.click(button);
    await waitFor(() => expect(api.callsTo('POST', '/api/user/offer')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/user/offer')[0]?.body).toMatchObject({
      court_cancellation_fee: '30.00',
    });
  });
});
