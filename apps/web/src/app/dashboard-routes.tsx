import { GoogleSignIn } from '@/features/auth';
import {
  BillingRoute,
  DashboardLayout as DashboardFrame,
  MyDataRoute as MyDataFrame,
  OffersRoute as OffersFrame,
  ProfileRoute,
} from '@/features/dashboard/routes';
import { CalendarFeedCard, OfferLinkForm, OffersHistory } from '@/features/offers';

/**
 * The dashboard's routes with the offers feature mounted into its two slots (the sidebar panel
 * and the history tab). Features do not import each other; the app puts them together here.
 * Loaded lazily as one chunk, so public pages never carry it.
 */
export function DashboardLayout() {
  return <DashboardFrame offerForm={<OfferLinkForm />} />;
}

export function OffersRoute() {
  return (
    <OffersFrame>
      <OffersHistory />
      <CalendarFeedCard />
    </OffersFrame>
  );
}

/** Moje dane, with the accounts feature's Google button for confirming a deletion without a password. */
export function MyDataRoute() {
  return (
    <MyDataFrame
      googleConfirm={(onCredential) => <GoogleSignIn mode="signin" onCredential={onCredential} />}
    />
  );
}

export { BillingRoute, ProfileRoute };
