import { IMAGE_WIDTHS } from '@substytut/shared/storage';

export type Locale = 'pl' | 'en';

function listOf(items: readonly number[], locale: Locale): string {
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items.map(String));
}

type Catalogue = Record<string, { pl: string; en: string }>;

// Server-side texts for error codes. The web app translates codes itself; these are the message
// field of the error body, for API clients and logs. Feature modules add their codes here.
const catalogue: Catalogue = {
  'errors.general': {
    pl: 'Wystąpił błąd. Spróbuj ponownie później',
    en: 'Something went wrong. Please try again later',
  },
  internal: { pl: 'Wystąpił błąd. Spróbuj ponownie później', en: 'Internal error' },
  'validation.failed': { pl: 'Popraw zaznaczone pola', en: 'Please correct the highlighted fields' },
  'request.malformed_json': {
    pl: 'Nieprawidłowy format danych (JSON)',
    en: 'The request body is not valid JSON',
  },
  'request.empty_body': { pl: 'Brak treści żądania', en: 'The request body is empty' },
  'request.unsupported_media_type': {
    pl: 'Nieobsługiwany typ treści',
    en: 'Unsupported content type',
  },
  'request.too_large': { pl: 'Przesłane dane są zbyt duże', en: 'The request is too large' },
  'request.bad_request': { pl: 'Nieprawidłowe żądanie', en: 'Bad request' },
  'request.uri_too_long': { pl: 'Adres żądania jest zbyt długi', en: 'The request address is too long' },
  'route.not_found': { pl: 'Nie znaleziono', en: 'Not found' },
  'storage.width_not_offered': {
    pl: `Zdjęcie jest dostępne tylko w szerokościach ${listOf(IMAGE_WIDTHS, 'pl')} pikseli`,
    en: `A photo is offered only ${listOf(IMAGE_WIDTHS, 'en')} pixels wide`,
  },
  'route.method_not_allowed': { pl: 'Niedozwolona metoda', en: 'Method not allowed' },
  'csrf.mismatch': {
    pl: 'Sesja wygasła. Odśwież stronę i spróbuj ponownie',
    en: 'Your session expired. Refresh the page and try again',
  },
  'auth.unauthenticated': { pl: 'Sesja wygasła', en: 'Session expired' },
  'auth.forbidden': { pl: 'Brak uprawnień', en: 'You do not have permission' },
  'auth.session_expired': {
    pl: 'Sesja wygasła. Zaloguj się ponownie',
    en: 'Your session has expired. Please log in again',
  },
  'auth.invalid_credentials': { pl: 'Nieprawidłowe dane logowania', en: 'Invalid login details' },
  'auth.account_locked': {
    pl: 'Konto zostało tymczasowo zablokowane. Spróbuj ponownie później lub skontaktuj się z nami',
    en: 'Your account has been temporarily locked. Try again later or contact us',
  },
  'auth.email_not_verified': {
    pl: 'Adres e-mail nie został jeszcze potwierdzony. Sprawdź swoją skrzynkę pocztową',
    en: 'Your e-mail address has not been confirmed yet. Please check your inbox',
  },
  'auth.email_taken': { pl: 'Ten adres e-mail jest już zajęty', en: 'This e-mail address is already taken' },
  'auth.verification_invalid': {
    pl: 'Link wygasł. Konto zostało już aktywowane lub link jest nieprawidłowy',
    en: 'The link has expired. The account is already active or the link is wrong',
  },
  'auth.reset_invalid': {
    pl: 'Link do zmiany hasła wygasł lub jest nieprawidłowy',
    en: 'The password reset link has expired or is invalid',
  },
  'auth.bot_check_failed': {
    pl: 'Weryfikacja antyspamowa nie powiodła się. Odśwież stronę i spróbuj ponownie',
    en: 'The anti-bot check failed. Refresh the page and try again',
  },
  'auth.google_disabled': {
    pl: 'Logowanie przez Google jest niedostępne',
    en: 'Sign-in with Google is not available',
  },
  'auth.google_invalid': { pl: 'Błąd logowania przez Google', en: 'Google sign-in failed' },
  'auth.google_sandbox_admin': {
    pl: 'Administrator loguje się hasłem. Testowe logowanie przez Google nie otwiera konta administratora',
    en: 'Administrators sign in with their password. The test Google sign-in does not open an administrator account',
  },
  'errors.not_found': { pl: 'Nie znaleziono', en: 'Not found' },
  'errors.conflict': { pl: 'Konflikt danych', en: 'Conflict' },
  'errors.too_many_requests': {
    pl: 'Zbyt wiele prób. Spróbuj ponownie za chwilę',
    en: 'Too many requests. Please try again in a moment',
  },
  'errors.unavailable': {
    pl: 'Usługa chwilowo niedostępna',
    en: 'The service is temporarily unavailable',
  },
  'files.wrong_format': { pl: 'Nieprawidłowy format pliku', en: 'Wrong file format' },
  'files.too_large': { pl: 'Plik jest zbyt duży', en: 'The file is too large' },
  'files.too_small_image': {
    pl: 'Zdjęcie musi mieć co najmniej 480x480 pikseli',
    en: 'Image dimensions must be at least 480x480 pixels',
  },
  'files.missing': { pl: 'Nie wybrano pliku', en: 'No file was sent' },
  'payments.no_account': {
    pl: 'Najpierw połącz konto płatności',
    en: 'Connect a payment account first',
  },
  'payments.provider_error': {
    pl: 'Błąd generowania linku do połączenia konta. Spróbuj później',
    en: 'The payment provider could not be reached. Please try again later',
  },
  'payments.invalid_signature': { pl: 'Nieprawidłowy podpis', en: 'Invalid signature' },
  'company.not_found': {
    pl: 'Nie znaleziono firmy o tym numerze NIP',
    en: 'No company with this NIP was found',
  },
  'company.lookup_unavailable': {
    pl: 'Wyszukiwarka firm jest chwilowo niedostępna. Wpisz dane ręcznie',
    en: 'The company search is unavailable right now. Please enter the details by hand',
  },
  'profile.not_found': { pl: 'Nie znaleziono profilu', en: 'Profile not found' },
  'profile.gone': { pl: 'Ten profil został usunięty', en: 'This profile has been deleted' },
  'my_data.export_unavailable': {
    pl: 'Ten link do eksportu danych został już użyty lub wygasł. Zleć nowy eksport w panelu',
    en: 'This data export link has been used or has expired. Ask for a new export in the dashboard',
  },
  'my_data.unsettled_offers': {
    pl: 'Nie możesz teraz usunąć konta: masz opłacone zlecenie, które nie zostało jeszcze rozliczone (klient nie potwierdził wykonania lub trwa wypłata). Usuń konto po rozliczeniu',
    en: 'You cannot delete the account now: a paid job is not settled yet (the client has not confirmed it or the payout is under way). Delete the account once it is settled',
  },
  'my_data.payment_in_progress': {
    pl: 'Nie możesz teraz usunąć konta: klient właśnie płaci za jedną z Twoich ofert. Spróbuj ponownie, gdy płatność się zakończy',
    en: 'You cannot delete the account now: a client is paying for one of your offers. Try again when the payment has ended',
  },
  'my_data.wrong_password': { pl: 'Nieprawidłowe hasło', en: 'Wrong password' },
  'my_data.google_mismatch': {
    pl: 'Zaloguj się przez Google na konto z tym samym adresem e-mail',
    en: 'Sign in with Google to the account with the same e-mail address',
  },
  'my_data.confirmation_required': {
    pl: 'Potwierdź usunięcie konta hasłem lub logowaniem przez Google',
    en: 'Confirm the deletion with your password or with Google sign-in',
  },
  'my_data.account_deleted': {
    pl: 'Konto zostało usunięte',
    en: 'The account has been deleted',
  },
  'my_data.user_not_found': { pl: 'Nie znaleziono użytkownika', en: 'User not found' },
  'my_data.admin_account': {
    pl: 'Konta administratora nie można usunąć w ten sposób',
    en: 'An administrator account cannot be deleted this way',
  },
  'my_data.request_invalid': {
    pl: 'Link wygasł lub został już użyty. Wyślij prośbę ponownie',
    en: 'The link has expired or has been used. Send the request again',
  },
  'my_data.payer_unsettled': {
    pl: 'Nie możemy teraz usunąć Twoich danych: jedna z Twoich płatności nie została jeszcze rozliczona (trwa płatność lub zlecenie czeka na Twoje potwierdzenie). Spróbuj ponownie po rozliczeniu',
    en: 'We cannot delete your data now: one of your payments is not settled yet (a payment is under way or a job awaits your confirmation). Try again once it is settled',
  },
  'profile.admin_has_none': {
    pl: 'Konto administratora nie ma wizytówki prawnika',
    en: 'An administrator account has no lawyer profile',
  },
  'offers.not_found': { pl: 'Nie znaleziono oferty', en: 'Offer not found' },
  'offers.profile_inactive': {
    pl: 'Uzupełnij profil i aktywuj połączone konto płatności, aby tworzyć oferty',
    en: 'Complete your profile and activate the linked payment account to create offers',
  },
  'offers.invalid_transition': {
    pl: 'Tej operacji nie można wykonać w obecnym stanie oferty',
    en: 'This cannot be done in the offer’s current state',
  },
  'offers.not_payable': {
    pl: 'Tej oferty nie można już opłacić',
    en: 'This offer can no longer be paid',
  },
  'payments.checkout_failed': {
    pl: 'Błąd serwera spróbuj później',
    en: 'Server error, please try again later',
  },
  'offers.acceptance_invalid': {
    pl: 'Link potwierdzenia jest nieprawidłowy lub wygasł',
    en: 'The confirmation link is invalid or has expired',
  },
  'offers.acceptance_closed': {
    pl: 'Termin na potwierdzenie minął; zlecenie zostało już rozliczone',
    en: 'The confirmation period has ended; the order has already been settled',
  },
};

const defaultCodeByStatus: Record<number, string> = {
  400: 'request.bad_request',
  401: 'auth.unauthenticated',
  403: 'auth.forbidden',
  404: 'errors.not_found',
  405: 'route.method_not_allowed',
  409: 'errors.conflict',
  413: 'request.too_large',
  414: 'request.uri_too_long',
  415: 'request.unsupported_media_type',
  429: 'errors.too_many_requests',
  503: 'errors.unavailable',
};

export function defaultCodeForStatus(status: number): string {
  return defaultCodeByStatus[status] ?? (status >= 500 ? 'internal' : 'request.bad_request');
}

export function hasMessage(code: string): boolean {
  return code in catalogue;
}

export function messageFor(code: string, locale: Locale): string {
  const entry = catalogue[code] ?? catalogue['errors.general']!;
  return entry[locale];
}

/**
 * Polish unless the client ranks English above Polish in Accept-Language.
 * Enough of RFC 9110 for two languages: q-values and language prefixes.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return 'pl';
  let best: { locale: Locale; q: number } | null = null;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary !== 'pl' && primary !== 'en') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale: primary, q };
  }
  return best?.locale ?? 'pl';
}
