import { useQuery } from '@tanstack/react-query';
import { DISPUTE_REASON_MAX_LENGTH, disputeSchema, formatLastMoment } from '@substytut/shared';
import { CircleAlert, CircleCheck, Clock, Link2Off, Scale, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/seo/page-meta';
import { HearingReportView, SettlementView } from '@/components/hearing/hearing-report-view';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { LinkButton } from '@/components/ui/link-button';
import { Loading } from '@/components/ui/spinner';
import { paths, useLocalizedHref } from '@/config/paths';
import { hasErrorCode } from '@/lib/api-error';
import { useLanguage } from '@/lib/use-language';
import {
  acceptanceQuery,
  answerFileUrl,
  minutesUrl,
  useAcceptOffer,
  useDisputeOffer,
} from '../api/accept-offer';
import { ResultCard } from '../components/result-card';

/**
 * /offer/done?t={token}: the "job done" mail leads here (through /offer/accept/{token}). Opening
 * the link changes nothing, because mail scanners open links too: the client confirms with the
 * button and lands on /offer/done without the token, the spec's thanks (which a reload keeps).
 * Opened again after confirming, the link says it was already confirmed, and when.
 */
/** '24 listopada 2026 14:05' / '24 November 2026 at 14:05', Warsaw time. */
function formatWhen(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'pl-PL', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Warsaw',
  }).format(new Date(iso));
}

/** The client's objection: a required reason, sent instead of the confirmation (issue 23). */
function DisputeForm({ token, disabled, onSent }: { token: string; disabled: boolean; onSent: () => void }) {
  const { t } = useTranslation('payment');
  const dispute = useDisputeOffer(token);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own rule (packages/shared disputeSchema): required, then long enough.
    const parsed = disputeSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'validation.fillField', { ns: 'errors' }));
      return;
    }
    setError(null);
    dispute.mutate(parsed.data.reason, {
      onSuccess: onSent,
      onError: (failure) => {
        const field = isApiError(failure) ? failure.fieldErrors.reason : undefined;
        setError(field ? t(field, { ns: 'errors' }) : t('dispute.error'));
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
      className="flex w-full flex-col gap-3 border-t border-border pt-4 text-left"
    >
      <h2 id={headingId} className="font-semibold text-foreground">
        {t('dispute.heading')}
      </h2>
      <p className="text-sm">{t('dispute.description')}</p>
      <FormField label={t('dispute.reason')} error={error ?? undefined} required>
        <Textarea
          value={reason}
          maxLength={DISPUTE_REASON_MAX_LENGTH}
          rows={4}
          onChange={(event) => setReason(event.target.value)}
        />
      </FormField>
      <Button
        type="submit"
        variant="destructive"
        disabled={disabled || dispute.isPending}
        loading={dispute.isPending}
        className="w-full sm:w-auto sm:self-start"
      >
        {t('dispute.submit')}
      </Button>
    </form>
  );
}

/**
 * The client's confirmation asks first (issue 34): confirming releases the lawyer's pay and cannot
 * be undone, so one click on the page only opens this question.
 */
function ConfirmButton({ pending, onConfirm }: { pending: boolean; onConfirm: () => void }) {
  const { t } = useTranslation('payment');
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button size="lg" loading={pending} className="w-full sm:w-auto">
          {pending ? t('done.confirming') : t('done.confirm')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('done.dialogTitle')}</AlertDialogTitle>
          <AlertDialogDescription>{t('done.dialogDescription')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('done.dialogCancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{t('done.dialogConfirm')}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export function Component() {
  const { t } = useTranslation('payment');
  const href = useLocalizedHref();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('t');
  const accept = useAcceptOffer();
  const language = useLanguage();
  const state = useQuery({ ...acceptanceQuery(token ?? ''), enabled: Boolean(token) });
  // The prerendered page knows no token: the first render matches it, the real view follows.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // Issue 34: a dispute is sent from the bottom of a long page; its result's heading is shown.
  const [disputeSent, setDisputeSent] = useState(false);

  const home = (
    <LinkButton to={href(paths.home.getHref())} size="lg" variant="outline">
      {t('home')}
    </LinkButton>
  );

  const confirm = () => {
    if (!token) return;
    accept.mutate(token, {
      onSuccess: () => void navigate(href(paths.offerDone.getHref()), { replace: true }),
      // A dispute sent from another tab makes the link refuse a confirmation: read where it stands.
      onError: () => void state.refetch(),
    });
  };

  const status = state.data?.status;
  const settled = status === 'disputed' || status === 'resolved' || status === 'accepted';
  const failure = settled ? null : (accept.error ?? state.error);

  let body;
  if (!mounted) {
    body = <Loading className="flex-1 py-24" />;
  } else if (!token) {
    body = (
      <ResultCard icon={CircleCheck} tone="success" title={t('done.title')} actions={home}>
        <p>{t('done.description')}</p>
      </ResultCard>
    );
  } else if (state.isPending || (accept.isError && state.isFetching)) {
    body = <Loading className="flex-1 py-24" />;
  } else if (hasErrorCode(failure, 'offers.acceptance_invalid')) {
    body = (
      <ResultCard icon={Link2Off} tone="error" title={t('done.invalidTitle')} actions={home}>
        <p>{t('done.invalidDescription')}</p>
      </ResultCard>
    );
  } else if (hasErrorCode(failure, 'offers.acceptance_closed')) {
    body = (
      <ResultCard icon={Clock} tone="warning" title={t('done.closedTitle')} actions={home}>
        <p>{t('done.closedDescription')}</p>
      </ResultCard>
    );
  } else if (state.data?.status === 'accepted' && state.data.acceptedAt) {
    body = (
      <ResultCard icon={CircleCheck} tone="success" title={t('done.alreadyTitle')} actions={home}>
        <p>{t('done.alreadyDescription', { date: formatWhen(state.data.acceptedAt, language) })}</p>
      </ResultCard>
    );
  } else if (state.data?.status === 'disputed' || state.data?.status === 'resolved') {
    const resolved = state.data.status === 'resolved';
    body = (
      <ResultCard
        icon={resolved ? Scale : ShieldAlert}
        tone="warning"
        title={t(resolved ? 'dispute.resolvedTitle' : 'dispute.sentTitle')}
        actions={home}
        focusTitle={disputeSent}
      >
        <p>{t(resolved ? 'dispute.resolvedDescription' : 'dispute.sentDescription')}</p>
        {state.data.report && <HearingReportView report={state.data.report} minutesUrl={minutesUrl(token)} />}
        {state.data.settlement && (
          <SettlementView settlement={state.data.settlement} answerFileUrl={answerFileUrl(token)} />
        )}
      </ResultCard>
    );
  } else {
    body = (
      <ResultCard
        icon={ShieldCheck}
        tone="default"
        title={t('done.confirmTitle')}
        actions={<ConfirmButton pending={accept.isPending} onConfirm={confirm} />}
      >
        <p>{t('done.confirmDescription')}</p>
        {state.data?.report && (
          <HearingReportView report={state.data.report} minutesUrl={minutesUrl(token)} />
        )}
        {state.data?.closes_at && (
          <p className="text-sm">
            {t('dispute.until', {
              date: formatLastMoment(state.data.closes_at, language === 'en' ? 'en' : 'pl'),
            })}
          </p>
        )}
        <div role="alert">
          {accept.isError && (
            <p className="flex items-center justify-center gap-2 text-sm font-medium text-destructive">
              <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
              {t('done.error')}
            </p>
          )}
        </div>
        <DisputeForm token={token} disabled={accept.isPending} onSent={() => setDisputeSent(true)} />
      </ResultCard>
    );
  }

  return (
    <>
      <PageMeta title={t('meta.doneTitle')} description={t('meta.doneDescription')} noindex />
      {/* One live region: the result that replaces the confirmation is read out. */}
      <div aria-live="polite" className="flex flex-1 flex-col">
        {body}
      </div>
    </>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: ['payment', 'errors', 'parts'] };
