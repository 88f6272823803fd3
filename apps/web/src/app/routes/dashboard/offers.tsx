import { OffersRoute } from '../../dashboard-routes';

export const handle = { i18n: ['dashboard', 'offers', 'errors', 'validation'] };

export default OffersRoute;
