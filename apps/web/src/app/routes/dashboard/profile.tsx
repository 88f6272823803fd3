import { ProfileRoute } from '../../dashboard-routes';

export const handle = { i18n: ['dashboard', 'offers', 'errors', 'validation'] };

export default ProfileRoute;
