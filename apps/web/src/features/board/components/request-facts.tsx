import type { BoardRequestCard } from '@substytut/shared/contract/board';
import { CalendarClock, Hourglass, Landmark, Scale, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { professionalTypeLabel } from '@/lib/profile-labels';
import { useLanguage } from '@/lib/use-language';
import { moment, pln } from '../lib/format';

type Facts = Pick<
  BoardRequestCard,
  | 'division'
  | 'starts_at'
  | 'mode'
  | 'case_type'
  | 'fee_net'
  | 'fee_gross'
  | 'answer_deadline'
  | 'professions'
  | 'auto_assign'
>;

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <dt className="mt-0.5 text-muted-foreground">
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** The fee: net and gross with VAT, or 'Zapytanie o wycenę'. */
export function Fee({ fee_net, fee_gross }: Pick<Facts, 'fee_net' | 'fee_gross'>) {
  const { t } = useTranslation('board');
  const language = useLanguage();
  if (fee_net === null) return <span className="font-semibold">{t('card.askForQuotes')}</span>;
  return (
    <span>
      <span className="font-semibold tabular-nums">
        {pln(fee_net, language)} {t('card.net')}
      </span>
      {fee_gross && (
        <span className="text-muted-foreground tabular-nums">
          {' '}
          ({pln(fee_gross, language)} {t('card.grossWithVat')})
        </span>
      )}
    </span>
  );
}

/**
 * What every eligible substitute sees of a request: court, division, day and hour, mode, case
 * type, fee, deadline and professions. Never the case number or the parties (not in the card).
 */
export function RequestFacts({ request, className }: { request: Facts; className?: string }) {
  const { t } = useTranslation('board');
  const language = useLanguage();
  return (
    <dl className={cn('grid gap-2 text-sm sm:grid-cols-2', className)}>
      {/* The court is the card's heading; its division here. */}
      {request.division && (
        <Fact icon={<Landmark aria-hidden="true" className="size-4" />} label={t('card.division')}>
          {request.division}
        </Fact>
      )}
      <Fact icon={<CalendarClock aria-hidden="true" className="size-4" />} label={t('card.when')}>
        <span className="tabular-nums">{moment(request.starts_at, language)}</span>
        <span className="text-muted-foreground"> · {t(`modes.${request.mode}`)}</span>
      </Fact>
      <Fact icon={<Scale aria-hidden="true" className="size-4" />} label={t('card.caseType')}>
        {t(`caseTypes.${request.case_type}`)}
        <span className="text-muted-foreground">
          {' · '}
          {request.professions.map((id) => professionalTypeLabel(id, language)).join(', ')}
        </span>
      </Fact>
      <Fact icon={<Wallet aria-hidden="true" className="size-4" />} label={t('card.fee')}>
        <Fee fee_net={request.fee_net} fee_gross={request.fee_gross} />
        {request.auto_assign && <span className="block text-xs text-muted-foreground">{t('card.autoAssign')}</span>}
      </Fact>
      <Fact icon={<Hourglass aria-hidden="true" className="size-4" />} label={t('card.deadline')}>
        <span className="text-muted-foreground">{t('card.answerBy')} </span>
        <span className="tabular-nums">{moment(request.answer_deadline, language)}</span>
      </Fact>
    </dl>
  );
}
