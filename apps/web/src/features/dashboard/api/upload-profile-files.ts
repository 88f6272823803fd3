import type { ProfileCvAnswer, ProfileImageAnswer } from '@substytut/shared';
import { upload } from '@/lib/upload';

type Progress = (fraction: number) => void;

/** POST /user/profile/image, multipart field `file`. */
export function uploadAvatar(file: File, onProgress?: Progress): Promise<ProfileImageAnswer> {
  return upload<ProfileImageAnswer>('/user/profile/image', file, { field: 'file', onProgress });
}

/** POST /user/profile/cv, multipart field `file`. */
export function uploadCv(file: File, onProgress?: Progress): Promise<ProfileCvAnswer> {
  return upload<ProfileCvAnswer>('/user/profile/cv', file, { field: 'file', onProgress });
}
