import { ProfileRoute } from '@/features/dashboard/routes/profile';

export const handle = { i18n: ['dashboard', 'offers', 'errors'] };

export default ProfileRoute;
