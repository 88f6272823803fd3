import { describe, expect, it } from 'vitest';
import { licenceOutcomeMail, type LicenceMailKind } from './licence.ts';

const context = { publicUrl: 'https://substytut.pl', supportEmail: 'kontakt@substytut.pl' };
const KINDS: LicenceMailKind[] = ['verified', 'rejected', 'manual_review', 'lost'];

describe('licenceOutcomeMail', () => {
  it.each(KINDS.flatMap((kind) => (['pl', 'en'] as const).map((locale) => [kind, locale] as const)))(
    '%s in %s: its own subject, a link to the profile in that language',
    (kind, locale) => {
      const mail = licenceOutcomeMail({ locale, to: 'a@example.com', kind, reason: null }, context);
      expect(mail.locale).toBe(locale);
      expect(mail.subject).toMatch(/Substytut$/);
      const profile = locale === 'en' ? 'https://substytut.pl/en/dashboard/profile' : 'https://substytut.pl/dashboard/profile';
      expect(mail.text).toContain(profile);
    },
  );

  it('has a different subject for every outcome in each language', () => {
    for (const locale of ['pl', 'en'] as const) {
      const subjects = KINDS.map((kind) => licenceOutcomeMail({ locale, to: 'a@example.com', kind }, context).subject);
      expect(new Set(subjects).size).toBe(KINDS.length);
    }
  });

  it("writes a register's reason in the reader's words, and an administrator's as written", () => {
    const pl = licenceOutcomeMail(
      { locale: 'pl', to: 'a@example.com', kind: 'rejected', reason: 'licence.reason.former' },
      context,
    );
    expect(pl.text).toContain('Powód: Według rejestru adwokatów wpis został skreślony (były adwokat)');
    const en = licenceOutcomeMail(
      { locale: 'en', to: 'a@example.com', kind: 'lost', reason: 'licence.reason.not_practising' },
      context,
    );
    expect(en.text).toContain('Reason: According to the register of advocates you do not currently practise');
    const own = licenceOutcomeMail(
      { locale: 'pl', to: 'a@example.com', kind: 'rejected', reason: 'Zaświadczenie <b>nieczytelne</b>' },
      context,
    );
    expect(own.text).toContain('Powód: Zaświadczenie <b>nieczytelne</b>');
    expect(own.html).toContain('Zaświadczenie &lt;b&gt;nieczytelne&lt;/b&gt;');
  });

  it('says how a verified licence was confirmed', () => {
    const register = licenceOutcomeMail({ locale: 'pl', to: 'a@example.com', kind: 'verified', method: 'register' }, context);
    const review = licenceOutcomeMail({ locale: 'pl', to: 'a@example.com', kind: 'verified', method: 'review' }, context);
    expect(register.text).toContain('w rejestrze adwokatów');
    expect(review.text).toContain('administrator potwierdził');
  });
});
