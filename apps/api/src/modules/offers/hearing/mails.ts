import { hearingSummary, toHearingDto, type HearingData, type Locale } from '@substytut/shared';
import type { OfferRow } from '../../../db/schema.ts';
import { hearingOf } from '../offers.dto.ts';
import type { MailMessage } from '../../mail/index.ts';
import { renderLayout, webUrl, type MailContext } from '../../mail/index.ts';
import { hearingInvitation } from '../../calendar/index.ts';

/** The hearing's part of the mails to the lawyer and the payer (both see every detail). */

const texts = {
  pl: {
    hearing: (summary: string) => `Rozprawa: ${summary}.`,
    caseNumber: (n: string) => `Sygnatura akt: ${n}.`,
    party: (p: string) => `Strona: ${p}.`,
    link: (l: string) => `Link do rozprawy: ${l}`,
    noLink:
      'Link do rozprawy zdalnej: jeszcze nie podany. Sąd zwykle przesyła go kilka dni przed rozprawą; po dodaniu go do zlecenia wyślemy go e-mailem.',
    invitation: 'W załączniku zaproszenie do kalendarza (plik .ics).',
  },
  en: {
    hearing: (summary: string) => `Hearing: ${summary}.`,
    caseNumber: (n: string) => `Case number: ${n}.`,
    party: (p: string) => `Party: ${p}.`,
    link: (l: string) => `Hearing link: ${l}`,
    noLink:
      'Remote hearing link: not given yet. Courts usually send it a few days before the hearing; once it is added to the order, we will e-mail it.',
    invitation: 'A calendar invitation (.ics file) is attached.',
  },
} as const;

/** Lines describing the hearing to its lawyer or payer; none when the offer has no hearing. */
export function hearingLines(h: HearingData, locale: Locale): string[] {
  const dto = toHearingDto(h, true);
  if (!dto) return [];
  const t = texts[locale];
  const summary = hearingSummary(dto, locale);
  return [
    summary ? t.hearing(summary) : null,
    dto.case_number ? t.caseNumber(dto.case_number) : null,
    dto.party ? t.party(dto.party) : null,
    dto.mode === 'remote' ? (dto.remote_link ? t.link(dto.remote_link) : t.noLink) : null,
    h.startsAt ? t.invitation : null,
  ].filter((line): line is string => line !== null);
}

/**
 * Adds the hearing to a mail: its lines before the mail's outro and the .ics invitation. The
 * mail's body is rendered by its own template; this only appends to what it passes in.
 */
export function withHearing(
  message: MailMessage,
  offer: OfferRow,
  side: 'lawyer' | 'payer',
  locale: Locale,
  context: MailContext,
  now: Date,
): MailMessage {
  const invitation = hearingInvitation(
    offer,
    {
      locale,
      publicUrl: context.publicUrl,
      confidential: true,
      path: side === 'lawyer' ? '/dashboard/offers' : '/',
    },
    now,
  );
  return invitation ? { ...message, attachments: [...(message.attachments ?? []), invitation] } : message;
}

export interface HearingReminderInput {
  to: string;
  locale: Locale;
  side: 'lawyer' | 'payer';
  offer: OfferRow;
  hearing: HearingData;
  lawyerName: string;
  seolink: string;
  now: Date;
}

/** To both sides, the day before a paid hearing (hearing-reminder.ts). */
export function hearingReminderMail(input: HearingReminderInput, context: MailContext): MailMessage {
  const pl = input.locale === 'pl';
  const title = input.offer.title;
  const subject = pl ? `Przypomnienie: jutro rozprawa — ${title}` : `Reminder: hearing tomorrow — ${title}`;
  const intro = [
    pl ? 'Dzień dobry,' : 'Hello,',
    input.side === 'lawyer'
      ? pl
        ? `przypominamy o rozprawie w zleceniu „${title}”, w którym występujesz jako substytut.`
        : `a reminder of the hearing in the order “${title}” you took on as the substitute.`
      : pl
        ? `przypominamy o rozprawie w zleceniu „${title}” (wykonawca: ${input.lawyerName}).`
        : `a reminder of the hearing in the order “${title}” (contractor: ${input.lawyerName}).`,
    ...hearingLines(input.hearing, input.locale),
  ];
  const path = input.side === 'lawyer' ? '/dashboard/offers' : `/u/${encodeURIComponent(input.seolink)}`;
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: pl ? 'Jutro rozprawa' : 'Hearing tomorrow',
      intro,
      action: {
        label:
          input.side === 'lawyer'
            ? pl
              ? 'Przejdź do historii ofert'
              : 'Go to your offer history'
            : pl
              ? 'Zobacz profil wykonawcy'
              : "View the contractor's profile",
        url: webUrl(context.publicUrl, input.locale, path),
      },
      outro: [],
    },
    context,
  );
  return withHearing(
    { to: input.to, subject, html, text, locale: input.locale },
    input.offer,
    input.side,
    input.locale,
    context,
    input.now,
  );
}

export interface HearingChangedInput {
  to: string;
  locale: Locale;
  offer: OfferRow;
  lawyerName: string;
  now: Date;
}

/** To the payer when the lawyer changes the details of a paid hearing: the updated invitation. */
export function hearingChangedMail(input: HearingChangedInput, context: MailContext): MailMessage {
  const pl = input.locale === 'pl';
  const title = input.offer.title;
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: pl ? 'Zmiana danych rozprawy' : 'The hearing details have changed',
      intro: [
        pl ? 'Dzień dobry,' : 'Hello,',
        pl
          ? `dane rozprawy w zleceniu „${title}” zostały zmienione (wykonawca: ${input.lawyerName}). Aktualne dane:`
          : `${input.lawyerName} changed the hearing details of the order “${title}”. They are now:`,
        ...hearingLines(hearingOf(input.offer), input.locale),
      ],
      action: {
        label: pl ? 'Przejdź do serwisu' : 'Go to Substytut',
        url: webUrl(context.publicUrl, input.locale, '/'),
      },
      outro: [],
    },
    context,
  );
  return withHearing(
    {
      to: input.to,
      subject: pl ? `Zmiana danych rozprawy — ${title}` : `Hearing details changed — ${title}`,
      html,
      text,
      locale: input.locale,
    },
    input.offer,
    'payer',
    input.locale,
    context,
    input.now,
  );
}

export interface RemoteLinkMissingInput {
  to: string;
  locale: Locale;
  offer: OfferRow;
}

/** To the lawyer, the day before a paid remote hearing that still has no link (issue 34). */
export function remoteLinkMissingMail(input: RemoteLinkMissingInput, context: MailContext): MailMessage {
  const pl = input.locale === 'pl';
  const title = input.offer.title;
  const summary = hearingSummary(toHearingDto(hearingOf(input.offer), true), input.locale);
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: pl ? 'Brakuje linku do rozprawy zdalnej' : 'The remote hearing link is missing',
      intro: [
        pl ? 'Dzień dobry,' : 'Hello,',
        pl
          ? `rozprawa w zleceniu „${title}” odbywa się jutro zdalnie, a zlecenie nie ma jeszcze linku do niej${summary ? ` (${summary})` : ''}.`
          : `the hearing in the order “${title}” takes place remotely tomorrow, and the order has no link to it yet${summary ? ` (${summary})` : ''}.`,
        pl
          ? 'Dodaj link w historii ofert (edycja rozprawy): klient otrzyma go e-mailem razem z zaktualizowanym zaproszeniem do kalendarza. Jeśli sąd nie przesłał linku, skontaktuj się z sekretariatem wydziału.'
          : 'Add the link in your offer history (edit the hearing): the client receives it by e-mail with the updated calendar invitation. If the court has not sent the link, contact the division’s registry.',
      ],
      action: {
        label: pl ? 'Przejdź do historii ofert' : 'Go to your offer history',
        url: webUrl(context.publicUrl, input.locale, '/dashboard/offers'),
      },
      outro: [],
    },
    context,
  );
  const subject = pl
    ? `Brakuje linku do rozprawy zdalnej — ${title}`
    : `The remote hearing link is missing — ${title}`;
  return { to: input.to, subject, html, text, locale: input.locale };
}
