import type { MailContext, MailLocale, MailMessage } from '../../mail/index.ts';
import { renderLayout, webUrl } from '../../mail/index.ts';

/**
 * Where the substitute publishes or withdraws a reference: the dashboard's list of references
 * received through the board (built by the web's alerts feature beside the alert settings).
 */
export const REFERENCES_PAGE = '/dashboard/alerts#references';

// Gender-neutral Polish (issue 34): no second-person past tense; the poster is "zlecający".
const texts = {
  pl: {
    subject: 'Nowa referencja za zlecenie z tablicy — możesz ją opublikować',
    title: 'Masz nową referencję',
    greeting: 'Dzień dobry,',
    body: (poster: string, month: string) =>
      `${poster} wystawia referencję za zlecenie z tablicy zastępstw (rozprawa: ${month}):`,
    decide:
      'Referencja nie jest widoczna publicznie, dopóki jej nie opublikujesz. Na Twojej stronie pojawi się z dopiskiem „Potwierdzone zrealizowanym zleceniem” i miesiącem zlecenia. Możesz ją w każdej chwili wycofać.',
    action: 'Przejdź do referencji',
    quote: (text: string) => `„${text}”`,
  },
  en: {
    subject: 'A new reference for a job from the board — you can publish it',
    title: 'You have a new reference',
    greeting: 'Hello,',
    body: (poster: string, month: string) =>
      `${poster} wrote a reference for a job from the substitution board (hearing: ${month}):`,
    decide:
      'The reference is not public until you publish it. On your page it shows as "Confirmed by a completed job" with the month of the job. You can withdraw it at any time.',
    action: 'Go to your references',
    quote: (text: string) => `“${text}”`,
  },
} as const;

export interface ReferenceMailInput {
  locale: MailLocale;
  to: string;
  posterName: string;
  /** the month of the job in words, e.g. 'listopad 2026' */
  month: string;
  text: string;
}

/** To the substitute: the poster wrote a reference, which they may publish on their page. */
export function referenceWrittenMail(input: ReferenceMailInput, context: MailContext): MailMessage {
  const t = texts[input.locale];
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: t.title,
      intro: [t.greeting, t.body(input.posterName, input.month), t.quote(input.text)],
      action: { label: t.action, url: webUrl(context.publicUrl, input.locale, REFERENCES_PAGE) },
      outro: [t.decide],
    },
    context,
  );
  return { to: input.to, subject: t.subject, html, text, locale: input.locale };
}
