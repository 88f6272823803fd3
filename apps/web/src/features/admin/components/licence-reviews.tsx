import type { Locale } from '@substytut/shared';
import { Check, Download, ExternalLink, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-error';
import { licenceReasonText } from '@/lib/licence';
import { isApiError } from '@/lib/api-client';
import { professionalTypeLabel } from '@/lib/profile-labels';
import { toast } from '@/lib/toast';
import {
  LICENCE_REVIEW_REASON_MAX as REVIEW_REASON_MAX,
  LICENCE_REVIEW_REASON_MIN as REVIEW_REASON_MIN,
  type LicenceCheckDto,
} from '@substytut/shared/admin-api';
import {
  downloadCertificate,
  useDecideLicenceReview,
  useLicenceReviews,
  type LicenceDecision,
  type LicenceReview,
} from '../api/licence-reviews';
import { dateTime } from '../lib/format';
import { DateTime } from './date-time';
import { LoadFailed } from './load-failed';

/** A parsed field as text: register answers are flat, but nothing promises it. */
function fieldText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function Evidence({ check }: { check: LicenceCheckDto }) {
  const { t } = useTranslation('admin');
  const parsed = check.parsed ? Object.entries(check.parsed) : [];
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{t(`licence.sources.${check.source}`)}</span>
        <Badge variant="outline">
          {t(`licence.outcomes.${check.outcome}`, { defaultValue: check.outcome })}
        </Badge>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="font-medium">{t('licence.address')}</dt>
        <dd className="min-w-0 break-all">
          {check.url && /^https?:\/\//.test(check.url) ? (
            <a
              href={check.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-primary underline underline-offset-4 hover:no-underline"
            >
              {check.url}
              <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="sr-only"> {t('licence.newTab')}</span>
            </a>
          ) : (
            // The sample register's addresses name no page a browser could open.
            (check.url ?? '—')
          )}
        </dd>
        <dt className="font-medium">{t('licence.fetchedAt')}</dt>
        <dd>{check.fetched_at ? <DateTime value={dateTime(check.fetched_at)} /> : '—'}</dd>
        <dt className="font-medium">SHA-256</dt>
        <dd className="min-w-0">
          {check.sha256 ? <code className="text-xs break-all">{check.sha256}</code> : '—'}
        </dd>
        {check.reason && (
          <>
            <dt className="font-medium">{t('licence.checkReason')}</dt>
            <dd>{licenceReasonText(check.reason, t)}</dd>
          </>
        )}
      </dl>
      {parsed.length > 0 && (
        <details className="rounded-md bg-muted/50 p-2">
          <summary className="cursor-pointer font-medium">{t('licence.parsed')}</summary>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
            {parsed.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="font-mono text-xs">{key}</dt>
                <dd className="min-w-0 break-words">{fieldText(value)}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </li>
  );
}

/**
 * Issue 30: every other account giving the same entry number, verified ones first, so the
 * reviewer sees at once whether someone already holds it (and which account came first).
 */
function Claims({ review }: { review: LicenceReview }) {
  const { t } = useTranslation('admin');
  const holder = review.claims.some((c) => c.state === 'verified');
  return (
    <section aria-label={t('licence.claimsLabel', { name: review.name })} className="flex flex-col gap-2">
      <h4 className="text-sm font-semibold">{t('licence.claims')}</h4>
      {holder && (
        <p role="note" className="rounded-md bg-warning p-2 text-sm text-warning-foreground">
          {t('licence.holderWarning')}
        </p>
      )}
      {review.claims.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('licence.noClaims')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {review.claims.map((claim) => (
            <li
              key={claim.profile_id}
              className="flex flex-col gap-1 rounded-lg border border-border p-3 text-sm"
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{claim.name || '—'}</span>
                <Badge variant={claim.state === 'verified' ? 'success' : 'outline'}>
                  {t(`licence.states.${claim.state}`)}
                </Badge>
              </div>
              <span className="break-all text-muted-foreground">{claim.email}</span>
              {claim.state === 'verified' && claim.verified_at && (
                <span>
                  {t('licence.claimVerified', {
                    date: dateTime(claim.verified_at),
                    method: t(`licence.methods.${claim.method ?? 'review'}`),
                  })}
                </span>
              )}
              <span className="text-muted-foreground">
                {t('licence.claimAccount')}: <DateTime value={dateTime(claim.account_created_at)} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CertificateButton({ review }: { review: LicenceReview }) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  if (!review.certificate_url)
    return <p className="text-sm text-muted-foreground">{t('licence.noCertificate')}</p>;
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadCertificate(review.profile_id);
    } catch (error) {
      console.error('certificate download failed', error);
      toast.error(t('licence.certificateFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outline"
      size="sm"
      className="self-start"
      loading={busy}
      aria-label={t('licence.certificateLabel', { name: review.name })}
      onClick={() => void onClick()}
    >
      {!busy && <Download aria-hidden="true" />}
      {t('licence.certificate')}
    </Button>
  );
}

/** Approve or reject one profile's licence; a rejection needs a reason the lawyer will read. */
function DecisionDialog({
  review,
  decision,
  onClose,
}: {
  review: LicenceReview;
  decision: LicenceDecision;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const decide = useDecideLicenceReview();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const descriptionId = useId();
  const rejecting = decision === 'reject';

  const validate = (text: string): string | null => {
    const trimmed = text.trim();
    if (rejecting && trimmed.length === 0) return t('licence.reasonRequired');
    if (trimmed.length > 0 && trimmed.length < REVIEW_REASON_MIN)
      return t('licence.reasonTooShort', { min: REVIEW_REASON_MIN });
    if (trimmed.length > REVIEW_REASON_MAX) return t('licence.reasonTooLong', { max: REVIEW_REASON_MAX });
    return null;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validate(reason);
    setFieldError(problem);
    setFailure(null);
    if (problem) return;
    // Awaited here rather than in mutate's callbacks: the queue is read again on success, and
    // the card holding this dialog leaves the page before those callbacks would run.
    decide
      .mutateAsync({ profileId: review.profile_id, decision, reason: reason.trim() })
      .then(() => {
        toast.success(
          rejecting
            ? t('licence.rejected', { name: review.name })
            : t('licence.approved', { name: review.name }),
        );
        onClose();
      })
      .catch((error: unknown) => {
        console.error('licence decision failed', error);
        // 409: another administrator decided first; the list is read again behind the dialog.
        if (isApiError(error) && error.status === 409) setFailure(t('licence.alreadyDecided'));
        else if (isApiError(error) && error.fieldErrors.reason)
          setFieldError(t(error.fieldErrors.reason, { ns: 'errors' }));
        else setFailure(errorMessage(error, t));
      });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !decide.isPending && onClose()}>
      <DialogContent aria-describedby={descriptionId}>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>
              {rejecting
                ? t('licence.rejectTitle', { name: review.name })
                : t('licence.approveTitle', { name: review.name })}
            </DialogTitle>
            <DialogDescription id={descriptionId}>
              {rejecting ? t('licence.rejectDescription') : t('licence.approveDescription')}
            </DialogDescription>
          </DialogHeader>
          <FormField
            label={rejecting ? t('licence.reasonLabel') : t('licence.noteLabel')}
            hint={t('licence.reasonHint', { max: REVIEW_REASON_MAX })}
            error={fieldError ?? undefined}
            required={rejecting}
          >
            <Textarea
              value={reason}
              maxLength={REVIEW_REASON_MAX}
              rows={4}
              aria-required={rejecting}
              onChange={(event) => {
                setReason(event.target.value);
                if (fieldError) setFieldError(validate(event.target.value));
              }}
            />
          </FormField>
          {failure && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {failure}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={decide.isPending} onClick={onClose}>
              {t('licence.cancel')}
            </Button>
            <Button type="submit" variant={rejecting ? 'destructive' : 'primary'} loading={decide.isPending}>
              {rejecting ? t('licence.reject') : t('licence.approve')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ReviewCard({ review, locale }: { review: LicenceReview; locale: Locale }) {
  const { t } = useTranslation('admin');
  const [decision, setDecision] = useState<LicenceDecision | null>(null);
  const headingId = useId();
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 sm:p-5"
      >
        <header className="flex flex-col gap-1">
          <h3 id={headingId} className="text-lg font-semibold">
            {review.name || '—'}
          </h3>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">{t('licence.type')}</dt>
            <dd>{professionalTypeLabel(review.professional_type, locale)}</dd>
            <dt className="font-medium">{t('licence.licenseNo')}</dt>
            <dd>
              <code>{review.license_no || '—'}</code>
            </dd>
            <dt className="font-medium">{t('licence.submittedAt')}</dt>
            <dd>{review.submitted_at ? <DateTime value={dateTime(review.submitted_at)} /> : '—'}</dd>
          </dl>
        </header>
        <CertificateButton review={review} />
        <Claims review={review} />
        <section
          aria-label={t('licence.evidenceLabel', { name: review.name })}
          className="flex flex-col gap-2"
        >
          <h4 className="text-sm font-semibold">{t('licence.evidence')}</h4>
          {review.checks.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('licence.noChecks')}</p>
          ) : (
            <ol className="flex flex-col gap-2">
              {review.checks.map((check, index) => (
                <Evidence key={`${check.fetched_at ?? ''}-${index}`} check={check} />
              ))}
            </ol>
          )}
        </section>
        {!review.certificate_url && (
          <p className="text-sm text-muted-foreground">{t('licence.certificateRequired')}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => setDecision('approve')}
            disabled={!review.certificate_url}
            aria-label={t('licence.approveLabel', { name: review.name })}
          >
            <Check aria-hidden="true" />
            {t('licence.approve')}
          </Button>
          <Button
            variant="destructive"
            onClick={() => setDecision('reject')}
            aria-label={t('licence.rejectLabel', { name: review.name })}
          >
            <X aria-hidden="true" />
            {t('licence.reject')}
          </Button>
        </div>
      </article>
      {decision && <DecisionDialog review={review} decision={decision} onClose={() => setDecision(null)} />}
    </li>
  );
}

/** The licence review queue (issue 22): profiles the register could not confirm, oldest first. */
export function LicenceReviews({ locale }: { locale: Locale }) {
  const { t } = useTranslation('admin');
  const query = useLicenceReviews();
  const headingId = 'licence-reviews-heading';

  let body;
  if (query.isPending) {
    body = (
      <div aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">{t('licence.loading')}</span>
        <Skeleton className="h-32 w-full" />
      </div>
    );
  } else if (query.isError) {
    body = <LoadFailed onRetry={() => void query.refetch()} />;
  } else if (query.data.length === 0) {
    body = <p className="text-muted-foreground">{t('licence.empty')}</p>;
  } else {
    body = (
      <ul className="grid gap-4 lg:grid-cols-2">
        {query.data.map((review) => (
          <ReviewCard key={review.profile_id} review={review} locale={locale} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <h2 id={headingId} className="flex items-center gap-2 text-2xl font-bold tracking-tight">
        {t('licence.heading')}
        {query.data && query.data.length > 0 && (
          <Badge variant="warning" className="tabular-nums">
            {query.data.length}
          </Badge>
        )}
      </h2>
      <p className="text-sm text-muted-foreground">{t('licence.intro')}</p>
      {body}
    </section>
  );
}
