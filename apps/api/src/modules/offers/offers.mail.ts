import { formatPln } from '@substytut/shared';
import type { MailMessage } from '../mail/mail.outbox.ts';
import { renderLayout, webUrl, type MailContext, type MailLocale } from '../mail/templates/layout.ts';

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
      `${lawyer} oznaczył(a) zlecenie „${title}” (${gross} brutto) jako zrealizowane.`,
    ask: 'Prosimy o potwierdzenie, że usługa została wykonana. Dopiero wtedy przekażemy wynagrodzenie wykonawcy.',
    action: 'Potwierdzam wykonanie',
    window: (days: number) =>
      `Jeśli w ciągu ${days} dni nie potwierdzisz wykonania ani nie zgłosisz zastrzeżeń, zlecenie zostanie uznane za wykonane.`,
    problem: (support: string) => `Masz zastrzeżenia do wykonania usługi? Napisz do nas: ${support}.`,
  },
  en: {
    subject: (title: string) => `The order “${title}” is done — please confirm`,
    title: 'Confirm the completed order',
    greeting: 'Hello,',
    body: (lawyer: string, title: string, gross: string) =>
      `${lawyer} marked the order “${title}” (${gross} gross) as completed.`,
    ask: 'Please confirm that the service was provided. Only then do we pass the fee to the contractor.',
    action: 'I confirm completion',
    window: (days: number) =>
      `If you neither confirm nor raise an objection within ${days} days, the order will be treated as completed.`,
    problem: (support: string) => `Not satisfied with the service? Write to us: ${support}.`,
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
}

/** Sent to the paying client when the lawyer marks the job done (payed → done). */
export function offerDoneMail(input: OfferDoneMailInput, context: MailContext): MailMessage {
  const t = texts[input.locale];
  const gross = formatPln(input.grossGrosze, input.locale);
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: t.title,
      intro: [t.greeting, t.body(input.lawyerName, input.offerTitle, gross), t.ask],
      action: { label: t.action, url: acceptanceLink(context.publicUrl, input.locale, input.token) },
      outro: [t.window(input.acceptanceWindowDays), t.problem(context.supportEmail)],
    },
    context,
  );
  return { to: input.to, subject: t.subject(input.offerTitle), html, text, locale: input.locale };
}
