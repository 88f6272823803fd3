import { forbidden } from '../app/errors.ts';

/** An administrator's account asked for the lawyer's own profile, which it does not have. */
export const adminHasNoProfile = () => forbidden('profile.admin_has_none');
