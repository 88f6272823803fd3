import type { ProfilePayload } from '@substytut/shared';
import { api } from '@/lib/api-client';

/** PUT /user/profile with the validated form payload (empty blocks already dropped). */
export function updateProfile(payload: ProfilePayload): Promise<unknown> {
  return api.put<unknown>('/user/profile', payload);
}
