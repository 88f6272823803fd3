import { formatFeePercent, formatPln, PLAN_NAMES, planKeyOfFee } from '@substytut/shared';
import type { MailMessage } from '../../mail/index.ts';
import { renderLayout, webUrl, type MailContext, type MailLocale } from '../../mail/index.ts';

/** The mails of the payment flow: the client's confirmation, the lawyer's new job and payouts. */

/** A mail of the common shape: a greeting and paragraphs, then one button to a page of the app. */
export function linkMail(
  input: { locale: MailLocale; to: string },
  t: { subject: string; title: string; intro: string[]; action: string },
  path: string,
  context: MailContext,
): MailMessage {
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: t.title,
      intro: t.intro,
      action: { label: t.action, url: webUrl(context.publicUrl, input.locale, path) },
      outro: [],
    },
    context,
  );
  return { to: input.to, subject: t.subject, html, text, locale: input.locale };
}

const quote = (locale: MailLocale, title: string) => (locale === 'pl' ? `„${title}”` : `"${title}"`);

/** The invoice data a payer entered, as the mails show it. */
export interface InvoiceParty {
  company: string | null;
  nip: string | null;
  street: string;
  postCode: string;
  city: string;
  email: string;
}

function invoiceLine(c: InvoiceParty): string {
  return [c.company, c.nip ? `NIP ${c.nip}` : null, c.street, `${c.postCode} ${c.city}`, c.email]
    .filter((part): part is string => Boolean(part))
    .join(', ');
}

export interface PaymentReceivedInput {
  locale: MailLocale;
  to: string;
  offerTitle: string;
  /** grosze */
  amount: number;
  lawyerName: string;
  seolink: string;
  paymentId: number;
  /** The invoice data the client entered: with it the confirmation is the order's summary. */
  client: InvoiceParty;
  /**
   * The substitution document's secret download link (issue 24) and which document it is; null
   * when the lawyer's profession names none.
   */
  document: { kind: 'substitution' | 'authorisation'; url: string } | null;
  /** Lines about the hearing (issue 23), after the order's. */
  hearing?: string[];
}

/** The document paragraph and button of the payment confirmation. */
const documentTexts = {
  pl: {
    substitution: {
      text: 'Przygotowaliśmy pełnomocnictwo substytucyjne dla wykonawcy, wypełnione danymi zlecenia. Pobierz je, uzupełnij puste pola, podpisz i przekaż wykonawcy. Pełnomocnictwo składa się w sądzie z dowodem zapłaty 17 zł opłaty skarbowej.',
      action: 'Pobierz pełnomocnictwo substytucyjne (PDF)',
    },
    authorisation: {
      text: 'Przygotowaliśmy upoważnienie dla aplikanta, wypełnione danymi zlecenia. Pobierz je, uzupełnij puste pola, podpisz i przekaż wykonawcy. Od upoważnienia nie płaci się opłaty skarbowej.',
      action: 'Pobierz upoważnienie (PDF)',
    },
    profile: 'Profil wykonawcy',
  },
  en: {
    substitution: {
      text: 'We have prepared the substitution power of attorney (pełnomocnictwo substytucyjne) for the contractor, filled in from the order. Download it, complete any blank fields, sign it and hand it to the contractor. It is filed in court with proof of payment of the 17 zł stamp duty.',
      action: 'Download the substitution power of attorney (PDF)',
    },
    authorisation: {
      text: 'We have prepared the authorisation (upoważnienie) for the trainee, filled in from the order. Download it, complete any blank fields, sign it and hand it to the contractor. No stamp duty is due on an authorisation.',
      action: 'Download the authorisation (PDF)',
    },
    profile: "The contractor's profile",
  },
} as const;

/** To the client once the provider confirmed the payment. */
export function paymentReceivedMail(input: PaymentReceivedInput, context: MailContext): MailMessage {
  const amount = formatPln(input.amount, input.locale);
  const title = quote(input.locale, input.offerTitle);
  const t =
    input.locale === 'pl'
      ? {
          subject: 'Potwierdzenie płatności w serwisie Substytut',
          title: 'Twoje zlecenie zostało zarejestrowane!',
          intro: [
            'Dzień dobry,',
            `otrzymaliśmy Twoją płatność ${amount} za zlecenie ${title} (wykonawca: ${input.lawyerName}).`,
            `Dane do faktury: ${invoiceLine(input.client)}. Fakturę VAT wystawia wykonawca: prześlemy ją na ten adres osobną wiadomością (PDF w załączniku, plik XML pod linkiem), a po ewentualnym zwrocie także fakturę korygującą.`,
            'Wykonawca otrzyma zapłatę dopiero po potwierdzeniu przez Ciebie wykonania usługi. Gdy oznaczy zlecenie jako zrealizowane, wyślemy Ci link do potwierdzenia.',
          ],
          action: 'Zobacz profil wykonawcy',
          outro: [`Numer płatności: ${input.paymentId}.`],
        }
      : {
          subject: 'Payment confirmation at Substytut',
          title: 'Your order has been registered!',
          intro: [
            'Hello,',
            `we have received your payment of ${amount} for the order ${title} (contractor: ${input.lawyerName}).`,
            `Invoice details: ${invoiceLine(input.client)}. The contractor issues the VAT invoice: we will send it to this address in a separate message (the PDF attached, the XML file behind a link), and after any refund the correcting invoice too.`,
            'The contractor is paid only after you confirm that the service was done. When they mark the order as completed, we will send you a confirmation link.',
          ],
          action: "View the contractor's profile",
          outro: [`Payment number: ${input.paymentId}.`],
        };
  const profileUrl = webUrl(context.publicUrl, input.locale, `/u/${encodeURIComponent(input.seolink)}`);
  const doc = input.document ? documentTexts[input.locale][input.document.kind] : null;
  // With a document, downloading it is what the client does next; the profile link stays below.
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: t.title,
      intro: [...t.intro, ...(input.hearing ?? []), ...(doc ? [doc.text] : [])],
      action:
        doc && input.document
          ? { label: doc.action, url: input.document.url }
          : { label: t.action, url: profileUrl },
      outro: t.outro,
      ...(doc ? { secondary: { label: documentTexts[input.locale].profile, url: profileUrl } } : {}),
    },
    context,
  );
  return { to: input.to, subject: t.subject, html, text, locale: input.locale };
}

export interface OfferPaidInput {
  locale: MailLocale;
  to: string;
  offerTitle: string;
  amount: number;
  client: InvoiceParty;
  /** Lines about the hearing (issue 23), after the order's. */
  hearing?: string[];
}

/** To the lawyer: a client paid an offer; the invoice data is what the VAT invoice needs. */
export function offerPaidMail(input: OfferPaidInput, context: MailContext): MailMessage {
  const amount = formatPln(input.amount, input.locale);
  const title = quote(input.locale, input.offerTitle);
  const buyer = invoiceLine(input.client);
  const t =
    input.locale === 'pl'
      ? {
          subject: `Nowe opłacone zlecenie: ${input.offerTitle}`,
          title: 'Masz nowe opłacone zlecenie',
          intro: [
            'Dzień dobry,',
            `klient opłacił zlecenie ${title} (${amount} brutto).`,
            `Dane do faktury: ${buyer}.`,
            'Po wykonaniu usługi oznacz zlecenie jako zrealizowane w historii ofert. Zapłatę otrzymasz po potwierdzeniu przez klienta.',
          ],
          action: 'Przejdź do historii ofert',
        }
      : {
          subject: `New paid order: ${input.offerTitle}`,
          title: 'You have a new paid order',
          intro: [
            'Hello,',
            `a client has paid for the order ${title} (${amount} gross).`,
            `Invoice details: ${buyer}.`,
            'When the job is done, mark the order as completed in your offer history. You are paid once the client confirms.',
          ],
          action: 'Go to your offer history',
        };
  return linkMail(
    input,
    { ...t, intro: [...t.intro, ...(input.hearing ?? [])] },
    '/dashboard/offers',
    context,
  );
}

export interface PayoutReleasedInput {
  locale: MailLocale;
  to: string;
  offerTitle: string;
  /** grosze transferred to the lawyer */
  amount: number;
  /** the gross the payout is of (the price less any refund), grosze */
  gross: number;
  /** the platform's fee withheld of it, grosze (issue 34 §3) */
  fee: number;
  /** the fee's rate, in basis points: the lawyer's plan's when the client paid */
  feeBasisPoints: number;
  /**
   * resolved: an administrator ended a dispute with a release or a partial refund;
   * court_cancelled: the court cancelled the hearing and the lawyer keeps the offer's fee (issue 34)
   */
  reason: 'accepted' | 'window_passed' | 'resolved' | 'court_cancelled';
}

/** To the lawyer when the client confirmed, or the acceptance window passed, and the money goes out. */
/** The fee's line of a payout mail: 'Prowizja serwisu (plan Pro, 2,5%): 3,08 zł'. */
export function feeLine(locale: MailLocale, fee: number, feeBasisPoints: number): string {
  const plan = planKeyOfFee(feeBasisPoints);
  const rate = formatFeePercent(feeBasisPoints, locale);
  const amount = formatPln(fee, locale);
  if (locale === 'pl') return `Prowizja serwisu (${plan ? `plan ${PLAN_NAMES[plan]}, ` : ''}${rate}): ${amount}`;
  return `Platform fee (${plan ? `${PLAN_NAMES[plan]} plan, ` : ''}${rate}): ${amount}`;
}

export function payoutReleasedMail(input: PayoutReleasedInput, context: MailContext): MailMessage {
  const amount = formatPln(input.amount, input.locale);
  const gross = formatPln(input.gross, input.locale);
  const fee = `${feeLine(input.locale, input.fee, input.feeBasisPoints)}.`;
  const title = quote(input.locale, input.offerTitle);
  const t =
    input.locale === 'pl'
      ? {
          subject: `Wypłata za zlecenie: ${input.offerTitle}`,
          title: 'Przekazujemy Twoją zapłatę',
          reason:
            input.reason === 'resolved'
              ? `Administrator rozstrzygnął spór dotyczący zlecenia ${title}.`
              : input.reason === 'court_cancelled'
                ? `Sąd odwołał rozprawę w zleceniu ${title}; zgodnie z ofertą zachowujesz opłatę za stawiennictwo.`
                : input.reason === 'accepted'
                  ? `Klient potwierdził wykonanie zlecenia ${title}.`
                  : `Termin na potwierdzenie zlecenia ${title} minął bez zastrzeżeń klienta.`,
          gross: `Kwota należna za zlecenie (brutto): ${gross}.`,
          body: `Przekazujemy ${amount} na Twoje konto płatności.`,
          action: 'Przejdź do historii ofert',
        }
      : {
          subject: `Payout for the order: ${input.offerTitle}`,
          title: 'Your payment is on its way',
          reason:
            input.reason === 'resolved'
              ? `An administrator resolved the dispute over the order ${title}.`
              : input.reason === 'court_cancelled'
                ? `The court cancelled the hearing of the order ${title}; as the offer states, you keep the fee for turning up.`
                : input.reason === 'accepted'
                  ? `The client has confirmed the order ${title}.`
                  : `The confirmation period for the order ${title} has passed without objections.`,
          gross: `Amount due for the order (gross): ${gross}.`,
          body: `We are transferring ${amount} to your payment account.`,
          action: 'Go to your offer history',
        };
  return linkMail(
    input,
    { ...t, intro: [input.locale === 'pl' ? 'Dzień dobry,' : 'Hello,', t.reason, t.gross, fee, t.body] },
    '/dashboard/offers',
    context,
  );
}

export interface AcceptanceWindowClosedInput {
  locale: MailLocale;
  to: string;
  offerTitle: string;
  days: number;
}

/** To the client when the acceptance window passed: the order is closed and the contractor paid. */
export function acceptanceWindowClosedMail(
  input: AcceptanceWindowClosedInput,
  context: MailContext,
): MailMessage {
  const title = quote(input.locale, input.offerTitle);
  const t =
    input.locale === 'pl'
      ? {
          subject: `Zlecenie zostało rozliczone: ${input.offerTitle}`,
          title: 'Zlecenie zostało rozliczone',
          intro: [
            'Dzień dobry,',
            `termin na potwierdzenie wykonania zlecenia ${title} minął (${input.days} dni). Zlecenie zostało zamknięte, a wykonawca otrzymał zapłatę.`,
            'Jeśli masz zastrzeżenia co do wykonania usługi, napisz do nas.',
          ],
          action: 'Skontaktuj się z nami',
        }
      : {
          subject: `Your order has been settled: ${input.offerTitle}`,
          title: 'Your order has been settled',
          intro: [
            'Hello,',
            `the period to confirm the order ${title} has passed (${input.days} days). The order is closed and the contractor has been paid.`,
            'If you have any concerns about the service, please write to us.',
          ],
          action: 'Contact us',
        };
  return linkMail(input, t, '/contact', context);
}

export interface DuplicatePaymentRefundedInput {
  locale: MailLocale;
  to: string;
  offerTitle: string;
  /** grosze refunded */
  amount: number;
  /**
   * why: another client paid first (decision 013), or the lawyer's licence was no longer verified
   * when the money came in (issue 30)
   */
  reason?: 'duplicate' | 'licence';
}

/**
 * To a client whose payment was refunded in full as it came in: another client had already paid
 * the same offer (decision 013), or the lawyer's licence was no longer verified (issue 30).
 */
export function duplicatePaymentRefundedMail(
  input: DuplicatePaymentRefundedInput,
  context: MailContext,
): MailMessage {
  const amount = formatPln(input.amount, input.locale);
  const title = quote(input.locale, input.offerTitle);
  const licence = input.reason === 'licence';
  const t =
    input.locale === 'pl'
      ? {
          subject: `Zwrot płatności: ${input.offerTitle}`,
          title: 'Zwracamy Twoją płatność',
          intro: [
            'Dzień dobry,',
            licence
              ? `nie możemy przyjąć Twojej płatności ${amount} za zlecenie ${title}: uprawnienia zawodowe prawnika nie są już potwierdzone, więc nie może on teraz przyjmować zleceń w serwisie.`
              : `zlecenie ${title} zostało opłacone przez innego klienta, zanim dotarła do nas Twoja płatność ${amount}.`,
            'Zwróciliśmy Ci całą kwotę tą samą metodą płatności. Pieniądze mogą pojawić się na Twoim koncie w ciągu kilku dni roboczych.',
          ],
          action: 'Skontaktuj się z nami',
        }
      : {
          subject: `Your payment has been refunded: ${input.offerTitle}`,
          title: 'We are refunding your payment',
          intro: [
            'Hello,',
            licence
              ? `we cannot accept your payment of ${amount} for the order ${title}: the lawyer's professional licence is no longer confirmed, so they cannot take orders on the site at the moment.`
              : `the order ${title} was paid by another client before your payment of ${amount} reached us.`,
            'We have refunded the full amount to the same payment method. It may take a few business days to appear in your account.',
          ],
          action: 'Contact us',
        };
  return linkMail(input, t, '/contact', context);
}
