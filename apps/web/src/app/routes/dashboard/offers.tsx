import { OffersRoute as OffersFrame } from '@/features/dashboard/routes/offers';
import { CalendarFeedCard } from '@/features/offers/components/calendar-feed';
import { OffersHistory } from '@/features/offers/components/offers-history';

export const handle = { i18n: ['dashboard', 'offers', 'errors'] };

/** The history tab with the offers feature's history and calendar feed in its slot. */
export default function OffersRoute() {
  return (
    <OffersFrame>
      <OffersHistory />
      <CalendarFeedCard />
    </OffersFrame>
  );
}
