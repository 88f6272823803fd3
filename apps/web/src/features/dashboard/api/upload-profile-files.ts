import type { ProfileCvAnswer, ProfileImageAnswer } from '@substytut/shared';
import { api } from '@/lib/api-client';

type Progress = (fraction: number) => void;

/** POST /user/profile/image, multipart field `file`. */
export function uploadAvatar(file: File, onProgress?: Progress): Promise<ProfileImageAnswer> {
  return api.upload<ProfileImageAnswer>('/user/profile/image', file, { field: 'file', onProgress });
}

/** POST /user/profile/cv, multipart field `file`. */
export function uploadCv(file: File, onProgress?: Progress): Promise<ProfileCvAnswer> {
  return api.upload<ProfileCvAnswer>('/user/profile/cv', file, { field: 'file', onProgress });
}
