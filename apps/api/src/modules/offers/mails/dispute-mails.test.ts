import { describe, expect, it } from 'vitest';
import { linksIn } from '../../mail/dev-mail.routes.ts';
import {
  courtCancelledClientMail,
  courtCancelledLawyerMail,
  disputeAnsweredAdminMail,
  disputeAnsweredClientMail,
  disputeOpenedAdminMail,
  disputeOpenedLawyerMail,
  disputeResolvedMail,
  reportParagraphs,
} from './dispute-mails.ts';
import { type MailContext } from '../../mail/templates/index.ts';

const context: MailContext = { publicUrl: 'https://substytut.pl', supportEmail: 'kontakt@substytut.pl' };
const report = {
  outcome: 'adjourned' as const,
  nextHearingAt: new Date('2027-01-15T08:30:00Z'),
  notes: 'Witness absent',
  hasMinutes: true,
};
const hostile = '<script>alert(1)</script>';

const mails = [
  {
    name: 'court cancelled (client)',
    make: (locale: 'pl' | 'en', text = 'Judge ill') =>
      courtCancelledClientMail(
        { locale, to: 'a@example.com', offerTitle: 'Hearing', amount: 12_300, kept: 0, payout: 0, notes: text },
        context,
      ),
    path: { pl: '/', en: '/en/' },
  },
  {
    name: 'court cancelled (lawyer)',
    make: (locale: 'pl' | 'en', text = 'Hearing') =>
      courtCancelledLawyerMail(
        { locale, to: 'a@example.com', offerTitle: text, amount: 12_300, kept: 0, payout: 0, notes: '' },
        context,
      ),
    path: { pl: '/dashboard/offers', en: '/en/dashboard/offers' },
  },
  {
    name: 'dispute opened (lawyer)',
    make: (locale: 'pl' | 'en', text = 'Late') =>
      disputeOpenedLawyerMail(
        { locale, to: 'a@example.com', offerTitle: 'Hearing', reason: text, amount: 12_300, report },
        context,
      ),
    path: { pl: '/dashboard/offers', en: '/en/dashboard/offers' },
  },
  {
    name: 'dispute opened (admin)',
    make: (locale: 'pl' | 'en', text = 'Late') =>
      disputeOpenedAdminMail(
        { locale, to: 'a@example.com', offerTitle: 'Hearing', reason: text, amount: 12_300, report },
        context,
      ),
    path: { pl: '/admin', en: '/en/admin' },
  },
  {
    name: 'court cancelled with a fee kept (client)',
    make: (locale: 'pl' | 'en', text = 'Judge ill') =>
      courtCancelledClientMail(
        { locale, to: 'a@example.com', offerTitle: 'Hearing', amount: 8_610, kept: 3_690, payout: 3_690, notes: text },
        context,
      ),
    path: { pl: '/', en: '/en/' },
  },
  {
    name: 'court cancelled with a fee kept (lawyer)',
    make: (locale: 'pl' | 'en', text = 'Hearing') =>
      courtCancelledLawyerMail(
        { locale, to: 'a@example.com', offerTitle: text, amount: 8_610, kept: 3_690, payout: 3_321, notes: '' },
        context,
      ),
    path: { pl: '/dashboard/offers', en: '/en/dashboard/offers' },
  },
  {
    name: 'dispute answered (client)',
    make: (locale: 'pl' | 'en', text = 'I was there') =>
      disputeAnsweredClientMail(
        { locale, to: 'a@example.com', offerTitle: 'Hearing', reason: 'Late', answer: text, hasFile: true },
        context,
      ),
    path: { pl: '/', en: '/en/' },
  },
  {
    name: 'dispute answered (admin)',
    make: (locale: 'pl' | 'en', text = 'I was there') =>
      disputeAnsweredAdminMail(
        { locale, to: 'a@example.com', offerTitle: 'Hearing', reason: 'Late', answer: text, hasFile: true },
        context,
      ),
    path: { pl: '/admin', en: '/en/admin' },
  },
  {
    name: 'dispute resolved',
    make: (locale: 'pl' | 'en', text = 'Partly done') =>
      disputeResolvedMail(
        {
          locale,
          to: 'a@example.com',
          offerTitle: 'Hearing',
          paid: 12_300,
          refund: 6150,
          fee: 308,
          payout: 5842,
          reason: text,
          side: 'client',
        },
        context,
      ),
    path: { pl: '/', en: '/en/' },
  },
];

describe.each(mails)('$name mail', ({ make, path }) => {
  it.each(['pl', 'en'] as const)('renders in %s with its link', (locale) => {
    const mail = make(locale);
    expect(mail.locale).toBe(locale);
    expect(linksIn(mail.html)).toContain(`https://substytut.pl${path[locale]}`);
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });
  it('has no Polish in the English mail and Polish in the Polish one', () => {
    expect(make('en').text).not.toMatch(/[ąęłńóśźż„”]/i);
    expect(make('pl').text).toMatch(/[ąęłńóśźż]/i);
  });
  it('escapes what the parties wrote', () => {
    const mail = make('pl', hostile);
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain(hostile);
  });
});

describe('report paragraphs', () => {
  it('name the outcome, the next hearing in Warsaw time, the notes and the minutes', () => {
    expect(reportParagraphs('pl', report)).toEqual([
      'Raport z rozprawy: Rozprawa odroczona.',
      'Kolejny termin: 15.01.2027, godz. 09:30.',
      'Uwagi: Witness absent',
      'Do raportu dołączono protokół rozprawy (PDF) — znajdziesz go na stronie potwierdzenia.',
    ]);
    expect(
      reportParagraphs('en', {
        ...report,
        outcome: 'held',
        nextHearingAt: null,
        notes: '',
        hasMinutes: false,
      }),
    ).toEqual(['Hearing report: The hearing took place.']);
  });
  it('for an administrator the minutes are in the admin panel, not on the client’s confirmation page', () => {
    const lines = reportParagraphs('pl', report, 'admin');
    expect(lines.at(-1)).toBe(
      'Do raportu dołączono protokół rozprawy (PDF) — pobierzesz go przy sporze w panelu administratora.',
    );
    expect(lines.join(' ')).not.toContain('stronie potwierdzenia');
  });
  it('a court cancellation with a fee states what each side gets', () => {
    const input = { to: 'a@example.com', offerTitle: 'X', amount: 8_610, kept: 3_690, payout: 3_321, notes: '' };
    const client = courtCancelledClientMail({ ...input, locale: 'pl' }, context).text.replace(/\u00a0/g, ' ');
    expect(client).toContain('opłatę za stawiennictwo, gdy sąd odwoła rozprawę w dniu terminu: 36,90 zł (brutto)');
    expect(client).toContain('Zwracamy Ci resztę: 86,10 zł');
    const lawyer = courtCancelledLawyerMail({ ...input, locale: 'pl' }, context).text.replace(/\u00a0/g, ' ');
    expect(lawyer).toContain('zachowujesz opłatę za stawiennictwo: 36,90 zł (brutto); wypłacimy Ci 33,21 zł');
  });
  it('a resolved dispute names the refund and what the lawyer keeps', () => {
    const mail = disputeResolvedMail(
      {
        locale: 'pl',
        to: 'a@example.com',
        offerTitle: 'X',
        paid: 12_300,
        refund: 6150,
        fee: 308,
        payout: 5842,
        reason: 'Powód',
        side: 'lawyer',
      },
      context,
    );
    expect(mail.text.replace(/\u00a0/g, ' ')).toContain(
      'klient otrzymuje zwrot 61,50 zł; pozostała kwota (61,50 zł) zostaje przekazana pełnomocnikowi po potrąceniu prowizji serwisu (3,08 zł): 58,42 zł.',
    );
  });
});
