import { BillingRoute } from '@/features/dashboard/routes/billing';

export const handle = { i18n: ['dashboard', 'offers', 'errors'] };

export default BillingRoute;
