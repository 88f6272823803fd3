import { describe, expect, it } from 'vitest';
import { linksIn } from '../dev-mail.routes.ts';
import {
  escapeHtml,
  renderLayout,
  failedLoginsMail,
  registrationAttemptMail,
  resetPasswordMail,
  verifyEmailMail,
  webUrl,
  type MailContext,
} from './index.ts';

const context: MailContext = { publicUrl: 'https://substytut.pl', supportEmail: 'kontakt@substytut.pl' };
const userId = '6f1c2f0e-8a7b-4c1d-9e2f-3a4b5c6d7e8f';

const renders = [
  {
    name: 'verification',
    make: (locale: 'pl' | 'en', to = 'anna@example.com') =>
      verifyEmailMail({ locale, to, userId, token: 'tok_en-123' }, context),
    path: { pl: `/auth/verified/${userId}/tok_en-123`, en: `/en/auth/verified/${userId}/tok_en-123` },
    subject: {
      pl: 'Potwierdź adres e-mail w serwisie Substytut',
      en: 'Confirm your e-mail address at Substytut',
    },
  },
  {
    name: 'password reset',
    make: (locale: 'pl' | 'en', to = 'anna@example.com') =>
      resetPasswordMail({ locale, to, token: 'tok_en-123' }, context),
    path: {
      pl: '/auth/reset/tok_en-123?email=anna%40example.com',
      en: '/en/auth/reset/tok_en-123?email=anna%40example.com',
    },
    subject: { pl: 'Zmiana hasła w serwisie Substytut', en: 'Reset your Substytut password' },
  },
  {
    name: 'registration attempt',
    make: (locale: 'pl' | 'en', to = 'anna@example.com') => registrationAttemptMail({ locale, to }, context),
    path: { pl: '/auth/forgot-password', en: '/en/auth/forgot-password' },
    subject: {
      pl: 'Próba rejestracji na Twój adres w serwisie Substytut',
      en: 'Someone tried to register with your address at Substytut',
    },
  },
  {
    name: 'failed logins',
    make: (locale: 'pl' | 'en', to = 'anna@example.com') => failedLoginsMail({ locale, to }, context),
    path: { pl: '/auth/login', en: '/en/auth/login' },
    subject: {
      pl: 'Nieudane próby logowania na Twoje konto w serwisie Substytut',
      en: 'Failed login attempts on your Substytut account',
    },
  },
];

describe.each(renders)('$name mail', ({ make, path, subject }) => {
  it.each(['pl', 'en'] as const)('renders in %s with an absolute link in both parts', (locale) => {
    const mail = make(locale);
    const expected = `https://substytut.pl${path[locale]}`;
    expect(mail).toMatchObject({ to: 'anna@example.com', locale, subject: subject[locale] });
    expect(mail.html).toContain(`<html lang="${locale}">`);
    expect(linksIn(mail.html)).toContain(expected);
    for (const link of linksIn(mail.html)) expect(link).toMatch(/^(https:\/\/|mailto:)/);
    expect(mail.text).toContain(expected);
    // Product look: header, button, footer with company data and the support address.
    expect(mail.html).toContain('>Substytut</a>');
    expect(mail.html).toMatch(/<a href="[^"]+" style="display:inline-block;padding:12px 24px/);
    // The operator the web footer and the legal documents name (one file, packages/shared).
    expect(mail.html).toContain(
      'ul. Prosta 20, 00-850 Warszawa · KRS 0001098765 · NIP 5252987310 · REGON 529873419',
    );
    expect(mail.html).toContain('mailto:kontakt@substytut.pl');
    expect(mail.text).toContain('kontakt@substytut.pl');
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });

  it('has no Polish in the English mail and no English in the Polish one', () => {
    expect(make('en').text).not.toMatch(/[ąęłńóśźż]/i);
    expect(make('pl').text).toMatch(/[ąęłńóśźż]/i);
  });

  it('escapes user input in the HTML', () => {
    const hostile = '"><script>alert(1)</script>@example.com';
    const mail = make('pl', hostile);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&quot;&gt;&lt;script&gt;');
    // The plain-text part shows it as typed.
    expect(mail.text).toContain(hostile);
  });
});

describe('layout', () => {
  it('refuses a relative link', () => {
    expect(() =>
      renderLayout(
        { locale: 'pl', title: 'x', intro: [], outro: [], action: { label: 'x', url: '/auth' } },
        context,
      ),
    ).toThrow(/absolute/);
  });

  it('builds web links with the language prefix for English only', () => {
    expect(webUrl('https://substytut.pl/', 'pl', '/auth')).toBe('https://substytut.pl/auth');
    expect(webUrl('https://substytut.pl', 'en', 'auth')).toBe('https://substytut.pl/en/auth');
  });

  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
