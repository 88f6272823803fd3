import type { BoardResponse } from '@substytut/shared/contract/board';
import { CheckCircle2, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { useLanguage } from '@/lib/use-language';
import { moment, monthOf, pln } from '../lib/format';
import { LawyerCard } from './lawyer-card';

/**
 * One answer as the poster sees it: the substitute's card (photo, name, badge, profession and
 * chamber, jobs completed through the product, published references), what they answered and
 * when. Nothing compares it with the other answers.
 */
export function AnswerItem({
  answer,
  picked,
  actions,
}: {
  answer: BoardResponse;
  picked: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('board');
  const language = useLanguage();
  const substitute = answer.substitute;
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-border p-4" aria-label={t('mine.answerBy', { name: substitute.name })}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <LawyerCard lawyer={substitute} size="md">
          <p className="text-sm text-muted-foreground">
            {t('mine.completed', { count: substitute.completed_count })}
          </p>
        </LawyerCard>
        <div className="flex flex-wrap gap-1">
          {picked && (
            <Badge variant="success">
              <CheckCircle2 aria-hidden="true" />
              {t('mine.picked')}
            </Badge>
          )}
          {substitute.favourite && (
            <Badge variant="secondary">
              <Star aria-hidden="true" />
              {t('mine.favourite')}
            </Badge>
          )}
        </div>
      </div>
      <p className="text-sm">
        {answer.price_net === null ? (
          <span className="font-medium">{t('mine.acceptsFee')}</span>
        ) : (
          <span className="font-medium">{t('mine.proposes', { price: pln(answer.price_net, language) })}</span>
        )}
        {answer.agreed_gross && (
          <span className="text-muted-foreground">
            {' '}
            ({pln(answer.agreed_gross, language)} {t('card.grossWithVat')})
          </span>
        )}
      </p>
      {answer.message && <p className="text-sm whitespace-pre-line">{answer.message}</p>}
      <p className="text-xs text-muted-foreground">{t('mine.answeredAt', { at: moment(answer.created_at, language) })}</p>
      {substitute.references.length > 0 && (
        <div className="flex flex-col gap-1">
          <h4 className="text-sm font-semibold">{t('mine.references')}</h4>
          <ul className="flex flex-col gap-1 text-sm">
            {substitute.references.map((reference, index) => (
              <li key={index} className="rounded-md bg-muted px-3 py-2">
                „{reference.text}”
                <span className="block text-xs text-muted-foreground">
                  {t('mine.referenceConfirmed', { month: monthOf(reference.month, language) })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {actions}
    </article>
  );
}
