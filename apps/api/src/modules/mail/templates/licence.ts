import { formatHearingTime } from '@substytut/shared/hearing-time';
import { messageText } from '@substytut/shared/messages/index';
import type { MailMessage } from '../mail.outbox.ts';
import { renderLayout, webUrl, type MailContext, type MailLocale } from './layout.ts';

// Issue 22: the lawyer is told of every outcome of a licence check, in their language.

export type LicenceMailKind = 'verified' | 'rejected' | 'manual_review' | 'lost';

const texts = {
  pl: {
    greeting: 'Dzień dobry,',
    action: 'Przejdź do profilu',
    verified: {
      subject: 'Uprawnienia zweryfikowane — Substytut',
      title: 'Twoje uprawnienia zostały zweryfikowane',
      body: (register: boolean) =>
        register
          ? 'numer wpisu z Twojego profilu został potwierdzony w rejestrze adwokatów, a kod wysłany na adres e-mail z rejestru — wpisany w profilu. Twój profil ma teraz oznaczenie „Zweryfikowany”, a Ty możesz tworzyć oferty.'
          : 'administrator potwierdził Twoje uprawnienia na podstawie przesłanego zaświadczenia. Twój profil ma teraz oznaczenie „Zweryfikowany”, a Ty możesz tworzyć oferty.',
      next: 'Co 30 dni sprawdzimy wpis ponownie; zmiana imienia, nazwiska, rodzaju uprawnień lub numeru wpisu również uruchamia nowe sprawdzenie.',
    },
    rejected: {
      subject: 'Nie udało się zweryfikować uprawnień — Substytut',
      title: 'Nie udało się zweryfikować Twoich uprawnień',
      body: 'sprawdziliśmy numer wpisu z Twojego profilu, ale nie mogliśmy potwierdzić uprawnień.',
      next: 'Sprawdź imię, nazwisko, izbę i numer wpisu w profilu. Jeśli są poprawne, prześlij zaświadczenie z izby — sprawdzi je administrator. Do czasu weryfikacji nie możesz tworzyć nowych ofert.',
    },
    manual_review: {
      subject: 'Weryfikacja uprawnień przez administratora — Substytut',
      title: 'Twoje uprawnienia sprawdzi administrator',
      body: 'nie mogliśmy automatycznie potwierdzić Twoich uprawnień, więc sprawdzi je administrator na podstawie zaświadczenia z izby.',
      next: 'Jeśli zaświadczenia z izby nie ma jeszcze w profilu, prześlij je tam (PDF, JPG lub PNG). Napiszemy, gdy administrator podejmie decyzję.',
    },
    lost: {
      subject: 'Twoje uprawnienia wymagają ponownej weryfikacji — Substytut',
      title: 'Oznaczenie „Zweryfikowany” zostało zdjęte',
      body: 'przy ponownym sprawdzeniu nie mogliśmy potwierdzić Twoich uprawnień, więc Twój profil stracił oznaczenie „Zweryfikowany” i nie możesz tworzyć nowych ofert. Oferty już opłacone są realizowane normalnie.',
      next: 'Sprawdź dane w profilu albo prześlij zaświadczenie z izby — sprawdzi je administrator.',
    },
    reasonLabel: 'Powód:',
  },
  en: {
    greeting: 'Hello,',
    action: 'Go to your profile',
    verified: {
      subject: 'Licence verified — Substytut',
      title: 'Your licence has been verified',
      body: (register: boolean) =>
        register
          ? 'the entry number in your profile was confirmed in the register of advocates, and the code sent to the register’s e-mail address was typed in your profile. Your profile now shows the “Verified” badge and you can create offers.'
          : 'an administrator confirmed your licence from the certificate you sent. Your profile now shows the “Verified” badge and you can create offers.',
      next: 'We check the entry again every 30 days; changing your name, professional type or entry number also starts a new check.',
    },
    rejected: {
      subject: 'Your licence could not be verified — Substytut',
      title: 'We could not verify your licence',
      body: 'we checked the entry number in your profile but could not confirm your licence.',
      next: 'Check your name, chamber and entry number in the profile. If they are correct, upload a certificate from your chamber and an administrator will check it. Until then you cannot create new offers.',
    },
    manual_review: {
      subject: 'Your licence will be checked by an administrator — Substytut',
      title: 'An administrator will check your licence',
      body: 'we could not confirm your licence automatically, so an administrator will check it from a certificate from your chamber.',
      next: 'If you have not done so yet, upload a certificate from your chamber (PDF, JPG or PNG) in your profile. We will write when the administrator has decided.',
    },
    lost: {
      subject: 'Your licence needs to be verified again — Substytut',
      title: 'The “Verified” badge has been removed',
      body: 'when we checked again we could not confirm your licence, so your profile lost the “Verified” badge and you cannot create new offers. Offers already paid go on as usual.',
      next: 'Check the details in your profile or upload a certificate from your chamber and an administrator will check it.',
    },
    reasonLabel: 'Reason:',
  },
} as const;

export interface LicenceMailInput {
  locale: MailLocale;
  to: string;
  kind: LicenceMailKind;
  /** how a verified licence was confirmed */
  method?: 'register' | 'review' | null;
  /** a licence.reason.* key, or an administrator's own words */
  reason?: string | null;
}

// A register's reason is a catalogue key; an administrator's is their own words, shown as written.
const reasonText = (reason: string, locale: MailLocale): string => messageText(reason, locale);

/** One e-mail for each outcome of a licence check (issue 22). */
export function licenceOutcomeMail(input: LicenceMailInput, context: MailContext): MailMessage {
  const t = texts[input.locale];
  const kind = t[input.kind];
  const body = typeof kind.body === 'function' ? kind.body(input.method !== 'review') : kind.body;
  const reason = input.reason && input.kind !== 'verified' ? [`${t.reasonLabel} ${reasonText(input.reason, input.locale)}`] : [];
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: kind.title,
      intro: [t.greeting, body, ...reason],
      action: { label: t.action, url: webUrl(context.publicUrl, input.locale, '/dashboard/profile') },
      outro: [kind.next],
    },
    context,
  );
  return { to: input.to, subject: kind.subject, html, text, locale: input.locale };
}

// Issue 30: the one-time code, sent to the contact the register lists for the entry (not to the
// account's address), and the notice to the holder of a verified number that another account
// claims it.

const codeTexts = {
  pl: {
    subject: (code: string) => `${code} — kod potwierdzenia numeru wpisu w serwisie Substytut`,
    title: 'Kod potwierdzenia numeru wpisu',
    greeting: 'Dzień dobry,',
    body: (licenseNo: string) =>
      `ktoś poprosił o oznaczenie „Zweryfikowany” w serwisie Substytut dla numeru wpisu ${licenseNo}. Wysyłamy ten kod na adres e-mail, który rejestr adwokatów podaje dla tego wpisu.`,
    code: (code: string) => `Kod: ${code}`,
    validity: (minutes: number) => `Kod działa ${minutes} minut i można go wpisać najwyżej 5 razy.`,
    who: (email: string) => `Kto prosił: konto ${email}`,
    from: (ip: string | null, at: string) => `Skąd i kiedy: ${ip ? `adres IP ${ip}` : 'sprawdzenie w tle'}, ${at}`,
    action: 'Wpisz kod w profilu',
    ifYou: 'Jeśli to Ty, zaloguj się na to konto i wpisz kod w panelu „Weryfikacja uprawnień”.',
    ifNot: (support: string) =>
      `Jeśli to nie Ty, nie przekazuj nikomu tego kodu i napisz do nas na ${support}: ktoś może podszywać się pod Ciebie. Bez kodu to konto nie dostanie oznaczenia „Zweryfikowany”.`,
  },
  en: {
    subject: (code: string) => `${code} — code to confirm your entry number at Substytut`,
    title: 'Code to confirm your entry number',
    greeting: 'Hello,',
    body: (licenseNo: string) =>
      `someone asked for the “Verified” badge at Substytut for the entry number ${licenseNo}. We are sending this code to the e-mail address the register of advocates lists for this entry.`,
    code: (code: string) => `Code: ${code}`,
    validity: (minutes: number) => `The code works for ${minutes} minutes and can be typed at most 5 times.`,
    who: (email: string) => `Who asked: the account ${email}`,
    from: (ip: string | null, at: string) =>
      `From where and when: ${ip ? `IP address ${ip}` : 'a check in the background'}, ${at}`,
    action: 'Type the code in your profile',
    ifYou: 'If it was you, log in to that account and type the code in the “Licence verification” panel.',
    ifNot: (support: string) =>
      `If it was not you, do not give this code to anyone and write to us at ${support}: someone may be impersonating you. Without the code that account does not get the “Verified” badge.`,
  },
} as const;

export interface LicenceCodeMailInput {
  locale: MailLocale;
  /** the register's contact */
  to: string;
  code: string;
  licenseNo: string;
  /** the account that asked */
  accountEmail: string;
  /** the address the request came from; null for a check the clock job ran */
  ip: string | null;
  at: Date;
  ttlMinutes: number;
}

/** The one-time code to the register's contact, saying who asked, from where, and what to do if it was not them. */
export function licenceCodeMail(input: LicenceCodeMailInput, context: MailContext): MailMessage {
  const t = codeTexts[input.locale];
  const at = formatMailMoment(input.at, input.locale);
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: t.title,
      intro: [
        t.greeting,
        t.body(input.licenseNo),
        t.code(input.code),
        t.validity(input.ttlMinutes),
        t.who(input.accountEmail),
        t.from(input.ip, at),
      ],
      action: { label: t.action, url: webUrl(context.publicUrl, input.locale, '/dashboard/profile#licence') },
      outro: [t.ifYou, t.ifNot(context.supportEmail)],
    },
    context,
  );
  return { to: input.to, subject: t.subject(input.code), html, text, locale: input.locale };
}

const claimedTexts = {
  pl: {
    subject: 'Inne konto podało Twój numer wpisu — Substytut',
    title: 'Inne konto podało Twój numer wpisu',
    greeting: 'Dzień dobry,',
    body: (licenseNo: string) =>
      `inne konto w serwisie Substytut podało w profilu numer wpisu ${licenseNo}, potwierdzony już na Twoim koncie. To konto nie dostało oznaczenia „Zweryfikowany”: sprawdzi je administrator.`,
    safe: 'Twoje oznaczenie i oferty pozostają bez zmian.',
    action: 'Przejdź do profilu',
    ifNot: (support: string) =>
      `Jeśli nie znasz tego konta (np. nie masz drugiego konta ani wspólnika, który mógłby się pomylić), napisz do nas na ${support}.`,
  },
  en: {
    subject: 'Another account gave your entry number — Substytut',
    title: 'Another account gave your entry number',
    greeting: 'Hello,',
    body: (licenseNo: string) =>
      `another account at Substytut gave the entry number ${licenseNo} in its profile, which is already confirmed on your account. That account did not get the “Verified” badge: an administrator will check it.`,
    safe: 'Your badge and offers stay as they are.',
    action: 'Go to your profile',
    ifNot: (support: string) =>
      `If you do not know that account (you have no second account, nor a colleague who could have mistyped), write to us at ${support}.`,
  },
} as const;

/** To the holder of a verified entry number when another account claims it (issue 30). */
export function licenceClaimedMail(
  input: { locale: MailLocale; to: string; licenseNo: string },
  context: MailContext,
): MailMessage {
  const t = claimedTexts[input.locale];
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: t.title,
      intro: [t.greeting, t.body(input.licenseNo), t.safe],
      action: { label: t.action, url: webUrl(context.publicUrl, input.locale, '/dashboard/profile') },
      outro: [t.ifNot(context.supportEmail)],
    },
    context,
  );
  return { to: input.to, subject: t.subject, html, text, locale: input.locale };
}

/** '27.11.2026, godz. 14:05 (czasu warszawskiego)' / '27.11.2026 at 14:05 (Warsaw time)'. */
function formatMailMoment(at: Date, locale: MailLocale): string {
  return `${formatHearingTime(at, locale)} ${locale === 'pl' ? '(czasu warszawskiego)' : '(Warsaw time)'}`;
}
