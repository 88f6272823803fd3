import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, hasErrorCode, knownErrorText } from './api-error';
import { createI18n } from './i18n';

describe('errorMessage', () => {
  const pl = createI18n('pl');
  const en = createI18n('en');

  it.each([
    ['auth.invalid_credentials', 401, 'Nieprawidłowe dane logowania'],
    ['rate_limited', 429, 'Zbyt wiele prób. Odczekaj chwilę i spróbuj ponownie'],
    ['internal', 500, 'Wystąpił błąd. Spróbuj ponownie później'],
    ['network', 0, 'Problem z połączeniem internetowym'],
    ['request.too_large', 413, 'Plik jest za duży'],
  ])('translates %s', (code, status, text) => {
    expect(errorMessage(new ApiError(status, code, 'server text'), pl.t)).toBe(text);
  });

  it('answers in the current language', () => {
    expect(errorMessage(new ApiError(401, 'auth.invalid_credentials', ''), en.t)).toBe(
      'Invalid login details',
    );
  });

  it("shows the server's message for an unknown client error", () => {
    expect(errorMessage(new ApiError(409, 'offers.unknown_rule', 'Oferta jest opłacona'), pl.t)).toBe(
      'Oferta jest opłacona',
    );
  });

  it('falls back by status, then to the general text', () => {
    expect(errorMessage(new ApiError(503, 'x.y', ''), pl.t)).toBe(
      'Trwają prace serwisowe. Spróbuj ponownie za kilka minut',
    );
    expect(errorMessage(new ApiError(500, 'x.y', 'stack trace'), pl.t)).toBe(
      'Wystąpił błąd. Spróbuj ponownie później',
    );
    expect(errorMessage(new Error('boom'), pl.t)).toBe('Wystąpił błąd. Spróbuj ponownie później');
  });
});

describe('knownErrorText', () => {
  const pl = createI18n('pl');

  it('reads every code from the shared catalogue, and leaves the rest to the caller', () => {
    expect(knownErrorText(new ApiError(409, 'offers.not_payable', 'x'), pl.t)).toBe(
      'Tej oferty nie można już opłacić',
    );
    expect(knownErrorText(new ApiError(400, 'auth.something_new', 'x'), pl.t)).toBeNull();
    expect(knownErrorText(new Error('boom'), pl.t)).toBeNull();
  });
});

describe('hasErrorCode', () => {
  it('matches a failed call by its code only', () => {
    expect(hasErrorCode(new ApiError(403, 'offers.profile_inactive', ''), 'offers.profile_inactive')).toBe(
      true,
    );
    expect(hasErrorCode(new ApiError(403, 'auth.forbidden', ''), 'offers.profile_inactive')).toBe(false);
    expect(hasErrorCode(new Error('offers.profile_inactive'), 'offers.profile_inactive')).toBe(false);
  });
});
