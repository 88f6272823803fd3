import { describe, expect, it } from 'vitest';
import { isValidationMessageKey, nestMessages, validationMessage, validationMessages } from './messages.ts';

describe('validationMessages', () => {
  it('has the same keys in Polish and English, none empty', () => {
    expect(Object.keys(validationMessages.en).sort()).toEqual(Object.keys(validationMessages.pl).sort());
    for (const text of [...Object.values(validationMessages.pl), ...Object.values(validationMessages.en)])
      expect(text.trim()).not.toBe('');
  });

  it.each([
    ['validation.nipRequired', 'NIP jest wymagany'],
    ['validation.nipDigits', 'NIP musi składać się z 10 cyfr'],
    ['validation.companyRequired', 'Nazwa firmy jest wymagana'],
    ['validation.companyMin', 'Nazwa firmy musi mieć co najmniej 2 znaki'],
    ['validation.streetMin', 'Ulica musi mieć co najmniej 2 znaki'],
    ['validation.postCodeFormat', 'Kod pocztowy musi być w formacie XX-XXX'],
    ['validation.cityMin', 'Miejscowość musi mieć co najmniej 2 znaki'],
    ['validation.emailRequired', 'Adres Email jest wymagany'],
    ['validation.emailInvalid', 'Adres Email jest niepoprawny'],
    ['validation.policyConfirm', 'Musisz zaakceptować politykę prywatności'],
    ['validation.required', 'Pole wymagane'],
    ['errors.emailInvalid', 'Niepoprawny adres email'],
    ['validation.phoneInvalid', 'Niepoprawny numer telefonu'],
    ['validation.fieldRequired', 'Pole jest wymagane'],
    ['validation.positionRequired', 'Pozycja jest wymagana'],
    ['validation.employerRequired', 'Nazwa firmy jest wymagana'],
    ['validation.monthRequired', 'Miesiąc jest wymagana'],
    ['validation.yearRequired', 'Rok jest wymagana'],
    ['validation.fillField', 'Uzupełnij pole'],
    ['validation.email', 'Nieprawidłowy format adresu email'],
    ['validation.password', 'Hasło musi mieć minimum 8 znaków'],
    ['validation.terms', 'Musisz zaakceptować regulamin'],
    ['validation.passwordsMismatch', 'Hasła nie są identyczne'],
  ] as const)('%s reads %s', (key, text) => {
    expect(validationMessages.pl[key]).toBe(text);
  });

  it('nests without clashes for i18next', () => {
    const nested = nestMessages(validationMessages.pl);
    expect(nested).toMatchObject({ form: { auth: { passwordTooltip: 'Hasło musi mieć minimum 8 znaków' } } });
    expect(() => nestMessages({ a: 'x', 'a.b': 'y' })).toThrow();
    expect(() => nestMessages({ 'a.b': 'y', a: 'x' })).toThrow();
  });

  it('translates with a Polish fallback and leaves unknown keys alone', () => {
    expect(validationMessage('validation.fillField', 'en')).toBe('Fill in this field');
    expect(validationMessage('nope', 'pl')).toBe('nope');
    expect(isValidationMessageKey('validation.fillField')).toBe(true);
    expect(isValidationMessageKey('toString')).toBe(false);
  });
});
