// The face of profile: what the app wires (routes, the status refresh) and what other features
// may use (the licence module writes the licence columns; the public page shows the badge).
export { profileRoutes, type ProfileRoutesOptions } from './profile.routes.ts';
export { refreshProfileStatus } from './profile.service.ts';
export { ensureProfile, findLicenceCode, findProfileByUser, updateProfile } from './profile.repo.ts';
export { adminHasNoProfile } from './profile.errors.ts';
export { CODE_RESEND_MS, ownLicenceOf, publicLicenceOf } from './licence.dto.ts';
