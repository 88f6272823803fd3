import {
  OFFER_STATUS_LABELS,
  RESOLUTION_REASON_MAX_LENGTH,
  RESOLUTION_REASON_MIN_LENGTH,
  formatPln,
  groszeToDecimalString,
  isOfferStatus,
  isValidRefund,
  parsePlnToGrosze,
  type AdminDisputeDto,
  type DisputeResolution,
  type Locale,
} from '@substytut/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HearingReportView, SettlementView } from '@/components/hearing/hearing-report-view';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Loading } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useAdminDisputes, useResolveDispute } from '../api/disputes';
import { LoadFailed } from './load-failed';
import { shownEmail } from '../lib/format';

/** The administrator's decision on one dispute: release, or a refund in zł (whole grosze) with a reason. */
function ResolveForm({ item, locale }: { item: AdminDisputeDto; locale: Locale }) {
  const { t } = useTranslation('admin');
  const resolve = useResolveDispute();
  const [decision, setDecision] = useState<DisputeResolution>('refund');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
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
    </form>
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
                {t('disputes.lawyer')}: {item.lawyer_name} ({shownEmail(item.lawyer_email, t('deletedAccount'))}) · {t('disputes.paid')}:{' '}
                <span className="tabular-nums">{formatPln(item.paid_grosze, locale)}</span>
              </p>
              {item.report && <HearingReportView report={item.report} minutesUrl={null} />}
              {item.settlement && <SettlementView settlement={item.settlement} />}
              {item.status === 'disputed' && <ResolveForm item={item} locale={locale} />}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
