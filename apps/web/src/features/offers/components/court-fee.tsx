import { formatPln, type OfferDto } from '@substytut/shared';
import { Gavel } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { courtFeeOf } from '../lib/court-fee';

/** The offer's fee for turning up when the court cancels the hearing on the day (issue 34), printed on the card. */
export function CourtFee({ offer }: { offer: OfferDto }) {
  const { t, i18n } = useTranslation('offers');
  const locale = i18n.language === 'en' ? 'en' : 'pl';
  const fee = courtFeeOf(offer);
  if (!fee) return null;
  return (
    <p className="flex items-start gap-1.5 text-sm text-muted-foreground" data-testid="court-fee">
      <Gavel aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {t('card.courtFee', {
          net: formatPln(fee.netGrosze, locale),
          gross: formatPln(fee.grossGrosze, locale),
        })}
      </span>
    </p>
  );
}
