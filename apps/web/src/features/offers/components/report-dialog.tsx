import {
  canFileReportAt,
  CV_MAX_BYTES,
  HEARING_NOTES_MAX_LENGTH,
  HEARING_OUTCOMES,
  HEARING_OUTCOME_LABELS,
  type HearingOutcome,
  type OfferDto,
  formatPln,
} from '@substytut/shared';
import { formatHearingTime } from '@substytut/shared/hearing-time';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FilePicker } from '@/components/ui/file-picker';
import { FormField } from '@/components/ui/form-field';
import { WhenFields } from '@/components/ui/when-fields';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { EMPTY_WHEN, isBlankWhen, parseDayText, type WhenValues } from '@/lib/when';
import { useMarkOfferDone } from '../api/mark-offer-done';
import { courtFeeOf } from '../lib/court-fee';

interface ReportDialogProps {
  offer: OfferDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Issue 30: with a hearing date, a report can be filed only from the hearing's start, so the
 * dialog says from when instead of offering a form the server would refuse.
 */
function ReportNotYet({
  offer,
  startsAt,
  onClose,
}: {
  offer: OfferDto;
  startsAt: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('offers');
  const locale = i18n.language === 'en' ? 'en' : 'pl';
  return (
    <div className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{t('done.title')}</DialogTitle>
        <DialogDescription>
          {t('report.opensAt', { time: formatHearingTime(startsAt, locale) })}
        </DialogDescription>
      </DialogHeader>
      <p className="text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{offer.title}</span>. {t('report.opensAtNote')}
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t('report.close')}
        </Button>
      </DialogFooter>
    </div>
  );
}

/**
 * Marking a paid job done files the hearing report (issue 23): what happened, the next date of an
 * adjourned hearing, notes, optionally the minutes as a PDF. "Cancelled by the court" refunds the
 * client in full instead of asking them to confirm; the dialog says so before it is sent.
 */
export function ReportDialog({ offer, open, onOpenChange }: ReportDialogProps) {
  const { t, i18n } = useTranslation('offers');
  const locale = i18n.language === 'en' ? 'en' : 'pl';
  const markDone = useMarkOfferDone();
  const [outcome, setOutcome] = useState<HearingOutcome | ''>('');
  const [nextHearing, setNextHearing] = useState<WhenValues>(EMPTY_WHEN);
  const [notes, setNotes] = useState('');
  const [minutes, setMinutes] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const groupId = useId();
  const courtFee = courtFeeOf(offer);
  const startsAt = offer.hearing?.starts_at ?? null;
  // Read when the dialog renders: it is opened long after the list loaded.
  const notYet = startsAt !== null && !canFileReportAt(new Date(startsAt), new Date());

  const fieldError = (key: string) => (errors[key] ? t(errors[key], { ns: 'errors' }) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!outcome) found.outcome = 'validation.hearingOutcome';
    // Warsaw wall time 'YYYY-MM-DDTHH:mm', as the API reads it.
    const nextDay = parseDayText(nextHearing.date);
    const nextHearingAt =
      nextDay && nextHearing.hour && nextHearing.minute
        ? `${nextDay}T${nextHearing.hour}:${nextHearing.minute}`
        : '';
    if (outcome === 'adjourned' && !nextHearingAt) {
      found.next_hearing_at = isBlankWhen(nextHearing)
        ? 'validation.fillField'
        : 'validation.hearingDateInvalid';
    }
    if (notes.length > HEARING_NOTES_MAX_LENGTH) found.notes = 'validation.tooLong';
    if (minutes && minutes.size > CV_MAX_BYTES) found.minutes = 'files.too_large';
    setErrors(found);
    if (!outcome || Object.keys(found).length > 0) return;
    markDone.mutate(
      { offerId: offer.offerId, report: { outcome, nextHearingAt, notes, minutes } },
      {
        onSuccess: () => {
          toast.success(t(outcome === 'cancelled_by_court' ? 'report.cancelledSaved' : 'toasts.saved'));
          onOpenChange(false);
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
            setErrors(error.fieldErrors);
            return;
          }
          if (isApiError(error) && error.code.startsWith('files.')) {
            setErrors({ minutes: error.code });
            return;
          }
          console.error('filing the hearing report failed', error);
          toast.error(errorMessage(error, t));
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !markDone.isPending && onOpenChange(next)}>
      <DialogContent height="90dvh" className="sm:max-w-lg">
        {notYet && startsAt ? (
          <ReportNotYet offer={offer} startsAt={startsAt} onClose={() => onOpenChange(false)} />
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            <DialogHeader>
              {/* Issue 34: reporting a court's cancellation is not marking the job done. */}
              <DialogTitle>
                {outcome === 'cancelled_by_court' ? t('report.cancelledTitle') : t('done.title')}
              </DialogTitle>
              <DialogDescription>
                {outcome === 'cancelled_by_court'
                  ? t('report.cancelledQuestion', { title: offer.title })
                  : t('done.question', { title: offer.title })}
              </DialogDescription>
              <p className="text-sm text-muted-foreground">{t('report.intro')}</p>
            </DialogHeader>
            <fieldset
              className="flex flex-col gap-2"
              aria-describedby={errors.outcome ? `${groupId}-error` : undefined}
              aria-invalid={errors.outcome ? true : undefined}
            >
              <legend className="mb-1 text-sm font-medium">
                {t('report.outcome')}
                <span aria-hidden="true" className="ml-0.5 text-destructive">
                  *
                </span>
              </legend>
              {HEARING_OUTCOMES.map((value) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                >
                  <input
                    type="radio"
                    name={`${groupId}-outcome`}
                    value={value}
                    checked={outcome === value}
                    onChange={() => setOutcome(value)}
                    className="size-4 accent-(--color-primary)"
                  />
                  {HEARING_OUTCOME_LABELS[locale][value]}
                </label>
              ))}
              {errors.outcome && (
                <p id={`${groupId}-error`} className="text-sm font-medium text-destructive">
                  {fieldError('outcome')}
                </p>
              )}
            </fieldset>
            {outcome === 'adjourned' && (
              <WhenFields
                legend={t('report.nextHearing')}
                error={errors.next_hearing_at}
                required
                date={{
                  value: nextHearing.date,
                  onChange: (event) => setNextHearing((when) => ({ ...when, date: event.target.value })),
                }}
                hour={{
                  value: nextHearing.hour,
                  onChange: (event) => setNextHearing((when) => ({ ...when, hour: event.target.value })),
                }}
                minute={{
                  value: nextHearing.minute,
                  onChange: (event) => setNextHearing((when) => ({ ...when, minute: event.target.value })),
                }}
              />
            )}
            {outcome === 'cancelled_by_court' && (
              <p role="note" className="rounded-md border border-warning/50 bg-warning/10 p-3 text-sm">
                {courtFee
                  ? t('report.cancelledFeeNote', {
                      kept: formatPln(courtFee.keptGrosze, locale),
                      refund: formatPln(courtFee.refundGrosze, locale),
                    })
                  : t('report.cancelledNote')}
              </p>
            )}
            <FormField
              label={t('report.notes')}
              error={fieldError('notes')}
              hint={t('report.notesHint', { count: notes.length, max: HEARING_NOTES_MAX_LENGTH })}
            >
              <Textarea
                value={notes}
                maxLength={HEARING_NOTES_MAX_LENGTH}
                onChange={(event) => setNotes(event.target.value)}
                rows={4}
              />
            </FormField>
            <FilePicker
              label={t('report.minutes')}
              error={fieldError('minutes')}
              hint={t('report.minutesHint')}
              accept="application/pdf,.pdf"
              file={minutes}
              onFile={setMinutes}
            />
            {outcome !== 'cancelled_by_court' && (
              <p className="text-sm text-muted-foreground">{t('done.note')}</p>
            )}
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                disabled={markDone.isPending}
                onClick={() => onOpenChange(false)}
              >
                {t('done.cancel')}
              </Button>
              <Button type="submit" disabled={markDone.isPending} aria-busy={markDone.isPending}>
                {markDone.isPending && <Spinner />}
                {outcome === 'cancelled_by_court' ? t('report.submitCancelled') : t('done.confirm')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
