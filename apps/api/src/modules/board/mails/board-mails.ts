import { findCourt, formatHearingTime } from '@substytut/shared';
import type { Tx } from '../../../db/client.ts';
import { enqueueMail, type MailMessage } from '../../mail/index.ts';
import { renderLayout, webUrl, type MailContext, type MailLocale } from '../../mail/index.ts';
import type { BoardRequestRow } from '../board.deps.ts';
import { peopleByProfile, responsesOf, type BoardResponseRow } from '../board.repo.ts';

/**
 * Every mail of the board (issue 32): the picked substitute, the others, the poster of an
 * automatic pick, a lapse, a cancellation and a hiding. The Polish is the same for everyone
 * (no gendered past tense). Alerts of new requests are b32-alerts' mails.
 */

export type BoardMailKind =
  | 'picked'
  | 'given_to_other'
  | 'auto_assigned'
  | 'lapsed_poster'
  | 'lapsed_substitute'
  | 'reopened'
  | 'cancelled'
  | 'hidden';

interface Texts {
  subject: (court: string) => string;
  title: string;
  body: (hearing: string, extra: string) => string;
  action: string;
  /** who reads it: the poster's page of own requests, or the substitute's board */
  reader: 'poster' | 'substitute';
}

const pl: Record<BoardMailKind, Texts> = {
  picked: {
    subject: (court) => `Twoja odpowiedź została wybrana: ${court}`,
    title: 'Twoja odpowiedź została wybrana',
    body: (hearing) =>
      `Zlecający wybrał Twoją odpowiedź na zlecenie zastępstwa (${hearing}). W serwisie jest już Twoja oferta na to zastępstwo; gdy zostanie opłacona, dostaniesz wiadomość z danymi płatnika. Na tablicy widzisz teraz wszystkie szczegóły sprawy.`,
    action: 'Zobacz zlecenie',
    reader: 'substitute',
  },
  given_to_other: {
    subject: (court) => `Zlecenie przekazane innej osobie: ${court}`,
    title: 'Zlecenie przekazane innej osobie',
    body: (hearing) =>
      `Zlecenie zastępstwa (${hearing}), na które odpowiedź została przez Ciebie wysłana, zlecający przekazał innej osobie. Dziękujemy za odpowiedź.`,
    action: 'Otwórz tablicę zleceń',
    reader: 'substitute',
  },
  auto_assigned: {
    subject: (court) => `Zastępstwo przyjęte: ${court}`,
    title: 'Zastępstwo zostało przyjęte',
    body: (hearing, payBy) =>
      `Pierwsza osoba, która przyjęła stałe wynagrodzenie, otrzymała Twoje zlecenie (${hearing}). Opłać ofertę do ${payBy}; w przeciwnym razie zlecenie wróci na tablicę.`,
    action: 'Przejdź do płatności',
    reader: 'poster',
  },
  lapsed_poster: {
    subject: (court) => `Wybrana odpowiedź nie została opłacona: ${court}`,
    title: 'Wybrana odpowiedź nie została opłacona w terminie',
    body: (hearing, next) =>
      `Oferta na zastępstwo (${hearing}) nie została opłacona w terminie, więc wybór wygasł. ${next}`,
    action: 'Moje zlecenia',
    reader: 'poster',
  },
  lapsed_substitute: {
    subject: (court) => `Wybór wygasł: ${court}`,
    title: 'Wybór Twojej odpowiedzi wygasł',
    body: (hearing) =>
      `Zlecający nie opłacił oferty na zastępstwo (${hearing}) w terminie, więc Twoja oferta została usunięta. Twoja odpowiedź pozostaje na zleceniu, jeśli nadal przyjmuje ono odpowiedzi.`,
    action: 'Otwórz tablicę zleceń',
    reader: 'substitute',
  },
  reopened: {
    subject: (court) => `Zlecenie znów czeka na wybór: ${court}`,
    title: 'Zlecenie znów czeka na wybór',
    body: (hearing) =>
      `Wybrana wcześniej odpowiedź na zlecenie zastępstwa (${hearing}) nie została opłacona. Twoja odpowiedź nadal jest na zleceniu i zlecający może ją wybrać.`,
    action: 'Zobacz zlecenie',
    reader: 'substitute',
  },
  cancelled: {
    subject: (court) => `Zlecenie odwołane: ${court}`,
    title: 'Zlecenie zostało odwołane',
    body: (hearing) =>
      `Zlecający odwołał zlecenie zastępstwa (${hearing}), na które odpowiedź została przez Ciebie wysłana. Nie musisz nic robić.`,
    action: 'Otwórz tablicę zleceń',
    reader: 'substitute',
  },
  hidden: {
    subject: (court) => `Zlecenie ukryte przez administratora: ${court}`,
    title: 'Zlecenie zostało ukryte',
    body: (hearing, reason) =>
      `Administrator ukrył Twoje zlecenie zastępstwa (${hearing}) na tablicy. Powód: ${reason}`,
    action: 'Moje zlecenia',
    reader: 'poster',
  },
};

const en: Record<BoardMailKind, Texts> = {
  picked: {
    subject: (court) => `Your answer was picked: ${court}`,
    title: 'Your answer was picked',
    body: (hearing) =>
      `The poster picked your answer to the substitution request (${hearing}). Your offer for this substitution is ready in the product; once it is paid you get a message with the payer's details. The board now shows you every detail of the case.`,
    action: 'See the request',
    reader: 'substitute',
  },
  given_to_other: {
    subject: (court) => `Request given to someone else: ${court}`,
    title: 'The request was given to someone else',
    body: (hearing) =>
      `The substitution request you answered (${hearing}) was given to someone else. Thank you for your answer.`,
    action: 'Open the board',
    reader: 'substitute',
  },
  auto_assigned: {
    subject: (court) => `Substitution taken: ${court}`,
    title: 'Your substitution was taken',
    body: (hearing, payBy) =>
      `The first substitute to accept the fixed fee took your request (${hearing}). Pay the offer by ${payBy}; otherwise the request goes back on the board.`,
    action: 'Go to payment',
    reader: 'poster',
  },
  lapsed_poster: {
    subject: (court) => `The picked answer was not paid: ${court}`,
    title: 'The picked answer was not paid in time',
    body: (hearing, next) => `The offer for the substitution (${hearing}) was not paid in time, so the pick lapsed. ${next}`,
    action: 'My requests',
    reader: 'poster',
  },
  lapsed_substitute: {
    subject: (court) => `The pick lapsed: ${court}`,
    title: 'The pick of your answer lapsed',
    body: (hearing) =>
      `The poster did not pay the offer for the substitution (${hearing}) in time, so your offer was removed. Your answer stays on the request while it takes answers.`,
    action: 'Open the board',
    reader: 'substitute',
  },
  reopened: {
    subject: (court) => `The request waits for a pick again: ${court}`,
    title: 'The request waits for a pick again',
    body: (hearing) =>
      `The answer picked earlier for the substitution request (${hearing}) was not paid. Your answer is still on the request and the poster may pick it.`,
    action: 'See the request',
    reader: 'substitute',
  },
  cancelled: {
    subject: (court) => `Request cancelled: ${court}`,
    title: 'The request was cancelled',
    body: (hearing) => `The poster cancelled the substitution request you answered (${hearing}). Nothing needs to be done.`,
    action: 'Open the board',
    reader: 'substitute',
  },
  hidden: {
    subject: (court) => `Request hidden by an administrator: ${court}`,
    title: 'Your request was hidden',
    body: (hearing, reason) => `An administrator hid your substitution request (${hearing}) on the board. Reason: ${reason}`,
    action: 'My requests',
    reader: 'poster',
  },
};

/** What the lapse mail tells the poster comes next. */
export const lapseNext = {
  pl: { open: 'Zlecenie wróciło na tablicę: możesz wybrać odpowiedź ponownie.', expired: 'Termin na odpowiedzi minął, więc zlecenie wygasło.' },
  en: { open: 'The request is back on the board: you may pick an answer again.', expired: 'The answer deadline has passed, so the request expired.' },
} as const;

export interface BoardMailInput {
  kind: BoardMailKind;
  to: string;
  locale: MailLocale;
  request: BoardRequestRow;
  /** the pay-by time, the lapse's next step or the hiding's reason */
  extra?: string;
  /** overrides the action's link (the payment step) */
  path?: string;
}

export function boardMail(input: BoardMailInput, context: MailContext): MailMessage {
  const t = (input.locale === 'en' ? en : pl)[input.kind];
  const court = findCourt(input.request.courtId)?.name ?? input.request.courtId;
  const hearing = `${court}, ${formatHearingTime(input.request.startsAt, input.locale)}`;
  const path =
    input.path ??
    (t.reader === 'poster' ? '/dashboard/board/mine' : `/dashboard/board?request=${encodeURIComponent(input.request.id)}`);
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: t.title,
      intro: [input.locale === 'en' ? 'Hello,' : 'Dzień dobry,', t.body(hearing, input.extra ?? '')],
      action: { label: t.action, url: webUrl(context.publicUrl, input.locale, path) },
      outro: [],
    },
    context,
  );
  return { to: input.to, subject: t.subject(court), html, text, locale: input.locale };
}

/**
 * Mails every substitute who answered the request, each the kind `kindOf` gives their answer
 * (none when it gives null), in the caller's transaction.
 */
export async function mailAnswerers(
  tx: Tx,
  request: BoardRequestRow,
  kindOf: (response: BoardResponseRow) => BoardMailKind | null,
  context: MailContext,
  now: Date,
): Promise<void> {
  const responses = await responsesOf(tx, [request.id]);
  const people = await peopleByProfile(
    tx,
    responses.map((r) => r.substituteProfileId),
  );
  for (const response of responses) {
    const person = people.get(response.substituteProfileId);
    const kind = kindOf(response);
    if (!person || !kind) continue;
    await enqueueMail(tx, boardMail({ kind, to: person.user.email, locale: person.user.locale, request }, context), now);
  }
}
