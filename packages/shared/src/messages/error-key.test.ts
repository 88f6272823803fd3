import { describe, expect, it } from 'vitest';
import { errorKey } from './error-key.ts';
import { isMessageKey, messages, nestMessages } from './index.ts';

describe('errorKey', () => {
  it('shows a code the catalogue has as itself', () => {
    expect(errorKey('offers.not_payable', 409, isMessageKey)).toBe('offers.not_payable');
    expect(errorKey('auth.invalid_credentials', 400, isMessageKey, 'client')).toBe(
      'auth.invalid_credentials',
    );
  });

  it('shows a server failure and a too large body to visitors in their words, to clients as they are', () => {
    expect(errorKey('internal', 500, isMessageKey)).toBe('errors.general');
    expect(errorKey('request.too_large', 413, isMessageKey)).toBe('files.too_large');
    expect(errorKey('internal', 500, isMessageKey, 'client')).toBe('internal');
    expect(errorKey('request.too_large', 413, isMessageKey, 'client')).toBe('request.too_large');
  });

  it("falls back to the status's code for a code the catalogue lacks", () => {
    expect(errorKey('rate_limited', 429, isMessageKey)).toBe('errors.too_many_requests');
    expect(errorKey('http.0', 0, isMessageKey)).toBe('network');
    expect(errorKey('http.504', 504, isMessageKey)).toBe('timeout');
    expect(errorKey('x.y', 503, isMessageKey)).toBe('errors.unavailable');
  });

  it("leaves a vague status to the server's message for visitors, and finds nothing for other failures", () => {
    expect(errorKey('auth.something_new', 400, isMessageKey)).toBeNull();
    expect(errorKey('offers.something_new', 409, isMessageKey)).toBeNull();
    expect(errorKey('offers.something_new', 409, isMessageKey, 'client')).toBe('errors.conflict');
    expect(errorKey('x.y', 500, isMessageKey)).toBeNull();
    expect(errorKey('x.y', 502, isMessageKey)).toBeNull();
  });

  it('asks the given lookup, not a fixed list', () => {
    expect(errorKey('offers.not_payable', 409, () => false)).toBeNull();
  });
});

describe('the catalogue', () => {
  it('has the same keys in both languages, none empty, and nests for i18next', () => {
    expect(Object.keys(messages.en).sort()).toEqual(Object.keys(messages.pl).sort());
    for (const text of [...Object.values(messages.pl), ...Object.values(messages.en)])
      expect(text.trim()).not.toBe('');
    expect(() => nestMessages(messages.en)).not.toThrow();
  });

  it('gives offers.not_payable one Polish text, the one the public page shows', () => {
    expect(messages.pl['offers.not_payable']).toBe('Tej oferty nie można już opłacić');
  });
});
