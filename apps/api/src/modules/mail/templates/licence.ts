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
          ? 'numer wpisu z Twojego profilu został potwierdzony w rejestrze adwokatów. Twój profil ma teraz oznaczenie „Zweryfikowany”, a Ty możesz tworzyć oferty.'
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
      body: 'rejestr nie mógł automatycznie potwierdzić Twoich uprawnień, więc sprawdzi je administrator.',
      next: 'Jeśli jeszcze tego nie zrobiłeś, prześlij w profilu zaświadczenie z izby (PDF, JPG lub PNG). Napiszemy, gdy administrator podejmie decyzję.',
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
          ? 'the entry number in your profile was confirmed in the register of advocates. Your profile now shows the “Verified” badge and you can create offers.'
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
      body: 'the register could not confirm your licence automatically, so an administrator will check it.',
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
