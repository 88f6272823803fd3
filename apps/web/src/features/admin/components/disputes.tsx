import {
  OFFER_STATUS_LABELS,
  RESOLUTION_REASON_MAX_LENGTH,
  RESOLUTION_REASON_MIN_LENGTH,
  decisionAmounts,
  formatPhoneDisplay,
  formatPln,
  groszeToDecimalString,
  isOfferStatus,
  isValidRefund,
  parsePlnToGrosze,
  type AdminDisputeDto,
  type DisputeResolution,
  type Locale,
} from '@substytut/shared';
import { Download } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Loading } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { downloadDisputeFile, useAdminDisputes, useResolveDispute } from '../api/disputes';
import { LoadFailed } from './load-failed';
import { shownEmail } from '../lib/format';
import { isDeletedAccountEmail } from '@substytut/shared/deleted-account';

/** The administrator's decision on one dispute: release, or a refund in zł (whole grosze) with a reason. */
function ResolveForm({ item, locale }: { item: AdminDisputeDto; locale: Locale }) {
  const { t } = useTranslation('admin');
  const resolve = useResolveDispute();
  const [decision, setDecision] = useState<DisputeResolution>('refund');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** the checked decision waiting for its confirmation in the dialog (issue 34) */
  const [pending, setPending] = useState<{ grosze: number | null } | null>(null);
  const groupId = useId();
  const paid = item.paid_grosze;
  const text = (key: string | undefined) => (key ? t(key, { ns: 'errors' }) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const grosze = decision === 'refund' ? parsePlnToGrosze(amount) : null;
    if (decision === 'refund') {
      if (grosze === null || grosze < 1) found.amount_grosze = 'validation.refundAmount';
      else if (!isValidRefund(grosze, paid)) found.amount_grosze = 'offers.refund_too_large';
    }
    if (reason.trim().length < RESOLUTION_REASON_MIN_LENGTH) {
      found.reason = reason.trim() ? 'validation.reasonTooShort' : 'validation.fillField';
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // Nothing moves yet: the dialog states who gets what (issue 34).
    setPending({ grosze });
  };

  const decide = () => {
    if (!pending) return;
    const { grosze } = pending;
    setPending(null);
    resolve.mutate(
      { offerId: item.offer_id, decision, amountGrosze: grosze, reason: reason.trim() },
      {
        onSuccess: () => toast.success(t('disputes.saved')),
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
          else toast.error(errorMessage(error, t));
        },
      },
    );
  };

  const amounts = pending
    ? decisionAmounts({
        paidGrosze: paid,
        refundGrosze: pending.grosze ?? 0,
        feePercent: item.platform_fee_percent,
      })
    : null;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3"
      aria-label={t('disputes.formLabel', { title: item.title })}
    >
      <fieldset className="flex flex-col gap-2 sm:flex-row sm:gap-4">
        <legend className="mb-1 text-sm font-medium">{t('disputes.decision')}</legend>
        {(['refund', 'release'] as const).map((value) => (
          <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${groupId}-decision`}
              value={value}
              checked={decision === value}
              onChange={() => setDecision(value)}
              className="size-4 accent-(--color-primary)"
            />
            {t(value === 'refund' ? 'disputes.refund' : 'disputes.release')}
          </label>
        ))}
      </fieldset>
      {decision === 'refund' && (
        <FormField
          label={t('disputes.amount')}
          hint={t('disputes.amountHint', { paid: formatPln(paid, locale), max: groszeToDecimalString(paid) })}
          error={text(errors.amount_grosze)}
          required
        >
          <Input
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            className="sm:max-w-48"
          />
        </FormField>
      )}
      <FormField
        label={t('disputes.reason')}
        hint={t('disputes.reasonHint')}
        error={text(errors.reason)}
        required
      >
        <Textarea
          value={reason}
          maxLength={RESOLUTION_REASON_MAX_LENGTH}
          rows={3}
          onChange={(event) => setReason(event.target.value)}
        />
      </FormField>
      <Button type="submit" loading={resolve.isPending} className="self-start">
        {t('disputes.submit')}
      </Button>
      <AlertDialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('disputes.confirmTitle')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('disputes.confirmDescription', { title: item.title })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          {amounts && (
            <dl className="grid gap-1 text-sm" data-testid="decision-amounts">
              <div className="flex flex-wrap justify-between gap-2">
                <dt>{t('disputes.confirmRefund')}:{' '}</dt>
                <dd className="font-semibold tabular-nums">{formatPln(amounts.refundGrosze, locale)}</dd>
              </div>
              <div className="flex flex-wrap justify-between gap-2">
                <dt>{t('disputes.confirmPayout')}:{' '}</dt>
                <dd className="font-semibold tabular-nums">{formatPln(amounts.payoutGrosze, locale)}</dd>
              </div>
              <div className="flex flex-wrap justify-between gap-2 text-muted-foreground">
                <dt>{t('disputes.confirmFee', { percent: item.platform_fee_percent })}:{' '}</dt>
                <dd className="tabular-nums">{formatPln(amounts.feeGrosze, locale)}</dd>
              </div>
              <div className="flex flex-wrap justify-between gap-2 border-t border-border pt-1 text-muted-foreground">
                <dt>{t('disputes.paid')}:{' '}</dt>
                <dd className="tabular-nums">{formatPln(paid, locale)}</dd>
              </div>
            </dl>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel>{t('disputes.confirmCancel')}</AlertDialogCancel>
            <AlertDialogAction onClick={decide}>{t('disputes.confirmAction')}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  );
}

/** A file of the dispute behind the administrator's token, fetched and saved (issue 34). */
function DisputeFileButton({
  offerId,
  which,
  label,
}: {
  offerId: number;
  which: 'minutes' | 'answer-file';
  label: string;
}) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadDisputeFile(offerId, which);
    } catch (error) {
      console.error('dispute file download failed', error);
      toast.error(t('disputes.fileFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" className="self-start" loading={busy} onClick={() => void onClick()}>
      {!busy && <Download aria-hidden="true" />}
      {label}
    </Button>
  );
}

/** Both sides' e-mail and phone, so the administrator can ask either before deciding (issue 34). */
function Contacts({ item }: { item: AdminDisputeDto }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const side = (label: string, name: string | null, email: string | null, phone: string | null) => (
    <div className="flex min-w-0 flex-col gap-0.5">
      <span className="font-medium">{label}</span>
      {name && <span className="break-words">{name}</span>}
      {email && !isDeletedAccountEmail(email) ? (
        <a href={`mailto:${email}`} className="break-all text-primary underline underline-offset-4">
          {email}
        </a>
      ) : (
        <span className="text-muted-foreground">{shownEmail(email, t('deletedAccount'))}</span>
      )}
      {phone && (
        <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="text-primary underline underline-offset-4">
          {formatPhoneDisplay(phone)}
        </a>
      )}
    </div>
  );
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-lg border border-border p-4 text-sm"
    >
      <h4 id={headingId} className="font-semibold">
        {t('disputes.contacts')}
      </h4>
      <div className="grid gap-3 sm:grid-cols-2">
        {side(t('disputes.client'), item.client_name, item.client_email, item.client_phone)}
        {side(t('disputes.lawyer'), item.lawyer_name, item.lawyer_email, item.lawyer_phone)}
      </div>
    </section>
  );
}

/** /admin: the disputes to resolve (issue 23), each with the report, the client's reason and the amounts. */
export function Disputes({ locale }: { locale: Locale }) {
  const { t } = useTranslation('admin');
  const query = useAdminDisputes();
  const items = query.data?.items ?? [];
  return (
    <section aria-labelledby="disputes-heading" className="flex min-w-0 flex-col gap-4">
      <h2 id="disputes-heading" className="text-2xl font-bold tracking-tight">
        {t('disputes.heading')}
      </h2>
      {query.isPending && <Loading className="py-6" />}
      {query.isError && <LoadFailed onRetry={() => void query.refetch()} />}
      {query.isSuccess && items.length === 0 && <p className="text-muted-foreground">{t('disputes.none')}</p>}
      <ul className="flex flex-col gap-4">
        {items.map((item) => (
          <li key={item.offer_id}>
            <article
              aria-label={item.title}
              className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm"
            >
              <header className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold break-words">{item.title}</h3>
                <span className="text-sm text-muted-foreground">
                  {isOfferStatus(item.status) ? OFFER_STATUS_LABELS[locale][item.status] : item.status}
                </span>
              </header>
              <p className="text-sm">
                {t('disputes.lawyer')}: {item.lawyer_name} (
                {shownEmail(item.lawyer_email, t('deletedAccount'))}) · {t('disputes.paid')}:{' '}
                <span className="tabular-nums">{formatPln(item.paid_grosze, locale)}</span>
              </p>
              <Contacts item={item} />
              {item.report && <HearingReportView report={item.report} minutesUrl={null} />}
              {item.report?.has_minutes && (
                <DisputeFileButton offerId={item.offer_id} which="minutes" label={t('disputes.minutes')} />
              )}
              {item.settlement && <SettlementView settlement={item.settlement} />}
              {item.settlement?.lawyer_answer_has_file && (
                <DisputeFileButton
                  offerId={item.offer_id}
                  which="answer-file"
                  label={t('disputes.answerFile')}
                />
              )}
              {item.status === 'disputed' && <ResolveForm item={item} locale={locale} />}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
