import { ProfileRoute } from '../../dashboard-routes';

export const handle = { i18n: ['dashboard', 'offers', 'errors'] };

export default ProfileRoute;
