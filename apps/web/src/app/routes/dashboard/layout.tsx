import { DashboardLayout as DashboardFrame } from '@/features/dashboard/routes/dashboard-layout';
import { OfferLinkForm } from '@/features/offers/components/offer-link-form';

export const handle = { i18n: ['dashboard', 'offers', 'errors', 'parts'] };

/**
 * The dashboard's frame with the offers feature's form in its sidebar slot. Features do not import
 * each other; the app puts them together in these route modules, one per tab, so each tab's code
 * loads when the tab is opened (decision 030) and public pages never carry any of it.
 */
export default function DashboardLayout() {
  return <DashboardFrame offerForm={<OfferLinkForm />} />;
}
