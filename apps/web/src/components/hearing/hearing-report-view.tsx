import {
  HEARING_OUTCOME_LABELS,
  formatHearingTime,
  formatPln,
  type HearingReportDto,
  type SettlementDto,
} from '@substytut/shared';
import { FileText, Gavel, Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

const localeOf = (language: string) => (language === 'en' ? 'en' : 'pl');

/** The lawyer's hearing report, as the client, the lawyer and the administrator read it. */
export function HearingReportView({
  report,
  minutesUrl,
  className,
  compact = false,
}: {
  report: HearingReportDto;
  /** where the minutes PDF downloads from for this reader; none hides the link */
  minutesUrl?: string | null;
  className?: string;
  /** Tighter padding, inside a card of its own (the offer card). */
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation('common');
  const locale = localeOf(i18n.language);
  return (
    <section
      aria-label={t('hearingReport.heading')}
      className={cn(
        'flex flex-col gap-2 rounded-lg border border-border bg-muted/40 text-left text-sm',
        compact ? 'p-3' : 'p-4',
        className,
      )}
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <Gavel aria-hidden="true" className="size-4 shrink-0" />
        {t('hearingReport.heading')}
      </h3>
      <p data-testid="report-outcome" className="font-medium">
        {HEARING_OUTCOME_LABELS[locale][report.outcome]}
      </p>
      {report.next_hearing_at && (
        <p>
          {t('hearingReport.next')}:{' '}
          <span className="tabular-nums">{formatHearingTime(report.next_hearing_at, locale)}</span>
        </p>
      )}
      {report.notes && (
        <p className="break-words whitespace-pre-line text-muted-foreground">{report.notes}</p>
      )}
      {report.has_minutes && minutesUrl && (
        <a
          href={minutesUrl}
          className="inline-flex items-center gap-1.5 self-start font-medium text-primary underline underline-offset-4"
        >
          <FileText aria-hidden="true" className="size-4 shrink-0" />
          {t('hearingReport.minutes')}
        </a>
      )}
    </section>
  );
}

/**
 * The dispute, the administrator's decision and the refund, in words and amounts: both sides'
 * statements (the client's reason, the lawyer's answer and its file, issue 34).
 */
export function SettlementView({
  settlement,
  answerFileUrl,
  className,
  compact = false,
}: {
  settlement: SettlementDto;
  /** where the lawyer's answer file downloads from for this reader; none hides the link */
  answerFileUrl?: string | null;
  className?: string;
  /** Tighter padding, inside a card of its own (the offer card). */
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation('common');
  const locale = localeOf(i18n.language);
  const money = (grosze: number) => formatPln(grosze, locale);
  const refund = settlement.refund_grosze ?? 0;
  let outcome: string | null = null;
  if (settlement.refund_cause === 'court_cancelled') {
    outcome =
      refund < settlement.paid_grosze
        ? t('settlement.courtCancelledFee', {
            amount: money(refund),
            kept: money(settlement.paid_grosze - refund),
          })
        : t('settlement.courtCancelled', { amount: money(refund) });
  } else if (settlement.resolution === 'release') {
    outcome = t('settlement.released');
  } else if (settlement.resolution === 'refund') {
    outcome =
      refund >= settlement.paid_grosze
        ? t('settlement.refundedFull', { amount: money(refund) })
        : t('settlement.refundedPart', {
            amount: money(refund),
            rest: money(settlement.paid_grosze - refund),
          });
  }
  return (
    <section
      aria-label={t('settlement.heading')}
      data-testid="settlement"
      className={cn(
        'flex flex-col gap-2 rounded-lg border border-border text-left text-sm',
        compact ? 'p-3' : 'p-4',
        className,
      )}
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <Scale aria-hidden="true" className="size-4 shrink-0" />
        {t('settlement.heading')}
      </h3>
      {settlement.dispute_reason && (
        <p className="break-words">
          <span className="font-medium">{t('settlement.reason')}:</span> {settlement.dispute_reason}
        </p>
      )}
      {settlement.lawyer_answer && (
        <p className="break-words whitespace-pre-line" data-testid="lawyer-answer">
          <span className="font-medium">{t('settlement.answer')}:</span> {settlement.lawyer_answer}
        </p>
      )}
      {settlement.lawyer_answer_has_file && answerFileUrl && (
        <a
          href={answerFileUrl}
          className="inline-flex items-center gap-1.5 self-start font-medium text-primary underline underline-offset-4"
        >
          <FileText aria-hidden="true" className="size-4 shrink-0" />
          {t('settlement.answerFile')}
        </a>
      )}
      {outcome ? (
        <p className="font-medium" data-testid="settlement-outcome">
          {outcome}
        </p>
      ) : (
        <p className="text-muted-foreground">{t('settlement.pending')}</p>
      )}
      {settlement.resolution_reason && (
        <p className="break-words">
          <span className="font-medium">{t('settlement.resolutionReason')}:</span>{' '}
          {settlement.resolution_reason}
        </p>
      )}
    </section>
  );
}
