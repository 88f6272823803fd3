import { HEARING_OUTCOME_LABELS, formatHearingTime, formatPln, type HearingOutcome } from '@substytut/shared';
import type { MailMessage } from '../../mail/index.ts';
import { linkMail } from './payment-mails.ts';
import type { MailContext, MailLocale } from '../../mail/index.ts';

/** The mails of issue 23: the hearing report, a court's cancellation, disputes and their outcome. */

const quote = (locale: MailLocale, title: string) => (locale === 'pl' ? `„${title}”` : `"${title}"`);
const hello = (locale: MailLocale) => (locale === 'pl' ? 'Dzień dobry,' : 'Hello,');

export interface ReportLines {
  outcome: HearingOutcome;
  nextHearingAt: Date | null;
  notes: string;
  hasMinutes: boolean;
}

/** The report as paragraphs of a mail (the 'done' mail and the dispute mails carry it). */
export function reportParagraphs(locale: MailLocale, report: ReportLines): string[] {
  const pl = locale === 'pl';
  const lines = [
    `${pl ? 'Raport z rozprawy' : 'Hearing report'}: ${HEARING_OUTCOME_LABELS[locale][report.outcome]}.`,
  ];
  if (report.nextHearingAt) {
    lines.push(
      `${pl ? 'Kolejny termin' : 'Next hearing'}: ${formatHearingTime(report.nextHearingAt, locale)}.`,
    );
  }
  if (report.notes) lines.push(`${pl ? 'Uwagi' : 'Notes'}: ${report.notes}`);
  if (report.hasMinutes) {
    lines.push(
      pl
        ? 'Do raportu dołączono protokół rozprawy (PDF) — znajdziesz go na stronie potwierdzenia.'
        : 'The hearing minutes (PDF) are attached to the report — you will find them on the confirmation page.',
    );
  }
  return lines;
}

export interface CourtCancelledInput {
  locale: MailLocale;
  to: string;
  offerTitle: string;
  /** grosze returned to the client */
  amount: number;
  notes: string;
}

/** To the client: the court cancelled the hearing, the whole payment comes back. */
export function courtCancelledClientMail(input: CourtCancelledInput, context: MailContext): MailMessage {
  const title = quote(input.locale, input.offerTitle);
  const amount = formatPln(input.amount, input.locale);
  const pl = input.locale === 'pl';
  const notes = input.notes ? [`${pl ? 'Uwagi pełnomocnika' : "The lawyer's notes"}: ${input.notes}`] : [];
  return linkMail(
    input,
    pl
      ? {
          subject: `Rozprawa odwołana: zwracamy płatność za zlecenie ${input.offerTitle}`,
          title: 'Sąd odwołał rozprawę — zwracamy całą płatność',
          intro: [
            hello(input.locale),
            `pełnomocnik zgłosił, że sąd odwołał rozprawę w zleceniu ${title}.`,
            ...notes,
            `Zwracamy Ci całą wpłaconą kwotę: ${amount}. Pieniądze wrócą tą samą metodą płatności, zwykle w ciągu kilku dni roboczych.`,
          ],
          action: 'Przejdź do serwisu',
        }
      : {
          subject: `Hearing cancelled: your payment for ${input.offerTitle} is refunded`,
          title: 'The court cancelled the hearing — we refund the whole payment',
          intro: [
            hello(input.locale),
            `the lawyer reported that the court cancelled the hearing of the order ${title}.`,
            ...notes,
            `We refund the whole amount you paid: ${amount}. The money returns by the same payment method, usually within a few business days.`,
          ],
          action: 'Go to the site',
        },
    '/',
    context,
  );
}

/** To the lawyer: their report of a cancelled hearing was recorded and the client is refunded. */
export function courtCancelledLawyerMail(input: CourtCancelledInput, context: MailContext): MailMessage {
  const title = quote(input.locale, input.offerTitle);
  const amount = formatPln(input.amount, input.locale);
  return linkMail(
    input,
    input.locale === 'pl'
      ? {
          subject: `Rozprawa odwołana: zlecenie ${input.offerTitle}`,
          title: 'Zapisaliśmy raport: rozprawa odwołana przez sąd',
          intro: [
            hello(input.locale),
            `zapisaliśmy Twój raport: sąd odwołał rozprawę w zleceniu ${title}.`,
            `Klient otrzymuje zwrot całej płatności (${amount}); za to zlecenie nie będzie wypłaty.`,
          ],
          action: 'Przejdź do historii ofert',
        }
      : {
          subject: `Hearing cancelled: the order ${input.offerTitle}`,
          title: 'Report recorded: the court cancelled the hearing',
          intro: [
            hello(input.locale),
            `we recorded your report: the court cancelled the hearing of the order ${title}.`,
            `The client gets the whole payment back (${amount}); there is no payout for this order.`,
          ],
          action: 'Go to your offer history',
        },
    '/dashboard/offers',
    context,
  );
}

export interface DisputeOpenedInput {
  locale: MailLocale;
  to: string;
  offerTitle: string;
  reason: string;
  /** grosze the client paid */
  amount: number;
  report: ReportLines | null;
}

/** To the lawyer: the client disputed the job; the payout waits for the administrator. */
export function disputeOpenedLawyerMail(input: DisputeOpenedInput, context: MailContext): MailMessage {
  const title = quote(input.locale, input.offerTitle);
  return linkMail(
    input,
    input.locale === 'pl'
      ? {
          subject: `Klient zakwestionował zlecenie: ${input.offerTitle}`,
          title: 'Klient zgłosił zastrzeżenia do zlecenia',
          intro: [
            hello(input.locale),
            `klient zakwestionował wykonanie zlecenia ${title}.`,
            `Powód: ${input.reason}`,
            'Wypłata jest wstrzymana do czasu rozstrzygnięcia sporu przez administratora. O decyzji poinformujemy Cię e-mailem.',
          ],
          action: 'Przejdź do historii ofert',
        }
      : {
          subject: `The client disputed the order: ${input.offerTitle}`,
          title: 'The client raised an objection to the order',
          intro: [
            hello(input.locale),
            `the client disputed the completion of the order ${title}.`,
            `Reason: ${input.reason}`,
            'The payout is on hold until an administrator resolves the dispute. We will tell you the decision by e-mail.',
          ],
          action: 'Go to your offer history',
        },
    '/dashboard/offers',
    context,
  );
}

/** To each administrator: a dispute waits at /admin. */
export function disputeOpenedAdminMail(input: DisputeOpenedInput, context: MailContext): MailMessage {
  const title = quote(input.locale, input.offerTitle);
  const amount = formatPln(input.amount, input.locale);
  const report = input.report ? reportParagraphs(input.locale, input.report) : [];
  return linkMail(
    input,
    input.locale === 'pl'
      ? {
          subject: `Nowy spór do rozstrzygnięcia: ${input.offerTitle}`,
          title: 'Klient zakwestionował zlecenie',
          intro: [
            `Zlecenie ${title} (wpłata ${amount}) zostało zakwestionowane przez klienta.`,
            `Powód: ${input.reason}`,
            ...report,
          ],
          action: 'Rozstrzygnij w panelu administratora',
        }
      : {
          subject: `New dispute to resolve: ${input.offerTitle}`,
          title: 'A client disputed an order',
          intro: [
            `The order ${title} (paid ${amount}) was disputed by the client.`,
            `Reason: ${input.reason}`,
            ...report,
          ],
          action: 'Resolve it in the admin panel',
        },
    '/admin',
    context,
  );
}

export interface DisputeResolvedInput {
  locale: MailLocale;
  to: string;
  offerTitle: string;
  /** grosze paid by the client */
  paid: number;
  /** grosze refunded to the client; 0 for a release */
  refund: number;
  reason: string;
  side: 'client' | 'lawyer';
}

/** To both sides: the administrator's decision, the amounts and the written reason. */
export function disputeResolvedMail(input: DisputeResolvedInput, context: MailContext): MailMessage {
  const title = quote(input.locale, input.offerTitle);
  const refund = formatPln(input.refund, input.locale);
  const rest = formatPln(input.paid - input.refund, input.locale);
  const pl = input.locale === 'pl';
  const decision =
    input.refund === 0
      ? pl
        ? 'Decyzja: wynagrodzenie zostaje przekazane pełnomocnikowi; zwrotu nie będzie.'
        : 'Decision: the fee is released to the lawyer; there is no refund.'
      : input.refund === input.paid
        ? pl
          ? `Decyzja: klient otrzymuje zwrot całej płatności (${refund}); wypłaty nie będzie.`
          : `Decision: the client gets the whole payment back (${refund}); there is no payout.`
        : pl
          ? `Decyzja: klient otrzymuje zwrot ${refund}; pozostała kwota (${rest}) zostaje przekazana pełnomocnikowi, po potrąceniu prowizji serwisu.`
          : `Decision: the client gets ${refund} back; the rest (${rest}) is released to the lawyer, less the platform's fee.`;
  const path = input.side === 'lawyer' ? '/dashboard/offers' : '/';
  return linkMail(
    input,
    pl
      ? {
          subject: `Spór rozstrzygnięty: ${input.offerTitle}`,
          title: 'Administrator rozstrzygnął spór',
          intro: [
            hello(input.locale),
            `administrator rozstrzygnął spór dotyczący zlecenia ${title}.`,
            decision,
            `Uzasadnienie: ${input.reason}`,
          ],
          action: input.side === 'lawyer' ? 'Przejdź do historii ofert' : 'Przejdź do serwisu',
        }
      : {
          subject: `Dispute resolved: ${input.offerTitle}`,
          title: 'An administrator resolved the dispute',
          intro: [
            hello(input.locale),
            `an administrator resolved the dispute over the order ${title}.`,
            decision,
            `Reason: ${input.reason}`,
          ],
          action: input.side === 'lawyer' ? 'Go to your offer history' : 'Go to the site',
        },
    path,
    context,
  );
}
