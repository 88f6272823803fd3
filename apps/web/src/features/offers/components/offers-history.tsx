import { Inbox, RefreshCw } from 'lucide-react';
import type { InvoiceDto, InvoiceFailureDto } from '@substytut/shared';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/spinner';
import { useProfile } from '@/lib/profile-query';
import { useOffers } from '../api/get-offers';
import { useInvoiceFailures, useInvoices } from '../api/invoices';
import { SECTION_LABEL_KEYS, groupOffers } from '../lib/offer-view';
import { useNow } from '../lib/use-now';
import { OfferCard } from './offer-card';
import { OfferRequirementsNotice } from './offer-requirements';

/**
 * The offers history tab (spec 2): Aktywne, Wysłane and Archiwum, each only when it has offers.
 * One minute clock for the whole list keeps every card's time left counting.
 */
export function OffersHistory() {
  const profile = useProfile();
  return (
    <div className="flex flex-col gap-6">
      {/* On a phone the sidebar's form is behind the menu: there the tab says what is missing. */}
      {profile.data && <OfferRequirementsNotice profile={profile.data} className="md:hidden" />}
      <OffersList />
    </div>
  );
}

function OffersList() {
  const { t } = useTranslation('offers');
  const offers = useOffers();
  const invoices = useInvoices();
  const failures = useInvoiceFailures();
  const now = useNow();

  useEffect(() => {
    // Spec 8: a failed list load is logged; the tab shows a retry below.
    if (offers.isError) console.error('offer list fetch failed', offers.error);
  }, [offers.isError, offers.error]);

  useEffect(() => {
    // The cards still work without their invoices; the list is fetched again every minute.
    if (invoices.isError) console.error('invoice list fetch failed', invoices.error);
  }, [invoices.isError, invoices.error]);

  const invoicesByOffer = useMemo(() => {
    const map = new Map<number, InvoiceDto[]>();
    // Oldest first on a card: the advance, then its corrections.
    for (const invoice of [...(invoices.data ?? [])].reverse()) {
      map.set(invoice.offer_id, [...(map.get(invoice.offer_id) ?? []), invoice]);
    }
    return map;
  }, [invoices.data]);

  const failuresByOffer = useMemo(() => {
    const map = new Map<number, InvoiceFailureDto[]>();
    for (const failure of failures.data ?? []) {
      map.set(failure.offer_id, [...(map.get(failure.offer_id) ?? []), failure]);
    }
    return map;
  }, [failures.data]);

  if (offers.isPending) return <Loading />;

  if (offers.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-xl border border-border bg-card px-6 py-10 text-center"
      >
        <p>{t('history.loadFailed')}</p>
        <Button variant="outline" onClick={() => void offers.refetch()} loading={offers.isFetching}>
          {!offers.isFetching && <RefreshCw aria-hidden="true" />}
          {t('history.retry')}
        </Button>
      </div>
    );
  }

  const groups = groupOffers(offers.data);
  if (groups.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card/60 px-6 py-14 text-center">
        <Inbox aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-muted-foreground">{t('history.empty')}</p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-8">
      {groups.map(({ section, offers: list }) => (
        <section key={section} aria-labelledby={`offers-section-${section}`} className="flex flex-col gap-3">
          <h2 id={`offers-section-${section}`} className="flex items-center gap-2 text-lg font-semibold">
            {t(SECTION_LABEL_KEYS[section])}
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground tabular-nums">
              {list.length}
            </span>
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {list.map((offer) => (
              <OfferCard
                key={offer.offerId}
                offer={offer}
                now={now}
                invoices={invoicesByOffer.get(offer.offerId)}
                invoiceFailures={failuresByOffer.get(offer.offerId)}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
