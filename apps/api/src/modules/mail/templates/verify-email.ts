import type { MailMessage } from '../mail.outbox.ts';
import { renderLayout, webUrl, type MailContext, type MailLocale } from './layout.ts';

const texts = {
  pl: {
    subject: 'Potwierdź adres e-mail w serwisie Substytut',
    title: 'Potwierdź swój adres e-mail',
    greeting: 'Dzień dobry,',
    body: (email: string) =>
      `dziękujemy za rejestrację w serwisie Substytut. Aby aktywować konto ${email}, potwierdź swój adres e-mail.`,
    action: 'Potwierdź adres e-mail',
    validity: 'Link jest ważny przez 24 godziny i można go użyć tylko raz.',
    ignore: 'Jeśli konto na ten adres założył ktoś inny, zignoruj tę wiadomość.',
  },
  en: {
    subject: 'Confirm your e-mail address at Substytut',
    title: 'Confirm your e-mail address',
    greeting: 'Hello,',
    body: (email: string) =>
      `thank you for signing up at Substytut. To activate the account ${email}, please confirm your e-mail address.`,
    action: 'Confirm e-mail address',
    validity: 'The link is valid for 24 hours and can be used once.',
    ignore: 'If you did not create an account, please ignore this message.',
  },
} as const;

export interface VerifyEmailInput {
  locale: MailLocale;
  to: string;
  userId: string;
  token: string;
}

/** The link lands on the web page /auth/verified/{id}/{token}, which calls POST /api/email/verify. */
export function verifyEmailMail(input: VerifyEmailInput, context: MailContext): MailMessage {
  const t = texts[input.locale];
  const url = webUrl(
    context.publicUrl,
    input.locale,
    `/auth/verified/${encodeURIComponent(input.userId)}/${encodeURIComponent(input.token)}`,
  );
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: t.title,
      intro: [t.greeting, t.body(input.to)],
      action: { label: t.action, url },
      outro: [t.validity, t.ignore],
    },
    context,
  );
  return { to: input.to, subject: t.subject, html, text, locale: input.locale };
}
