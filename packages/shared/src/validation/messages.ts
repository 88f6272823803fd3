import type { Locale } from '../money.ts';

/**
 * Every message a schema in this package can return is an i18n key listed here. Keys the
 * specification names (errors.emailInvalid, validation.email, …) keep its names; the others are
 * named after the rule and carry the specification's Polish texts word for word (including its
 * grammar, e.g. 'Miesiąc jest wymagana').
 */
export const validationMessages = {
  pl: {
    'errors.emailInvalid': 'Niepoprawny adres email',
    'errors.fieldRequired': 'To pole jest wymagane',
    'form.auth.passwordTooltip': 'Hasło musi mieć minimum 8 znaków',
    'form.passwordTooltip': 'Hasło musi mieć minimum 8 znaków',
    'validation.email': 'Nieprawidłowy format adresu email',
    'validation.password': 'Hasło musi mieć minimum 8 znaków',
    'validation.terms': 'Musisz zaakceptować regulamin',
    'validation.passwordMax': 'Hasło może mieć maksymalnie 128 znaków',
    'validation.passwordsMismatch': 'Hasła nie są identyczne',
    'validation.nipRequired': 'NIP jest wymagany',
    'validation.nipDigits': 'NIP musi składać się z 10 cyfr',
    'validation.nipChecksum': 'Niepoprawny numer NIP',
    'validation.companyRequired': 'Nazwa firmy jest wymagana',
    'validation.companyMin': 'Nazwa firmy musi mieć co najmniej 2 znaki',
    'validation.streetMin': 'Ulica musi mieć co najmniej 2 znaki',
    'validation.postCodeFormat': 'Kod pocztowy musi być w formacie XX-XXX',
    'validation.cityMin': 'Miejscowość musi mieć co najmniej 2 znaki',
    'validation.emailRequired': 'Adres Email jest wymagany',
    'validation.emailInvalid': 'Adres Email jest niepoprawny',
    'validation.policyConfirm': 'Musisz zaakceptować politykę prywatności',
    'validation.required': 'Pole wymagane',
    'validation.fieldRequired': 'Pole jest wymagane',
    'validation.phoneInvalid': 'Niepoprawny numer telefonu',
    'validation.descriptionMax': 'Opis może mieć maksymalnie 200 znaków',
    'validation.optionInvalid': 'Wybierz wartość z listy',
    'validation.institutionMismatch': 'Wybrana izba nie pasuje do wykonywanego zawodu',
    'validation.linkedinUrl': 'Podaj adres profilu LinkedIn (https://www.linkedin.com/…)',
    'validation.facebookUrl': 'Podaj adres profilu Facebook (https://www.facebook.com/…)',
    'validation.positionRequired': 'Pozycja jest wymagana',
    'validation.employerRequired': 'Nazwa firmy jest wymagana',
    'validation.monthRequired': 'Miesiąc jest wymagana',
    'validation.yearRequired': 'Rok jest wymagana',
    'validation.jobEndIncomplete': 'Podaj miesiąc i rok zakończenia',
    'validation.jobEndBeforeStart': 'Data zakończenia nie może być wcześniejsza niż data rozpoczęcia',
    'validation.jobEndWhileStillWorking': 'Nie podawaj daty zakończenia, jeśli nadal tu pracujesz',
    'validation.referenceDescriptionMax': 'Opis może mieć maksymalnie 120 znaków',
    'validation.invoiceNipLength': 'NIP musi mieć od 10 do 11 znaków',
    'validation.bankAccountInvalid': 'Niepoprawny numer rachunku bankowego',
    'validation.fillField': 'Uzupełnij pole',
    'validation.priceFormat': 'Podaj kwotę z co najwyżej dwoma miejscami po przecinku',
    'validation.priceRange': 'Cena netto musi być większa od 0 zł i nie większa niż 1000 zł',
    'validation.priceBruttoMismatch': 'Cena brutto nie odpowiada cenie netto powiększonej o 23% VAT',
    'validation.dateInvalid': 'Niepoprawna data',
    'validation.expireDateTooEarly': 'Data ważności musi przypadać najwcześniej jutro',
    'validation.tooLong': 'Tekst jest za długi',
    'validation.passwordWeak':
      'Hasło jest zbyt łatwe do odgadnięcia: dodaj kilka słów lub znaków, unikaj imion, dat, popularnych haseł i części adresu email',
    'validation.passwordCheckOffline':
      'Nie udało się sprawdzić siły hasła. Sprawdź połączenie z internetem i spróbuj ponownie',
    'validation.nameLetter': 'Pole musi zawierać co najmniej jedną literę',
    'validation.invoiceNipDigits': 'NIP może składać się tylko z cyfr',
    'validation.expireDateTooLate': 'Data ważności może przypadać najpóźniej za rok',
  },
  en: {
    'errors.emailInvalid': 'Invalid email address',
    'errors.fieldRequired': 'This field is required',
    'form.auth.passwordTooltip': 'The password must be at least 8 characters long',
    'form.passwordTooltip': 'The password must be at least 8 characters long',
    'validation.email': 'Invalid email address format',
    'validation.password': 'The password must be at least 8 characters long',
    'validation.terms': 'You must accept the terms and conditions',
    'validation.passwordMax': 'The password can be at most 128 characters long',
    'validation.passwordsMismatch': 'The passwords do not match',
    'validation.nipRequired': 'Tax ID (NIP) is required',
    'validation.nipDigits': 'Tax ID (NIP) must consist of 10 digits',
    'validation.nipChecksum': 'Invalid tax ID (NIP)',
    'validation.companyRequired': 'Company name is required',
    'validation.companyMin': 'Company name must be at least 2 characters long',
    'validation.streetMin': 'Street must be at least 2 characters long',
    'validation.postCodeFormat': 'Postal code must be in the XX-XXX format',
    'validation.cityMin': 'City must be at least 2 characters long',
    'validation.emailRequired': 'Email address is required',
    'validation.emailInvalid': 'Email address is invalid',
    'validation.policyConfirm': 'You must accept the privacy policy',
    'validation.required': 'Required field',
    'validation.fieldRequired': 'This field is required',
    'validation.phoneInvalid': 'Invalid phone number',
    'validation.descriptionMax': 'The description can be at most 200 characters long',
    'validation.optionInvalid': 'Choose a value from the list',
    'validation.institutionMismatch': 'The chosen chamber does not match your profession',
    'validation.linkedinUrl': 'Enter a LinkedIn profile address (https://www.linkedin.com/…)',
    'validation.facebookUrl': 'Enter a Facebook profile address (https://www.facebook.com/…)',
    'validation.positionRequired': 'Position is required',
    'validation.employerRequired': 'Employer name is required',
    'validation.monthRequired': 'Month is required',
    'validation.yearRequired': 'Year is required',
    'validation.jobEndIncomplete': 'Enter both the end month and year',
    'validation.jobEndBeforeStart': 'The end date cannot be earlier than the start date',
    'validation.jobEndWhileStillWorking': 'Leave the end date empty if you still work here',
    'validation.referenceDescriptionMax': 'The description can be at most 120 characters long',
    'validation.invoiceNipLength': 'Tax ID must be 10 to 11 characters long',
    'validation.bankAccountInvalid': 'Invalid bank account number',
    'validation.fillField': 'Fill in this field',
    'validation.priceFormat': 'Enter an amount with at most two decimal places',
    'validation.priceRange': 'The net price must be more than PLN 0 and at most PLN 1000',
    'validation.priceBruttoMismatch': 'The gross price does not match the net price plus 23% VAT',
    'validation.dateInvalid': 'Invalid date',
    'validation.expireDateTooEarly': 'The expiry date must be tomorrow or later',
    'validation.tooLong': 'The text is too long',
    'validation.passwordWeak':
      'This password is too easy to guess: add a few words or characters, avoid names, dates, common passwords and parts of your email address',
    'validation.passwordCheckOffline':
      "The password's strength could not be checked. Check your internet connection and try again",
    'validation.nameLetter': 'This field must contain at least one letter',
    'validation.invoiceNipDigits': 'The tax ID (NIP) can consist of digits only',
    'validation.expireDateTooLate': 'The expiry date can be at most one year from today',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type ValidationMessageKey = keyof (typeof validationMessages)['pl'];

export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return Object.hasOwn(validationMessages.pl, value);
}

/** The text of a key, falling back to Polish (the product's fallback language), then to the key. */
export function validationMessage(key: string, locale: Locale): string {
  if (!isValidationMessageKey(key)) return key;
  return validationMessages[locale][key] ?? validationMessages.pl[key];
}

export interface NestedMessages {
  [segment: string]: string | NestedMessages;
}

/** Turns dotted keys into the nested objects i18next resource files use. */
export function nestMessages(flat: Readonly<Record<string, string>>): NestedMessages {
  const root: NestedMessages = {};
  for (const [key, text] of Object.entries(flat)) {
    const segments = key.split('.');
    let node = root;
    for (const segment of segments.slice(0, -1)) {
      const next = node[segment];
      if (typeof next === 'string') throw new Error(`Key ${key} nests under the message ${segment}`);
      node = next ?? (node[segment] = {});
    }
    const leaf = segments[segments.length - 1]!;
    if (leaf in node) throw new Error(`Key ${key} clashes with a nested group`);
    node[leaf] = text;
  }
  return root;
}
