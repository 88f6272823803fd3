import { formatPln } from '@substytut/shared/money';
import {
  formatFeePercent,
  PLAN_NAMES,
  PLANS,
  PRO_MONTHLY_GROSS_GROSZE,
  type Plan,
} from '@substytut/shared/plans';
import { formatDate } from '@substytut/shared/dates';
import { Check } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
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
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { Spinner } from '@/components/ui/spinner';
import { paths, useLocalizedHref, type Language } from '@/config/paths';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useLanguage } from '@/lib/use-language';
import { usePlan, useCancelPro, useSubscribeToPro, type PlanState } from '@/lib/plan';


/** A moment as the lawyer reads it: 27.12.2026 in Polish, 27 Dec 2026 in English. */
function day(iso: string, language: Language): string {
  const date = new Date(iso);
  return language === 'pl'
    ? formatDate(date)
    : new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/Warsaw' }).format(date);
}

function CancelDialog({ open, onOpenChange, until }: { open: boolean; onOpenChange: (v: boolean) => void; until: string }) {
  const { t } = useTranslation('dashboard');
  const cancel = useCancelPro();
  const confirm = (event: MouseEvent) => {
    event.preventDefault();
    cancel.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('plan.cancelled', { date: until }));
        onOpenChange(false);
      },
      onError: () => toast.error(t('plan.error')),
    });
  };
  return (
    <AlertDialog open={open} onOpenChange={(next) => !cancel.isPending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('plan.cancelTitle')}</AlertDialogTitle>
          <AlertDialogDescription>{t('plan.cancelText', { date: until })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>{t('plan.keep')}</AlertDialogCancel>
          <AlertDialogAction onClick={confirm} disabled={cancel.isPending} aria-busy={cancel.isPending}>
            {cancel.isPending && <Spinner />}
            {t('plan.cancelConfirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** What the lawyer is on now, and until when. */
function CurrentPlan({ state, language }: { state: PlanState; language: Language }) {
  const { t } = useTranslation('dashboard');
  const [cancelOpen, setCancelOpen] = useState(false);
  const sub = state.subscription;
  const until = sub ? day(sub.current_period_end, language) : '';
  return (
    <section aria-labelledby="plan-current" className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:p-6">
      <h2 id="plan-current" className="text-lg font-semibold">
        {t('plan.current', { plan: PLAN_NAMES[state.plan] })}
      </h2>
      <p>{t('plan.feeNow', { fee: formatFeePercent(state.fee_basis_points, language) })}</p>
      {state.plan === 'pro' && sub && !sub.cancel_at_period_end && (
        <>
          <p className="text-sm text-muted-foreground">{t('plan.renews', { date: until })}</p>
          <div>
            <Button variant="outline" onClick={() => setCancelOpen(true)}>
              {t('plan.cancel')}
            </Button>
          </div>
          <CancelDialog open={cancelOpen} onOpenChange={setCancelOpen} until={until} />
        </>
      )}
      {state.plan === 'pro' && sub?.cancel_at_period_end && (
        <p className="text-sm text-muted-foreground">{t('plan.ends', { date: until })}</p>
      )}
      {state.plan === 'basic' && sub?.status === 'ended' && (
        <p className="text-sm text-muted-foreground">
          {sub.end_reason === 'renewal_failed' ? t('plan.endedFailed', { date: until }) : t('plan.endedCancelled', { date: until })}
        </p>
      )}
      <p className="text-sm text-muted-foreground">{t('plan.feeKept')}</p>
    </section>
  );
}

function PlanChoice({ plan, state, language }: { plan: Plan; state: PlanState; language: Language }) {
  const { t } = useTranslation('dashboard');
  const href = useLocalizedHref();
  const subscribe = useSubscribeToPro();
  const current = plan.key === state.plan;
  const titleId = `plan-choice-${plan.key}`;
  const price =
    plan.monthlyNetGrosze === null
      ? t('plan.custom')
      : plan.monthlyNetGrosze === 0
        ? t('plan.free')
        : t('plan.monthly', {
            net: formatPln(plan.monthlyNetGrosze, language),
            gross: formatPln(PRO_MONTHLY_GROSS_GROSZE, language),
          });
  const fee =
    plan.feeBasisPoints === null
      ? t('plan.customFee')
      : t('plan.fee', { fee: formatFeePercent(plan.feeBasisPoints, language) });
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col gap-3 rounded-lg border bg-card p-4',
        current ? 'border-primary ring-2 ring-primary' : 'border-border',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold">
          {PLAN_NAMES[plan.key]}
        </h3>
        {current && (
          <Badge variant="accent">
            <Check aria-hidden="true" />
            {t('plan.yours')}
          </Badge>
        )}
      </div>
      <p className="text-sm font-medium">{price}</p>
      <p className="text-sm">{fee}</p>
      <div className="mt-auto pt-2">
        {plan.via === 'subscription' && !current && (
          <Button
            onClick={() => subscribe.mutate(undefined, { onError: () => toast.error(t('plan.error')) })}
            disabled={subscribe.isPending}
            aria-busy={subscribe.isPending}
          >
            {subscribe.isPending && <Spinner />}
            {t('plan.subscribe')}
          </Button>
        )}
        {plan.via === 'contact' && (
          <LinkButton to={`${href(paths.contact.getHref())}?topic=enterprise`} variant="outline">
            {t('plan.contact')}
          </LinkButton>
        )}
        {plan.via === 'default' && !current && (
          <p className="text-sm text-muted-foreground">{t('plan.basicAfterPro')}</p>
        )}
      </div>
    </li>
  );
}

/** /dashboard/plan: the lawyer's plan, Pro by subscription, Enterprise by a contact request. */
export function PlanPage() {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const { data, isPending, isError } = usePlan();
  const [params] = useSearchParams();
  if (isPending) return <Spinner aria-label={t('plan.loading')} />;
  if (isError || !data) return <p role="alert">{t('plan.error')}</p>;
  return (
    <>
      {params.get('subscribed') && data.plan === 'pro' && (
        <p role="status" className="rounded-lg bg-muted/50 p-4 text-sm">
          {t('plan.welcome')}
        </p>
      )}
      <CurrentPlan state={data} language={language} />
      <section aria-labelledby="plan-choose" className="flex flex-col gap-3">
        <h2 id="plan-choose" className="text-lg font-semibold">
          {t('plan.choose')}
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {PLANS.map((plan) => (
            <PlanChoice key={plan.key} plan={plan} state={data} language={language} />
          ))}
        </ul>
        <p className="text-sm text-muted-foreground">{t('plan.note')}</p>
      </section>
    </>
  );
}
