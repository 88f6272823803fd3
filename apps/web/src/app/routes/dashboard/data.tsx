import { MyDataRoute } from '../../dashboard-routes';

export const handle = { i18n: ['dashboard', 'auth', 'errors'] };

export default MyDataRoute;
