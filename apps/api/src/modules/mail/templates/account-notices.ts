import type { MailMessage } from '../mail.outbox.ts';
import { renderLayout, webUrl, type MailContext, type MailLocale } from './layout.ts';

// Mails that tell an account's owner what someone else tried with their address. They carry no
// secret: the links lead to the ordinary login and password-reset pages.

const registrationTexts = {
  pl: {
    subject: 'Próba rejestracji na Twój adres w serwisie Substytut',
    title: 'Ktoś próbował założyć konto na Twój adres',
    greeting: 'Dzień dobry,',
    body: (email: string) =>
      `ktoś próbował właśnie zarejestrować w serwisie Substytut konto z adresem ${email}. Konto z tym adresem już istnieje, więc nic nie zostało zmienione.`,
    action: 'Zaloguj się',
    ifYou: 'Jeśli to Ty, zaloguj się na swoje konto. Jeśli nie pamiętasz hasła, ustaw nowe.',
    ignore: 'Jeśli to nie Ty, zignoruj tę wiadomość — Twoje konto jest bezpieczne.',
    reset: 'Nie pamiętasz hasła? Ustaw nowe',
  },
  en: {
    subject: 'Someone tried to register with your address at Substytut',
    title: 'Someone tried to sign up with your address',
    greeting: 'Hello,',
    body: (email: string) =>
      `someone just tried to register an account at Substytut with the address ${email}. An account with this address already exists, so nothing was changed.`,
    action: 'Log in',
    ifYou: 'If it was you, log in to your account. If you do not remember the password, set a new one.',
    ignore: 'If it was not you, please ignore this message — your account is safe.',
    reset: 'Forgot your password? Set a new one',
  },
} as const;

export interface AccountNoticeInput {
  locale: MailLocale;
  to: string;
}

/** Sent instead of a second account when someone registers an address that has one already. */
export function registrationAttemptMail(input: AccountNoticeInput, context: MailContext): MailMessage {
  const t = registrationTexts[input.locale];
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: t.title,
      intro: [t.greeting, t.body(input.to)],
      action: { label: t.action, url: webUrl(context.publicUrl, input.locale, '/auth/login') },
      outro: [t.ifYou, t.ignore],
      secondary: { label: t.reset, url: webUrl(context.publicUrl, input.locale, '/auth/forgot-password') },
    },
    context,
  );
  return { to: input.to, subject: t.subject, html, text, locale: input.locale };
}

const failedLoginTexts = {
  pl: {
    subject: 'Nieudane próby logowania na Twoje konto w serwisie Substytut',
    title: 'Nieudane próby logowania',
    greeting: 'Dzień dobry,',
    body: (email: string) =>
      `w ciągu ostatniej doby ktoś wielokrotnie wpisał błędne hasło do konta ${email} w serwisie Substytut.`,
    safe: 'Kolejne próby z tych samych adresów są spowalniane; Ty nadal możesz się zalogować swoim hasłem.',
    action: 'Zmień hasło',
    ifYou:
      'Jeśli to Ty, zignoruj tę wiadomość. Jeśli nie, zmień hasło na nowe, którego nie używasz w innych serwisach.',
    login: 'Zaloguj się',
  },
  en: {
    subject: 'Failed login attempts on your Substytut account',
    title: 'Failed login attempts',
    greeting: 'Hello,',
    body: (email: string) =>
      `in the last day someone entered a wrong password for the account ${email} at Substytut several times.`,
    safe: 'Further attempts from the same addresses are slowed down; you can still log in with your password.',
    action: 'Change your password',
    ifYou:
      'If it was you, please ignore this message. If not, change your password to a new one you use nowhere else.',
    login: 'Log in',
  },
} as const;

/** Sent, at most once a day, when an account sees repeated wrong passwords. */
export function failedLoginsMail(input: AccountNoticeInput, context: MailContext): MailMessage {
  const t = failedLoginTexts[input.locale];
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: t.title,
      intro: [t.greeting, t.body(input.to), t.safe],
      action: { label: t.action, url: webUrl(context.publicUrl, input.locale, '/auth/forgot-password') },
      outro: [t.ifYou],
      secondary: { label: t.login, url: webUrl(context.publicUrl, input.locale, '/auth/login') },
    },
    context,
  );
  return { to: input.to, subject: t.subject, html, text, locale: input.locale };
}
