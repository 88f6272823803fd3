import { describe, expect, it } from 'vitest';
import { linksIn } from '../../mail/dev-mail.routes.ts';
import {
  acceptanceWindowClosedMail,
  duplicatePaymentRefundedMail,
  offerPaidMail,
  paymentReceivedMail,
  payoutReleasedMail,
} from './payment-mails.ts';
import { type MailContext } from '../../mail/templates/index.ts';

const context: MailContext = { publicUrl: 'https://substytut.pl', supportEmail: 'kontakt@substytut.pl' };
const title = 'Zastępstwo <SR Mokotów> & "rozprawa"';

const mails = [
  {
    name: 'payment received (client)',
    make: (locale: 'pl' | 'en') =>
      paymentReceivedMail(
        {
          locale,
          to: 'klient@example.com',
          offerTitle: title,
          amount: 12_300,
          lawyerName: 'Anna Nowak',
          seolink: 'anna-nowak',
          paymentId: 7,
          client: {
            company: 'Kancelaria Klienta',
            nip: '5260250995',
            street: 'Prosta 1',
            postCode: '00-850',
            city: 'Warszawa',
            email: 'klient@example.com',
          },
          document: null,
        },
        context,
      ),
    path: '/u/anna-nowak',
    amount: { pl: '123,00\u00a0zł', en: 'PLN\u00a0123.00' },
  },
  {
    name: 'offer paid (lawyer)',
    make: (locale: 'pl' | 'en') =>
      offerPaidMail(
        {
          locale,
          to: 'lawyer@example.com',
          offerTitle: title,
          amount: 12_300,
          client: {
            company: 'ACME',
            nip: '7792364275',
            street: 'Prosta 1',
            postCode: '00-850',
            city: 'Warszawa',
            email: 'k@example.com',
          },
        },
        context,
      ),
    path: '/dashboard/offers',
    amount: { pl: '123,00\u00a0zł', en: 'PLN\u00a0123.00' },
  },
  {
    name: 'payout released (lawyer)',
    make: (locale: 'pl' | 'en') =>
      payoutReleasedMail(
        {
          locale,
          to: 'lawyer@example.com',
          offerTitle: title,
          amount: 11_070,
          gross: 12_300,
          fee: 1230,
          feeBasisPoints: 1000,
          reason: 'accepted',
        },
        context,
      ),
    path: '/dashboard/offers',
    amount: { pl: '110,70\u00a0zł', en: 'PLN\u00a0110.70' },
  },
  {
    name: 'acceptance window closed (client)',
    make: (locale: 'pl' | 'en') =>
      acceptanceWindowClosedMail({ locale, to: 'klient@example.com', offerTitle: title, days: 7 }, context),
    path: '/contact',
    amount: { pl: '7 dni', en: '7 days' },
  },
  {
    name: 'duplicate payment refunded (client)',
    make: (locale: 'pl' | 'en') =>
      duplicatePaymentRefundedMail(
        { locale, to: 'klient@example.com', offerTitle: title, amount: 12_300 },
        context,
      ),
    path: '/contact',
    amount: { pl: '123,00\u00a0zł', en: 'PLN\u00a0123.00' },
  },
];

describe.each(mails)('$name mail', ({ make, path, amount }) => {
  it.each(['pl', 'en'] as const)(
    'renders in %s with the amount, an absolute link and escaped text',
    (locale) => {
      const mail = make(locale);
      expect(mail.locale).toBe(locale);
      expect(mail.html).toContain(`<html lang="${locale}">`);
      expect(linksIn(mail.html)).toContain(`https://substytut.pl${locale === 'en' ? '/en' : ''}${path}`);
      expect(mail.text).toContain(amount[locale]);
      expect(mail.html).toContain('&lt;SR Mokotów&gt; &amp; &quot;rozprawa&quot;');
      expect(mail.html).not.toContain('<SR Mokotów>');
    },
  );
});

describe('the payment confirmation (client)', () => {
  // The success page says the confirmation carries the order's summary: it does.
  it('summarises the order: title, amount, contractor, invoice data and payment number', () => {
    const mail = mails[0]!.make('pl');
    for (const part of [
      '123,00\u00a0zł',
      'Anna Nowak',
      'Kancelaria Klienta, NIP 5260250995, Prosta 1, 00-850 Warszawa',
      'Numer płatności: 7',
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mails[0]!.make('en').text).toContain('Invoice details: Kancelaria Klienta, NIP 5260250995');
  });
});

describe('the payment confirmation with a substitution document', () => {
  const make = (locale: 'pl' | 'en', kind: 'substitution' | 'authorisation') =>
    paymentReceivedMail(
      {
        locale,
        to: 'klient@example.com',
        offerTitle: title,
        amount: 12_300,
        lawyerName: 'Anna Nowak',
        seolink: 'anna-nowak',
        paymentId: 7,
        client: {
          company: null,
          nip: null,
          street: 'Prosta 1',
          postCode: '00-850',
          city: 'Warszawa',
          email: 'klient@example.com',
        },
        document: { kind, url: 'https://substytut.pl/api/public/substitution-document/sekret' },
      },
      context,
    );

  it('makes the download its button, names the stamp duty, and keeps the profile link', () => {
    const pl = make('pl', 'substitution');
    expect(linksIn(pl.html)).toContain('https://substytut.pl/api/public/substitution-document/sekret');
    expect(linksIn(pl.html)).toContain('https://substytut.pl/u/anna-nowak');
    expect(pl.text).toContain('Pobierz pełnomocnictwo substytucyjne (PDF)');
    expect(pl.text).toContain('17 zł opłaty skarbowej');
    const en = make('en', 'authorisation');
    expect(en.text).toContain('Download the authorisation (PDF)');
    expect(en.text).toContain('No stamp duty is due');
    expect(linksIn(en.html)).toContain('https://substytut.pl/en/u/anna-nowak');
  });
});
