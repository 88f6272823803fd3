import type { PublicOfferDto } from '@substytut/shared';
import { CalendarClock, CircleAlert, ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HearingSummaryView } from '@/components/hearing/hearing-summary-view';
import { Card } from '@/components/ui/card';
import type { ProfileView } from '../lib/profile-view';

/**
 * Title, net price in zł, the gross price labelled 'brutto' and 'Wystawiam fakturę VAT'. The prices
 * and days come worded by the route's loader (`view`, decision 071).
 */
export function OfferCard({
  offer,
  view,
}: {
  offer: PublicOfferDto;
  view: NonNullable<ProfileView['offer']>;
}) {
  const { t } = useTranslation('public-profile');
  const { validUntil } = view;

  return (
    <Card tone="primary" className="flex flex-col gap-4 p-6">
      <div className="flex flex-col gap-1">
        <p className="text-xs font-semibold tracking-wide text-accent-text uppercase">{t('offer.heading')}</p>
        <h2 className="text-xl font-semibold text-balance">{offer.title}</h2>
        {offer.description && <p className="text-sm text-muted-foreground">{offer.description}</p>}
      </div>
      <div className="flex flex-col gap-0.5">
        <p className="text-3xl font-bold tracking-tight">
          {view.price} <span className="text-base font-medium text-muted-foreground">{t('offer.net')}</span>
        </p>
        <p className="text-muted-foreground">
          {view.priceBrutto} {t('offer.gross')}
        </p>
      </div>
      <ul className="flex flex-col gap-2 text-sm">
        <li className="flex items-center gap-2">
          <ReceiptText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          {t('offer.vat')}
        </li>
        {validUntil && (
          <li className="flex items-center gap-2">
            <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            {t('offer.validUntil', { date: validUntil })}
          </li>
        )}
      </ul>
      <HearingSummaryView
        hearing={offer.hearing}
        when={view.hearingWhen}
        className="border-t border-border pt-4"
      />
    </Card>
  );
}

/** Shown instead of the offer card when ?o= names an offer that cannot be paid (or none at all). */
export function OfferUnavailable({ reason }: { reason: 'unavailable' | 'missing' }) {
  const { t } = useTranslation('public-profile');
  return (
    <div
      role="status"
      className="flex gap-3 rounded-xl border border-warning-foreground/20 bg-warning p-4 text-warning-foreground"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">
          {reason === 'unavailable' ? t('offer.unavailableTitle') : t('offer.missingTitle')}
        </p>
        <p className="text-sm">{reason === 'unavailable' ? t('offer.unavailable') : t('offer.missing')}</p>
      </div>
    </div>
  );
}
