import { acceptanceClosesAt, formatLastMoment, formatPln } from '@substytut/shared';
import type { MailMessage } from '../../mail/index.ts';
import { renderLayout, webUrl, type MailContext, type MailLocale } from '../../mail/index.ts';
import { reportParagraphs, type ReportLines } from './dispute-mails.ts';

/**
 * The client's confirmation link. The web page at this path (served by the checkout feature)
 * posts the token to POST /api/public/offer/accept and lands on /offer/done.
 */
export function acceptanceLink(publicUrl: string, locale: MailLocale, token: string): string {
  return webUrl(publicUrl, locale, `/offer/accept/${encodeURIComponent(token)}`);
}

const texts = {
  pl: {
    subject: (title: string) => `Zlecenie „${title}” zostało zrealizowane — potwierdź wykonanie`,
    title: 'Potwierdź wykonanie zlecenia',
    greeting: 'Dzień dobry,',
    body: (lawyer: string, title: string, gross: string) =>
      `Zlecenie „${title}” (${gross} brutto) zostało oznaczone jako zrealizowane przez: ${lawyer}.`,
    ask: 'Prosimy o potwierdzenie, że usługa została wykonana. Dopiero wtedy przekażemy wynagrodzenie wykonawcy.',
    action: 'Potwierdzam wykonanie',
    window: (until: string) =>
      `Możesz potwierdzić wykonanie lub zgłosić zastrzeżenia do ${until}. Jeśli do tego czasu nie zrobisz żadnej z tych rzeczy, zlecenie zostanie uznane za wykonane.`,
    dispute:
      'Na stronie potwierdzenia możesz też zakwestionować wykonanie, podając powód; wypłata zostanie wtedy wstrzymana do decyzji administratora.',
  },
  en: {
    subject: (title: string) => `The order “${title}” is done — please confirm`,
    title: 'Confirm the completed order',
    greeting: 'Hello,',
    body: (lawyer: string, title: string, gross: string) =>
      `${lawyer} marked the order “${title}” (${gross} gross) as completed.`,
    ask: 'Please confirm that the service was provided. Only then do we pass the fee to the contractor.',
    action: 'I confirm completion',
    window: (until: string) =>
      `You can confirm or raise an objection until ${until}. If you do neither by then, the order will be treated as completed.`,
    dispute:
      'On the confirmation page you can also dispute the completion, giving a reason; the payout is then held until an administrator decides.',
  },
} as const;

export interface OfferDoneMailInput {
  locale: MailLocale;
  to: string;
  token: string;
  lawyerName: string;
  offerTitle: string;
  grossGrosze: number;
  acceptanceWindowDays: number;
  /** when the job was marked done: the window's last minute is counted from it (issue 34) */
  doneAt: Date;
  /** the hearing report the lawyer filed with marking the job done (issue 23) */
  report?: ReportLines;
}

/** Sent to the paying client when the lawyer marks the job done (payed → done). */
export function offerDoneMail(input: OfferDoneMailInput, context: MailContext): MailMessage {
  const t = texts[input.locale];
  const gross = formatPln(input.grossGrosze, input.locale);
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: t.title,
      intro: [
        t.greeting,
        t.body(input.lawyerName, input.offerTitle, gross),
        ...(input.report ? reportParagraphs(input.locale, input.report) : []),
        t.ask,
      ],
      action: { label: t.action, url: acceptanceLink(context.publicUrl, input.locale, input.token) },
      // Issue 34: one instruction (the page's dispute form), and the deadline as its last minute,
      // in the words of the confirmation page.
      outro: [
        t.window(
          formatLastMoment(acceptanceClosesAt(input.doneAt, input.acceptanceWindowDays), input.locale),
        ),
        t.dispute,
      ],
    },
    context,
  );
  return { to: input.to, subject: t.subject(input.offerTitle), html, text, locale: input.locale };
}
