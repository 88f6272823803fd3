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

/**
 * The report as paragraphs of a mail (the 'done' mail and the dispute mails carry it). The minutes
 * are on the confirmation page for the client, in the admin panel for an administrator (issue 34).
 */
export function reportParagraphs(
  locale: MailLocale,
  report: ReportLines,
  minutesAt: 'confirmation' | 'admin' = 'confirmation',
): string[] {
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
  if (report.hasMinutes && minutesAt === 'confirmation') {
    lines.push(
      pl
        ? 'Do raportu dołączono protokół rozprawy (PDF) — znajdziesz go na stronie potwierdzenia.'
        : 'The hearing minutes (PDF) are attached to the report — you will find them on the confirmation page.',
    );
  } else if (report.hasMinutes) {
    lines.push(
      pl
        ? 'Do raportu dołączono protokół rozprawy (PDF) — pobierzesz go przy sporze w panelu administratora.'
        : 'The hearing minutes (PDF) are attached to the report — download them at the dispute in the admin panel.',
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
  /** grosze (gross) the lawyer keeps as the offer's court-cancellation fee; 0 without one (issue 34) */
  kept: number;
  /** grosze paid out to the lawyer of what they keep, after the platform's fee */
  payout: number;
  notes: string;
}

/** To the client: the court cancelled the hearing; the payment comes back, less the offer's fee. */
export function courtCancelledClientMail(input: CourtCancelledInput, context: MailContext): MailMessage {
  const title = quote(input.locale, input.offerTitle);
  const amount = formatPln(input.amount, input.locale);
  const kept = formatPln(input.kept, input.locale);
  const pl = input.locale === 'pl';
  const notes = input.notes ? [`${pl ? 'Uwagi pełnomocnika' : "The lawyer's notes"}: ${input.notes}`] : [];
  const money = pl
    ? input.kept === 0
      ? `Zwracamy Ci całą wpłaconą kwotę: ${amount}. Pieniądze wrócą tą samą metodą płatności, zwykle w ciągu kilku dni roboczych.`
      : input.amount === 0
        ? `Zgodnie z ofertą pełnomocnik zachowuje opłatę za stawiennictwo, gdy sąd odwoła rozprawę w dniu terminu: ${kept} (brutto), czyli całą cenę zlecenia. Nie ma kwoty do zwrotu.`
        : `Zgodnie z ofertą pełnomocnik zachowuje opłatę za stawiennictwo, gdy sąd odwoła rozprawę w dniu terminu: ${kept} (brutto). Zwracamy Ci resztę: ${amount}. Pieniądze wrócą tą samą metodą płatności, zwykle w ciągu kilku dni roboczych.`
    : input.kept === 0
      ? `We refund the whole amount you paid: ${amount}. The money returns by the same payment method, usually within a few business days.`
      : input.amount === 0
        ? `As the offer states, the lawyer keeps the fee for turning up when the court cancels the hearing on the day: ${kept} (gross), the whole price of the order. There is nothing to refund.`
        : `As the offer states, the lawyer keeps the fee for turning up when the court cancels the hearing on the day: ${kept} (gross). We refund the rest: ${amount}. The money returns by the same payment method, usually within a few business days.`;
  return linkMail(
    input,
    pl
      ? {
          subject: `Rozprawa odwołana: zwracamy płatność za zlecenie ${input.offerTitle}`,
          title:
            input.kept === 0
              ? 'Sąd odwołał rozprawę — zwracamy całą płatność'
              : 'Sąd odwołał rozprawę — rozliczenie zlecenia',
          intro: [
            hello(input.locale),
            `pełnomocnik zgłosił, że sąd odwołał rozprawę w zleceniu ${title}.`,
            ...notes,
            money,
          ],
          action: 'Przejdź do serwisu',
        }
      : {
          subject: `Hearing cancelled: your payment for ${input.offerTitle} is refunded`,
          title:
            input.kept === 0
              ? 'The court cancelled the hearing — we refund the whole payment'
              : 'The court cancelled the hearing — how the order is settled',
          intro: [
            hello(input.locale),
            `the lawyer reported that the court cancelled the hearing of the order ${title}.`,
            ...notes,
            money,
          ],
          action: 'Go to the site',
        },
    '/',
    context,
  );
}

/** To the lawyer: their report of a cancelled hearing was recorded, the client refunded, the fee kept. */
export function courtCancelledLawyerMail(input: CourtCancelledInput, context: MailContext): MailMessage {
  const title = quote(input.locale, input.offerTitle);
  const amount = formatPln(input.amount, input.locale);
  const kept = formatPln(input.kept, input.locale);
  const payout = formatPln(input.payout, input.locale);
  const pl = input.locale === 'pl';
  const money = pl
    ? input.kept === 0
      ? `Klient otrzymuje zwrot całej płatności (${amount}); za to zlecenie nie będzie wypłaty.`
      : `Zgodnie z ofertą zachowujesz opłatę za stawiennictwo: ${kept} (brutto); wypłacimy Ci ${payout}. Klient otrzymuje zwrot ${amount}.`
    : input.kept === 0
      ? `The client gets the whole payment back (${amount}); there is no payout for this order.`
      : `As your offer states, you keep the fee for turning up: ${kept} (gross); we pay you ${payout}. The client gets ${amount} back.`;
  return linkMail(
    input,
    pl
      ? {
          subject: `Rozprawa odwołana: zlecenie ${input.offerTitle}`,
          title: 'Zapisaliśmy raport: rozprawa odwołana przez sąd',
          intro: [
            hello(input.locale),
            `zapisaliśmy Twój raport: sąd odwołał rozprawę w zleceniu ${title}.`,
            money,
          ],
          action: 'Przejdź do historii ofert',
        }
      : {
          subject: `Hearing cancelled: the order ${input.offerTitle}`,
          title: 'Report recorded: the court cancelled the hearing',
          intro: [
            hello(input.locale),
            `we recorded your report: the court cancelled the hearing of the order ${title}.`,
            money,
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
            'Wypłata jest wstrzymana do czasu rozstrzygnięcia sporu przez administratora. Zanim zdecyduje, przedstaw swoje stanowisko: w historii ofert wybierz „Odpowiedz na zastrzeżenia” przy tym zleceniu i opisz, jak przebiegło zlecenie. Możesz dołączyć plik PDF (np. protokół lub notatkę). Klient i administrator otrzymają Twoją odpowiedź, a o decyzji poinformujemy Cię e-mailem.',
          ],
          action: 'Odpowiedz na zastrzeżenia',
        }
      : {
          subject: `The client disputed the order: ${input.offerTitle}`,
          title: 'The client raised an objection to the order',
          intro: [
            hello(input.locale),
            `the client disputed the completion of the order ${title}.`,
            `Reason: ${input.reason}`,
            'The payout is on hold until an administrator resolves the dispute. Before they decide, give your side: in your offer history choose "Answer the objection" on this order and describe how the job went. You may attach a PDF (e.g. the minutes or a note). The client and the administrator receive your answer, and we will tell you the decision by e-mail.',
          ],
          action: 'Answer the objection',
        },
    '/dashboard/offers',
    context,
  );
}

/** To each administrator: a dispute waits at /admin. */
export function disputeOpenedAdminMail(input: DisputeOpenedInput, context: MailContext): MailMessage {
  const title = quote(input.locale, input.offerTitle);
  const amount = formatPln(input.amount, input.locale);
  const report = input.report ? reportParagraphs(input.locale, input.report, 'admin') : [];
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
  /** the platform's fee withheld of what the lawyer keeps, grosze (issue 34 §3) */
  fee: number;
  /** grosze paid out to the lawyer: what the client does not get back, less the fee */
  payout: number;
  reason: string;
  side: 'client' | 'lawyer';
}

/** To both sides: the administrator's decision, the amounts and the written reason. */
export function disputeResolvedMail(input: DisputeResolvedInput, context: MailContext): MailMessage {
  const title = quote(input.locale, input.offerTitle);
  const refund = formatPln(input.refund, input.locale);
  const rest = formatPln(input.paid - input.refund, input.locale);
  const fee = formatPln(input.fee, input.locale);
  const payout = formatPln(input.payout, input.locale);
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
          ? `Decyzja: klient otrzymuje zwrot ${refund}; pozostała kwota (${rest}) zostaje przekazana pełnomocnikowi po potrąceniu prowizji serwisu (${fee}): ${payout}.`
          : `Decision: the client gets ${refund} back; the rest (${rest}) is released to the lawyer less the platform's fee (${fee}): ${payout}.`;
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

export interface DisputeAnsweredInput {
  locale: MailLocale;
  to: string;
  offerTitle: string;
  /** the client's reason, which the answer replies to */
  reason: string;
  answer: string;
  hasFile: boolean;
}

/** To the client: the lawyer answered their objection (issue 34); the administrator decides next. */
export function disputeAnsweredClientMail(input: DisputeAnsweredInput, context: MailContext): MailMessage {
  const title = quote(input.locale, input.offerTitle);
  const pl = input.locale === 'pl';
  const file = input.hasFile
    ? [
        pl
          ? 'Do odpowiedzi dołączono plik PDF — pobierzesz go na stronie potwierdzenia (link z wiadomości o wykonaniu zlecenia).'
          : 'A PDF is attached to the answer — download it on the confirmation page (the link in the "job done" e-mail).',
      ]
    : [];
  return linkMail(
    input,
    pl
      ? {
          subject: `Pełnomocnik odpowiedział na Twoje zastrzeżenia: ${input.offerTitle}`,
          title: 'Pełnomocnik odpowiedział na zastrzeżenia',
          intro: [
            hello(input.locale),
            `pełnomocnik odpowiedział na Twoje zastrzeżenia do zlecenia ${title}.`,
            `Twoje zastrzeżenia: ${input.reason}`,
            `Odpowiedź pełnomocnika: ${input.answer}`,
            ...file,
            `Spór rozstrzygnie administrator serwisu; o decyzji poinformujemy obie strony e-mailem. Jeśli chcesz coś dodać, napisz do nas: ${context.supportEmail}.`,
          ],
          action: 'Przejdź do serwisu',
        }
      : {
          subject: `The lawyer answered your objection: ${input.offerTitle}`,
          title: 'The lawyer answered the objection',
          intro: [
            hello(input.locale),
            `the lawyer answered your objection to the order ${title}.`,
            `Your objection: ${input.reason}`,
            `The lawyer's answer: ${input.answer}`,
            ...file,
            `An administrator resolves the dispute; we will tell both sides the decision by e-mail. If you want to add something, write to us: ${context.supportEmail}.`,
          ],
          action: 'Go to the site',
        },
    '/',
    context,
  );
}

/** To each administrator: the lawyer's answer waits at /admin beside the client's reason. */
export function disputeAnsweredAdminMail(input: DisputeAnsweredInput, context: MailContext): MailMessage {
  const title = quote(input.locale, input.offerTitle);
  const pl = input.locale === 'pl';
  return linkMail(
    input,
    pl
      ? {
          subject: `Odpowiedź pełnomocnika w sporze: ${input.offerTitle}`,
          title: 'Pełnomocnik odpowiedział na zastrzeżenia',
          intro: [
            `Pełnomocnik odpowiedział na zastrzeżenia klienta do zlecenia ${title}.`,
            `Zastrzeżenia klienta: ${input.reason}`,
            `Odpowiedź pełnomocnika: ${input.answer}`,
            ...(input.hasFile
              ? ['Plik dołączony do odpowiedzi pobierzesz przy sporze w panelu administratora.']
              : []),
          ],
          action: 'Rozstrzygnij w panelu administratora',
        }
      : {
          subject: `The lawyer's answer in a dispute: ${input.offerTitle}`,
          title: 'The lawyer answered the objection',
          intro: [
            `The lawyer answered the client's objection to the order ${title}.`,
            `The client's objection: ${input.reason}`,
            `The lawyer's answer: ${input.answer}`,
            ...(input.hasFile
              ? ['Download the file attached to the answer at the dispute in the admin panel.']
              : []),
          ],
          action: 'Resolve it in the admin panel',
        },
    '/admin',
    context,
  );
}
