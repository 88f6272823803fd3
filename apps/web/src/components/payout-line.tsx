import { withheldFee, formatFeePercent, PLAN_NAMES, planKeyOfFee } from '@substytut/shared/plans';
import { formatPln, grossFromNet, parsePlnToGrosze } from '@substytut/shared/money';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { usePlan } from '@/lib/plan';
import { useLanguage } from '@/lib/use-language';

/**
 * "Otrzymasz 119,92 zł (prowizja serwisu 3,08 zł – plan Pro, 2,5%)": what the lawyer receives of
 * a gross amount after the platform's fee (issue 34 §3). The fee is the paid offer's own (stored
 * with its payment) or, before payment, the lawyer's plan's now. Nothing while either is unknown.
 */
export function PayoutLine({
  grossGrosze,
  feeBasisPoints,
  className,
}: {
  grossGrosze: number | null;
  /** the paid offer's fee; left out or null: the plan's fee now */
  feeBasisPoints?: number | null;
  className?: string;
}) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const plan = usePlan();
  const bp = feeBasisPoints ?? plan.data?.fee_basis_points ?? null;
  if (grossGrosze === null || grossGrosze <= 0 || bp === null) return null;
  const { fee, amount } = withheldFee(grossGrosze, bp);
  const planKey = planKeyOfFee(bp);
  return (
    <p className={cn('text-sm', className)}>
      <span className="text-muted-foreground">{t('payout.receive')} </span>
      <strong className="font-semibold tabular-nums">{formatPln(amount, language)}</strong>{' '}
      <span className="text-muted-foreground">
        {t(planKey ? 'payout.feeOfPlan' : 'payout.fee', {
          fee: formatPln(fee, language),
          percent: formatFeePercent(bp, language),
          plan: planKey ? PLAN_NAMES[planKey] : '',
        })}
      </span>
    </p>
  );
}

/** The offer form's line: the typed net price, with VAT, less the fee of the lawyer's plan. */
export function PayoutPreview({ price }: { price: string }) {
  const net = parsePlnToGrosze(price);
  return <PayoutLine grossGrosze={net !== null && net > 0 ? grossFromNet(net) : null} />;
}
