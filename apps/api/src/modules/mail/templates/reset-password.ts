import type { MailMessage } from '../mail.outbox.ts';
import { renderLayout, webUrl, type MailContext, type MailLocale } from './layout.ts';

const texts = {
  pl: {
    subject: 'Zmiana hasła w serwisie Substytut',
    title: 'Ustaw nowe hasło',
    greeting: 'Dzień dobry,',
    body: (email: string) => `otrzymaliśmy prośbę o zmianę hasła do konta ${email} w serwisie Substytut.`,
    action: 'Ustaw nowe hasło',
    validity: 'Link jest ważny przez 60 minut i można go użyć tylko raz.',
    ignore: 'Jeśli o zmianę hasła poprosił ktoś inny, zignoruj tę wiadomość — hasło pozostanie bez zmian.',
  },
  en: {
    subject: 'Reset your Substytut password',
    title: 'Set a new password',
    greeting: 'Hello,',
    body: (email: string) =>
      `we received a request to reset the password of the account ${email} at Substytut.`,
    action: 'Set a new password',
    validity: 'The link is valid for 60 minutes and can be used once.',
    ignore: 'If you did not ask for this, please ignore this message — your password stays the same.',
  },
} as const;

export interface ResetPasswordInput {
  locale: MailLocale;
  to: string;
  token: string;
}

/** The link lands on the web page /auth/reset/{token}?email=…, which calls POST /api/login/resetpassword. */
export function resetPasswordMail(input: ResetPasswordInput, context: MailContext): MailMessage {
  const t = texts[input.locale];
  const url = webUrl(
    context.publicUrl,
    input.locale,
    `/auth/reset/${encodeURIComponent(input.token)}?email=${encodeURIComponent(input.to)}`,
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
