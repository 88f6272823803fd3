import { formatDate, type OfferDto } from '@substytut/shared';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { STATUS_LABEL_KEYS, formatOfferPrice, useLanguage } from '../lib/offer-view';

function safeDate(value: string): string {
  try {
    return formatDate(value.length === 10 ? value : new Date(value));
  } catch {
    return value;
  }
}

/** The facts of one offer, shown in the desktop hover card and in the mobile info dialog. */
export function OfferInfo({ offer }: { offer: OfferDto }) {
  const { t } = useTranslation('offers');
  const language = useLanguage();
  const rows: [string, string][] = [
    [t('info.status'), t(STATUS_LABEL_KEYS[offer.status])],
    [t('info.created'), safeDate(offer.createDate)],
    [t('info.expires'), safeDate(offer.expireDate)],
    [t('info.net'), formatOfferPrice(offer.price, language)],
    [t('info.gross'), formatOfferPrice(offer.price_brutto, language)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="contents">
        <dt className="text-muted-foreground">{t('info.link')}</dt>
        <dd className="min-w-0 font-mono text-xs break-all">{offer.absoluteUrl}</dd>
      </div>
    </dl>
  );
}

export function OfferInfoDialog({
  offer,
  open,
  onOpenChange,
}: {
  offer: OfferDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('offers');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('info.title')}</DialogTitle>
          <DialogDescription>{offer.title}</DialogDescription>
        </DialogHeader>
        <OfferInfo offer={offer} />
      </DialogContent>
    </Dialog>
  );
}
