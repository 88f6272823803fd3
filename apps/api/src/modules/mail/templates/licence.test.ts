import { describe, expect, it } from 'vitest';
import { licenceClaimedMail, licenceCodeMail, licenceOutcomeMail, type LicenceMailKind } from './licence.ts';

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

describe('licenceCodeMail and licenceClaimedMail (issue 30)', () => {
  const input = {
    to: 'anna.nowak@kancelaria-nowak.example.com',
    code: '042917',
    licenseNo: 'WAW/Adw/90002',
    accountEmail: 'someone@example.org',
    ip: '203.0.113.7',
    at: new Date('2026-11-27T13:05:00Z'),
    ttlMinutes: 30,
  };

  it('gives the code, who asked, from where and when, and where to report a stranger, in each language', () => {
    const pl = licenceCodeMail({ ...input, locale: 'pl' }, context);
    expect(pl.subject).toBe('042917 — kod potwierdzenia numeru wpisu w serwisie Substytut');
    expect(pl.text).toContain('Kod: 042917');
    expect(pl.text).toContain('Kto prosił: konto someone@example.org');
    expect(pl.text).toContain('Skąd i kiedy: adres IP 203.0.113.7, 27.11.2026, godz. 14:05 (czasu warszawskiego)');
    expect(pl.text).toContain('napisz do nas na kontakt@substytut.pl');
    const en = licenceCodeMail({ ...input, locale: 'en', ip: null }, context);
    expect(en.text).toContain('Code: 042917');
    expect(en.text).toContain('Who asked: the account someone@example.org');
    expect(en.text).toContain('From where and when: a check in the background, 27.11.2026 at 14:05 (Warsaw time)');
    expect(en.text).toContain('write to us at kontakt@substytut.pl');
  });

  it('tells the holder of a number that another account gave it', () => {
    const mail = licenceClaimedMail({ locale: 'en', to: 'holder@example.com', licenseNo: 'WAW/Adw/90002' }, context);
    expect(mail.subject).toBe('Another account gave your entry number — Substytut');
    expect(mail.text).toContain('WAW/Adw/90002');
    expect(mail.text).toContain('kontakt@substytut.pl');
  });
});
