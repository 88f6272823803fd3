/** The profile query lives in src/lib because the offers feature reads the same cache entry. */
export { getProfile, profileQueryKey, profileQueryOptions, useProfile } from '@/lib/profile-query';
