import {
  formatHearingTime,
  formatPln,
  type BoardCaseType,
  type BoardPushPayload,
  type Locale,
} from '@substytut/shared';
import { renderLayout, webUrl, type MailContext, type MailMessage } from '../mail/index.ts';

/** What an alert says about a request: never the case number or the parties. */
export interface AlertedRequestFacts {
  id: string;
  courtName: string;
  division: string | null;
  startsAt: Date;
  mode: 'in_person' | 'remote' | string;
  caseType: BoardCaseType;
  task: string;
  feeNetGrosze: number | null;
  urgent: boolean;
  answerDeadline: Date;
}

const CASE_TYPES: Record<Locale, Record<BoardCaseType, string>> = {
  pl: {
    civil: 'cywilna',
    criminal: 'karna',
    family: 'rodzinna',
    labour: 'z zakresu prawa pracy',
    commercial: 'gospodarcza',
    administrative: 'administracyjna',
    other: 'inna',
  },
  en: {
    civil: 'civil',
    criminal: 'criminal',
    family: 'family',
    labour: 'labour',
    commercial: 'commercial',
    administrative: 'administrative',
    other: 'other',
  },
};

const texts = {
  pl: {
    subject: (court: string, urgent: boolean) =>
      `${urgent ? 'Pilne: ' : ''}nowe zlecenie zastępstwa — ${court}`,
    title: 'Nowe zlecenie na tablicy zastępstw',
    intro: 'Na tablicy zastępstw pojawiło się zlecenie, które pasuje do ustawień Twoich alertów.',
    urgent: 'Rozprawa odbędzie się w ciągu 48 godzin.',
    court: 'Sąd',
    division: 'Wydział',
    when: 'Termin',
    mode: { in_person: 'stacjonarnie', remote: 'zdalnie' } as Record<string, string>,
    caseType: 'Sprawa',
    task: 'Zadanie',
    fee: 'Wynagrodzenie netto',
    quotes: 'do zaproponowania',
    deadline: 'Odpowiedzi do',
    action: 'Zobacz zlecenie',
    outro: 'Sygnaturę akt i strony zobaczysz dopiero po sprawdzeniu konfliktu interesów.',
    settings: 'Zmień ustawienia alertów',
    digestSubject: (n: number) => `Zlecenia zastępstw z dziś (${n})`,
    digestTitle: 'Dzienne podsumowanie tablicy zastępstw',
    digestIntro: (n: number) =>
      n === 1
        ? 'Jedno otwarte zlecenie z ostatniej doby pasuje do ustawień Twoich alertów:'
        : `Otwarte zlecenia z ostatniej doby pasujące do ustawień Twoich alertów: ${n}.`,
    digestAction: 'Otwórz tablicę zastępstw',
  },
  en: {
    subject: (court: string, urgent: boolean) =>
      `${urgent ? 'Urgent: ' : ''}new substitution request — ${court}`,
    title: 'A new request on the substitution board',
    intro: 'A request that matches your alert settings was posted on the substitution board.',
    urgent: 'The hearing is within 48 hours.',
    court: 'Court',
    division: 'Division',
    when: 'When',
    mode: { in_person: 'in person', remote: 'remote' } as Record<string, string>,
    caseType: 'Case',
    task: 'Task',
    fee: 'Net fee',
    quotes: 'to be quoted',
    deadline: 'Answers by',
    action: 'See the request',
    outro: 'The case number and the parties are shown only after the conflict check.',
    settings: 'Change your alert settings',
    digestSubject: (n: number) => `Substitution requests of today (${n})`,
    digestTitle: 'Daily summary of the substitution board',
    digestIntro: (n: number) =>
      n === 1
        ? 'One open request of the last day matches your alert settings:'
        : `Open requests of the last day that match your alert settings: ${n}.`,
    digestAction: 'Open the substitution board',
  },
} as const;

/** '/dashboard/board?request=<id>': where an alert leads (the board opens that request). */
export const requestPath = (id: string) => `/dashboard/board?request=${encodeURIComponent(id)}`;

function factLines(locale: Locale, r: AlertedRequestFacts): string[] {
  const t = texts[locale];
  return [
    `${t.court}: ${r.courtName}${r.division ? `, ${t.division.toLowerCase()} ${r.division}` : ''}`,
    `${t.when}: ${formatHearingTime(r.startsAt, locale)} (${t.mode[r.mode] ?? r.mode})`,
    `${t.caseType}: ${CASE_TYPES[locale][r.caseType]}`,
    `${t.task}: ${r.task}`,
    `${t.fee}: ${r.feeNetGrosze === null ? t.quotes : formatPln(r.feeNetGrosze, locale)}`,
    `${t.deadline}: ${formatHearingTime(r.answerDeadline, locale)}`,
  ];
}

/** The e-mail alert of one request, in the substitute's language. */
export function boardAlertMail(
  input: { to: string; locale: Locale; request: AlertedRequestFacts },
  context: MailContext,
): MailMessage {
  const t = texts[input.locale];
  const r = input.request;
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: t.title,
      intro: [t.intro, ...(r.urgent ? [t.urgent] : []), ...factLines(input.locale, r)],
      action: { label: t.action, url: webUrl(context.publicUrl, input.locale, requestPath(r.id)) },
      outro: [t.outro],
      secondary: { label: t.settings, url: webUrl(context.publicUrl, input.locale, '/dashboard/alerts') },
    },
    context,
  );
  return { to: input.to, subject: t.subject(r.courtName, r.urgent), html, text, locale: input.locale };
}

/** The daily digest: every open request of the day that matches, in the substitute's language. */
export function boardDigestMail(
  input: { to: string; locale: Locale; requests: AlertedRequestFacts[] },
  context: MailContext,
): MailMessage {
  const t = texts[input.locale];
  const lines = input.requests.map(
    (r) =>
      `${r.urgent ? '! ' : ''}${r.courtName}, ${formatHearingTime(r.startsAt, input.locale)}, ${CASE_TYPES[input.locale][r.caseType]}, ${r.feeNetGrosze === null ? t.quotes : formatPln(r.feeNetGrosze, input.locale)}: ${webUrl(context.publicUrl, input.locale, requestPath(r.id))}`,
  );
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: t.digestTitle,
      intro: [t.digestIntro(input.requests.length), ...lines],
      action: { label: t.digestAction, url: webUrl(context.publicUrl, input.locale, '/dashboard/board') },
      outro: [t.outro],
      secondary: { label: t.settings, url: webUrl(context.publicUrl, input.locale, '/dashboard/alerts') },
    },
    context,
  );
  return { to: input.to, subject: t.digestSubject(input.requests.length), html, text, locale: input.locale };
}

/** What a browser notification of the request shows; a click opens its url. */
export function boardPushPayload(locale: Locale, r: AlertedRequestFacts): BoardPushPayload {
  const t = texts[locale];
  return {
    title: `${r.urgent ? (locale === 'pl' ? 'Pilne: ' : 'Urgent: ') : ''}${r.courtName}`,
    body: `${formatHearingTime(r.startsAt, locale)} · ${CASE_TYPES[locale][r.caseType]} · ${r.feeNetGrosze === null ? t.quotes : formatPln(r.feeNetGrosze, locale)}`,
    url: requestPath(r.id),
  };
}
