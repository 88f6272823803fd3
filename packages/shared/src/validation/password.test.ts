import { beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD_MIN_SCORE,
  isPasswordStrengthLoaded,
  loadPasswordStrength,
  passwordStrength,
  passwordUserInputs,
} from './password.ts';

beforeAll(() => loadPasswordStrength());

describe('passwordStrength', () => {
  it('is loaded once, however many callers ask', async () => {
    await Promise.all([loadPasswordStrength(), loadPasswordStrength()]);
    expect(isPasswordStrengthLoaded()).toBe(true);
  });

  it.each([
    // The outside probe's passwords.
    ['12345678', ''],
    ['password', ''],
    ['aaaaaaaa', ''],
    // Polish words and names, with and without diacritics.
    ['hasło123', ''],
    ['haslo1234', ''],
    ['warszawa', ''],
    ['Warszawa1!', ''],
    ['agnieszka', ''],
    ['Agnieszka1990', ''],
    ['Krzysztof1!', ''],
    ['zaq12wsx', ''],
    ['Password1!', ''],
    // The account's own name: weak for it.
    ['kowalski2024', 'jan.kowalski@kancelaria.pl'],
    ['kancelaria1', 'jan.kowalski@kancelaria.pl'],
    ['jankowalski1', 'jan.kowalski@kancelaria.pl'],
    ['ewanowak1', 'ewa.nowak@example.com'],
  ])('refuses %s (account %s)', (password, email) => {
    const strength = passwordStrength(password, email);
    expect(strength.strong).toBe(false);
    expect(strength.score).toBeLessThan(PASSWORD_MIN_SCORE);
  });

  it.each([
    ['Kolorowy-Rower-Nad-Wisłą', 'jan.kowalski@kancelaria.pl'],
    ['Zazolc-gesla-jazn', ''],
    ['tajne-hasło1', ''],
    ['correct horse battery staple', ''],
    // The demo accounts' passwords (apps/api/src/modules/auth/demo-accounts.ts).
    ['Demo-Admin-Substytut', 'admin@substytut.local'],
    ['Demo-Prawnik-Substytut', 'lawyer@substytut.local'],
  ])('accepts %s (account %s)', (password, email) => {
    expect(passwordStrength(password, email).strong).toBe(true);
  });

  it('estimates only the first 64 characters, so a long crafted input stays cheap', () => {
    expect(passwordStrength('a'.repeat(128)).strong).toBe(false);
    expect(passwordStrength('aB3$'.repeat(32)).strong).toBe(false);
  });
});

describe('passwordUserInputs', () => {
  it.each([
    [
      'Jan.Kowalski@Kancelaria.pl',
      ['jan.kowalski@kancelaria.pl', 'jan.kowalski', 'jankowalski', 'jan', 'kowalski', 'kancelaria'],
    ],
    ['ab@x.pl', ['ab@x.pl']],
    ['', []],
  ])('%s -> %j', (email, words) => {
    expect(passwordUserInputs(email)).toEqual(words);
  });
});
