import type { ProfileDto, ProfilePayload } from '@substytut/shared';
import { api } from '@/lib/api-client';

/** PUT /user/profile with the validated form payload (empty blocks already dropped). */
export function updateProfile(payload: ProfilePayload): Promise<ProfileDto> {
  return api.put<ProfileDto>('/user/profile', payload);
}
