import { IMAGE_WIDTHS } from '../storage.ts';
import { widthList } from './width-list.ts';

/**
 * The codes the API answers errors with, and their Polish texts. AppError takes only these keys
 * (apps/api/src/modules/app/error-codes.ts derives its list from them), so a new code is a line
 * here and one in en.ts.
 */
export const apiErrors = {
  'errors.general': 'Wystąpił błąd. Spróbuj ponownie później',
  internal: 'Wystąpił błąd. Spróbuj ponownie później',
  'validation.failed': 'Popraw zaznaczone pola',
  'request.malformed_json': 'Nieprawidłowy format danych (JSON)',
  'request.empty_body': 'Brak treści żądania',
  'request.unsupported_media_type': 'Nieobsługiwany typ treści',
  'request.compressed_body': 'Serwer nie przyjmuje skompresowanej treści żądania. Wyślij ją bez kompresji (bez nagłówka Content-Encoding)',
  'request.too_large': 'Przesłane dane są zbyt duże',
  'request.bad_request': 'Nieprawidłowe żądanie',
  'request.uri_too_long': 'Adres żądania jest zbyt długi',
  'request.malformed_multipart': 'Przesłany formularz jest uszkodzony lub niekompletny. Wybierz plik i wyślij go ponownie',
  'route.not_found': 'Nie znaleziono',
  'storage.width_not_offered': `Zdjęcie jest dostępne tylko w szerokościach ${widthList(IMAGE_WIDTHS, 'pl')} pikseli`,
  'route.method_not_allowed': 'Niedozwolona metoda',
  'csrf.mismatch': 'Sesja formularza wygasła. Odśwież stronę i spróbuj ponownie',
  'auth.unauthenticated': 'Sesja wygasła. Zaloguj się ponownie',
  'auth.forbidden': 'Nie masz uprawnień do wykonania tej operacji',
  'auth.session_expired': 'Sesja wygasła. Zaloguj się ponownie',
  'auth.invalid_credentials': 'Nieprawidłowe dane logowania',
  'auth.account_locked':
    'Konto zostało tymczasowo zablokowane. Spróbuj ponownie później lub skontaktuj się z nami',
  'auth.email_not_verified': 'Adres e-mail nie został jeszcze potwierdzony. Sprawdź swoją skrzynkę pocztową',
  'auth.email_taken': 'Ten adres e-mail jest już zajęty',
  'auth.verification_invalid': 'Link wygasł. Konto zostało już aktywowane lub link jest nieprawidłowy',
  'auth.reset_invalid': 'Link do zmiany hasła wygasł lub jest nieprawidłowy',
  'auth.bot_check_failed': 'Weryfikacja antyspamowa nie powiodła się. Odśwież stronę i spróbuj ponownie',
  'auth.google_disabled': 'Logowanie przez Google jest niedostępne',
  'auth.google_invalid': 'Błąd logowania przez Google',
  'auth.google_sandbox_admin':
    'Administrator loguje się hasłem. Testowe logowanie przez Google nie otwiera konta administratora',
  'errors.not_found': 'Nie znaleziono szukanego zasobu',
  'errors.conflict': 'Konflikt danych',
  'errors.too_many_requests': 'Zbyt wiele prób. Odczekaj chwilę i spróbuj ponownie',
  'errors.unavailable': 'Trwają prace serwisowe. Spróbuj ponownie za kilka minut',
  'files.wrong_format': 'Nieprawidłowy format pliku',
  'files.too_large': 'Plik jest za duży',
  'files.too_small_image': 'Zdjęcie musi mieć co najmniej 480x480 pikseli',
  'files.missing': 'Nie wybrano pliku',
  'payments.no_account': 'Najpierw połącz konto płatności',
  'payments.provider_error': 'Błąd generowania linku do połączenia konta. Spróbuj później',
  'payments.invalid_signature': 'Nieprawidłowy podpis',
  'plans.already_pro': 'Masz już plan Pro',
  'company.not_found': 'Nie znaleziono firmy o tym numerze NIP',
  'company.lookup_unavailable': 'Wyszukiwarka firm jest chwilowo niedostępna. Wpisz dane ręcznie',
  'profile.not_found': 'Nie znaleziono profilu',
  // The people around a job from the substitution board (issue 32, decision 041)
  'board.request_not_found': 'Nie znaleziono zlecenia',
  'board.reference_not_allowed':
    'Referencję można napisać, gdy zlecenie z tablicy zostało opłacone, a klient potwierdził jego wykonanie',
  'board.reference_exists': 'Referencja do tego zlecenia została już napisana',
  'board.reference_not_found': 'Nie znaleziono referencji',
  'board.favourite_not_allowed':
    'Do ulubionych można dodać osobę, która wykonała Twoje zlecenie z tablicy i której wykonanie zostało potwierdzone',
  'offers.not_found': 'Nie znaleziono oferty',
  'offers.profile_inactive': 'Uzupełnij profil i aktywuj połączone konto płatności, aby tworzyć oferty',
  'offers.invalid_transition': 'Stan oferty zmienił się w międzyczasie: tej operacji nie można już wykonać',
  'offers.not_payable': 'Tej oferty nie można już opłacić',
  'payments.checkout_failed': 'Błąd serwera spróbuj później',
  'offers.acceptance_invalid': 'Link potwierdzenia jest nieprawidłowy lub wygasł',
  'offers.acceptance_closed': 'Termin na potwierdzenie minął; zlecenie zostało już rozliczone',
  'offers.report_required': 'Aby oznaczyć zlecenie jako wykonane, dodaj raport z rozprawy',
  'offers.report_before_hearing':
    'Raport z rozprawy można złożyć dopiero po rozpoczęciu rozprawy, w dniu i o godzinie jej terminu',
  'offers.refund_too_large': 'Kwota zwrotu nie może przekraczać kwoty wpłaty',
  'offers.dispute_answered': 'Odpowiedź na to zastrzeżenie została już wysłana',
  'offers.not_disputed': 'To zlecenie nie jest przedmiotem sporu',
  'offers.refund_failed': 'Operator płatności nie przyjął zwrotu. Spróbuj ponownie za chwilę',
  'documents.not_available': 'Dokument substytucji będzie dostępny po opłaceniu zlecenia',
  'profile.gone': 'Ten profil został usunięty',
  'my_data.export_unavailable':
    'Ten link do eksportu danych został już użyty lub wygasł. Zleć nowy eksport w panelu',
  'my_data.unsettled_offers':
    'Nie możesz teraz usunąć konta: masz opłacone zlecenie, które nie zostało jeszcze rozliczone (klient nie potwierdził wykonania lub trwa wypłata). Usuń konto po rozliczeniu',
  'my_data.payment_in_progress':
    'Nie możesz teraz usunąć konta: klient właśnie płaci za jedną z Twoich ofert. Spróbuj ponownie, gdy płatność się zakończy',
  'my_data.wrong_password': 'Nieprawidłowe hasło',
  'my_data.google_mismatch': 'Zaloguj się przez Google na konto z tym samym adresem e-mail',
  'my_data.confirmation_required': 'Potwierdź usunięcie konta hasłem lub logowaniem przez Google',
  'my_data.account_deleted': 'Konto zostało usunięte',
  'my_data.user_not_found': 'Nie znaleziono użytkownika',
  'my_data.admin_account': 'Konta administratora nie można usunąć w ten sposób',
  'my_data.request_invalid': 'Link wygasł lub został już użyty. Wyślij prośbę ponownie',
  'my_data.payer_unsettled':
    'Nie możemy teraz usunąć Twoich danych: jedna z Twoich płatności nie została jeszcze rozliczona (trwa płatność lub zlecenie czeka na Twoje potwierdzenie). Spróbuj ponownie po rozliczeniu',
  'profile.admin_has_none': 'Konto administratora nie ma wizytówki prawnika',
  'mail.not_found': 'Nie znaleziono wiadomości',
  'offers.licence_not_verified':
    'Oferty można tworzyć po weryfikacji uprawnień: numer wpisu musi zostać potwierdzony w rejestrze albo przez administratora na podstawie zaświadczenia',
  'licence.details_missing': 'Uzupełnij rodzaj uprawnień, izbę i numer wpisu w profilu, aby sprawdzić uprawnienia',
  'licence.not_in_review': 'Ta weryfikacja nie czeka już na decyzję administratora',
  'licence.certificate_missing': 'Nie przesłano zaświadczenia',
  // The one-time code to the register's contact (issue 30).
  'licence.code_wrong':
    'Ten kod jest nieprawidłowy. Sprawdź go w wiadomości i wpisz ponownie',
  'licence.code_expired':
    'Ten kod wygasł (kod działa 30 minut). Poproś o nowy kod',
  'licence.code_locked':
    'Błędny kod wpisano 5 razy, więc ten kod już nie działa. Poproś o nowy kod',
  'licence.code_not_awaited':
    'Ta weryfikacja nie czeka na kod',
  'licence.code_resend_wait':
    'Nowy kod możesz zamówić minutę po poprzednim. Spróbuj za chwilę',
  'licence.code_daily_limit':
    'Wysłaliśmy już 5 kodów w ciągu doby. Spróbuj jutro albo prześlij zaświadczenie z izby',
  'invoices.not_found': 'Nie znaleziono faktury',
  'invoices.token_required': 'Podaj token KSeF, aby serwis wystawiał faktury w Twoim imieniu',
  'invoices.secrets_unavailable':
    'Nie możemy teraz bezpiecznie zapisać tokenu KSeF. Spróbuj później lub skontaktuj się z nami',
  'invoices.still_not_issuable': 'Faktury nadal nie da się wystawić: popraw wskazane dane i spróbuj ponownie',
  'invoices.nothing_to_retry': 'Tej faktury nie trzeba ponawiać',
  // The substitution board (issue 32, docs/board.md)
  'board.not_found': 'Nie znaleziono zlecenia',
  'board.not_verified':
    'Tablica zleceń jest dostępna po weryfikacji uprawnień i podłączeniu konta wypłat w profilu',
  'board.not_eligible': 'To zlecenie jest przeznaczone dla innych zawodów albo dalszego etapu aplikacji',
  'board.not_open': 'To zlecenie nie przyjmuje już odpowiedzi',
  'board.deadline_passed': 'Termin na odpowiedzi na to zlecenie już minął',
  'board.own_request': 'Nie można odpowiadać na własne zlecenie',
  'board.conflict_check_required': 'Przed odpowiedzią sprawdź strony postępowania i potwierdź brak konfliktu interesów',
  'board.parties_not_viewed': 'Najpierw zobacz strony postępowania, potem potwierdź brak konfliktu interesów',
  'board.already_answered': 'Odpowiedź na to zlecenie została już wysłana; możesz ją zmienić albo wycofać',
  'board.price_required': 'Podaj proponowane wynagrodzenie netto: to zlecenie czeka na wyceny',
  'board.answer_not_found': 'Nie znaleziono odpowiedzi na to zlecenie',
  'board.already_picked': 'Zlecający wybrał już odpowiedź: nie można jej zmienić ani wycofać',
  'board.not_poster': 'Tę operację może wykonać tylko zlecający',
  'board.invalid_transition': 'Stan zlecenia zmienił się w międzyczasie: tej operacji nie można już wykonać',
  'board.substitute_unavailable':
    'Ta osoba nie może teraz przyjąć zlecenia (profil lub konto wypłat nieaktywne). Wybierz inną odpowiedź',
  'alerts.push_unavailable': 'Powiadomienia w przeglądarce są teraz niedostępne. Alerty e-mail działają nadal',
} as const;

/**
 * Every error text in Polish: the codes the API answers with, the field errors of the shared
 * schemas, and the web client's own codes. A code is its own key (the web app's `errors`
 * namespace is this object), so a new code needs a line here and in en.ts (its type checks that), and nowhere else.
 * Texts the specification names are its words, grammar included.
 */
export const pl = {
  ...apiErrors,
  // Why a licence is not verified (issue 22): the profile's licence.reason when the register answered.
  'licence.reason.not_found': 'W rejestrze adwokatów nie ma wpisu o tym numerze',
  'licence.reason.name_mismatch': 'Imię i nazwisko we wpisie o tym numerze są inne niż w profilu',
  'licence.reason.chamber_mismatch': 'Wpis o tym numerze należy do innej izby niż wybrana w profilu',
  'licence.reason.not_practising': 'Według rejestru adwokatów nie wykonujesz obecnie zawodu',
  'licence.reason.former': 'Według rejestru adwokatów wpis został skreślony (były adwokat)',
  'licence.reason.near_match':
    'Wpis w rejestrze jest podobny, ale nie identyczny z profilem: sprawdzi go administrator',
  'licence.reason.no_register':
    'Rejestru radców prawnych nie można sprawdzić automatycznie: prześlij zaświadczenie z izby, a sprawdzi je administrator',
  'licence.reason.register_unavailable':
    'Rejestr adwokatów jest chwilowo niedostępny: sprawdzimy ponownie lub prześlij zaświadczenie z izby',
  'licence.reason.certificate_sent': 'Zaświadczenie czeka na sprawdzenie przez administratora',
  'licence.reason.number_claimed':
    'Ten numer wpisu jest już potwierdzony na innym koncie, więc sprawdzi go administrator: prześlij zaświadczenie z izby',
  'licence.reason.training_start_mismatch':
    'Początek aplikacji w profilu różni się od daty wpisu na listę aplikantów w rejestrze: popraw miesiąc i rok w profilu',
  'licence.reason.no_contact':
    'Rejestr nie podaje dla tego wpisu adresu e-mail, na który moglibyśmy wysłać kod: prześlij zaświadczenie z izby, a sprawdzi je administrator',
  // Field errors: the shared zod schemas' messages, sent by the API in `errors` and shown by the forms.
  'invoices.mode_invalid': 'Wybierz sposób wystawiania faktur',
  'invoices.pattern_required': 'Podaj wzór numeru faktury, np. FV/{nr}/{rok}',
  'invoices.pattern_too_long': 'Wzór numeru może mieć najwyżej 40 znaków',
  'invoices.pattern_invalid':
    'Wzór numeru może zawierać tylko litery bez polskich znaków, cyfry, znaki / - _ . oraz {nr} i {rok}',
  'invoices.pattern_no_number': 'Wzór numeru musi zawierać {nr}: miejsce na kolejny numer faktury',
  'invoices.pattern_repeated': 'Każde z pól {nr} i {rok} może wystąpić we wzorze tylko raz',
  'invoices.pattern_digit_beside_number':
    'Tuż przed {nr} i tuż po nim nie może stać cyfra: oddziel numer znakiem, np. /',
  'invoices.token_invalid': 'Token KSeF wygląda na niepełny: wklej cały token wygenerowany w KSeF',
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
  'validation.textCharacters': 'Tekst zawiera niedozwolony znak (np. znak sterujący). Usuń go lub wpisz tekst ponownie',
  'validation.passwordWeak':
    'Hasło jest zbyt łatwe do odgadnięcia: dodaj kilka słów lub znaków, unikaj imion, dat, popularnych haseł i części adresu email',
  'validation.passwordCheckOffline':
    'Nie udało się sprawdzić siły hasła. Sprawdź połączenie z internetem i spróbuj ponownie',
  'validation.nameLetter': 'Pole musi zawierać co najmniej jedną literę',
  'validation.invoiceNipDigits': 'NIP może składać się tylko z cyfr',
  'validation.expireDateTooLate': 'Data ważności może przypadać najpóźniej za rok',
  'validation.invalid': 'Nieprawidłowa wartość',
  'validation.grantorNameRequired': 'Podaj imię i nazwisko udzielającego (co najmniej 3 znaki)',
  'validation.grantorTypeInvalid': 'Substytucji lub upoważnienia udziela adwokat albo radca prawny',
  'validation.grantorLicenceRequired': 'Podaj numer wpisu na listę',
  'validation.grantorAddressRequired': 'Podaj adres kancelarii (co najmniej 5 znaków)',
  'validation.grantorMismatch':
    'Aplikanta adwokackiego upoważnia adwokat, a aplikanta radcowskiego — radca prawny',
  'validation.boardProfessionsRequired': 'Wybierz co najmniej jeden zawód, który może przyjąć zlecenie',
  'validation.boardAutoAssignNeedsFee': 'Automatyczny wybór wymaga stałego wynagrodzenia',
  'validation.boardDeadlineAfterHearing': 'Termin na odpowiedzi nie może przypadać po rozprawie',
  'validation.boardDeadlinePast': 'Termin na odpowiedzi musi przypadać w przyszłości',
  'validation.boardPartiesRequired': 'Podaj co najmniej jedną stronę postępowania i jej rolę',
  'validation.boardPartiesTooMany': 'Podaj najwyżej 10 stron postępowania',
  'validation.boardNoConflictRequired': 'Potwierdź, że nie zachodzi konflikt interesów',
  'validation.alertQuietHours': 'Podaj godziny ciszy w formacie GG:MM',
  'validation.alertAreaInvalid': 'Wybierz obszar: sąd okręgowy albo apelacyjny z listy',
  'validation.alertCityUnknown': 'Wybierz miasto, w którym jest sąd z listy',
  'validation.courtUnknown': 'Wybierz sąd z listy',
  'validation.caseNumberFormat': 'Podaj sygnaturę akt w zwykłym formacie, np. I C 123/24 lub XXV C 1234/23',
  'validation.hearingDateInvalid': 'Podaj poprawną datę i godzinę rozprawy',
  'validation.hearingInPast': 'Termin rozprawy musi przypadać w przyszłości',
  'validation.hearingTooLate': 'Termin rozprawy może przypadać najpóźniej za dwa lata',
  'validation.trainingStartInvalid': 'Wybierz miesiąc i rok rozpoczęcia aplikacji',
  'validation.trainingStartFuture': 'Początek aplikacji nie może przypadać w przyszłości',
  'validation.trainingStartTooEarly': 'Początek aplikacji może przypadać najwcześniej 10 lat temu',
  'validation.remoteLinkHttps': 'Link do rozprawy musi być adresem zaczynającym się od https://',
  'validation.hearingOutcome': 'Wybierz, co stało się z rozprawą',
  'validation.nextHearingInPast': 'Termin kolejnej rozprawy musi przypadać w przyszłości',
  'validation.reasonTooShort': 'Opisz powód w co najmniej 10 znakach',
  'validation.courtFeeAbovePrice': 'Opłata za stawiennictwo nie może przekraczać ceny netto oferty',
  'validation.refundAmount': 'Podaj kwotę zwrotu większą od 0 zł, w pełnych groszach',
  'validation.licenceNoAdvocate': 'Podaj numer wpisu adwokata w formacie IZBA/Adw/numer, np. WAW/Adw/4150',
  'validation.licenceNoTraineeAdvocate':
    'Podaj numer wpisu aplikanta adwokackiego w formacie IZBA/Apl/numer, np. KRA/Apl/1520',
  'validation.licenceNoIsTrainee':
    'To numer z listy aplikantów adwokackich (Apl). Jeśli jesteś aplikantem, wybierz „Aplikant adwokacki”',
  'validation.licenceNoIsAdvocate':
    'To numer z listy adwokatów (Adw). Jeśli jesteś adwokatem, wybierz „Adwokat”',
  'validation.licenceNoChamberUnknown':
    'Nieznany kod izby adwokackiej na początku numeru wpisu (np. WAW, KRA, POZ)',
  'validation.licenceNoChamberMismatch': 'Kod izby w numerze wpisu nie zgadza się z wybraną izbą adwokacką',
  'validation.licenceNoLegalCounsel': 'Podaj numer wpisu w formacie prefiks izby-numer, np. WA-14592',
  'validation.reviewReason': 'Podaj powód (od 3 do 1000 znaków)',
  'validation.licenceCode': 'Wpisz 6-cyfrowy kod z wiadomości',
  // The web client's own: no answer, or none in time.
  network: 'Problem z połączeniem internetowym',
  timeout: 'Serwer nie odpowiedział na czas. Spróbuj ponownie',
} as const;
