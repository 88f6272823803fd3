import { api } from '@/lib/api-client';

type Progress = (fraction: number) => void;

/** POST /user/profile/image, multipart field `file`. */
export function uploadAvatar(file: File, onProgress?: Progress): Promise<{ imageUrl: string }> {
  return api.upload<{ imageUrl: string }>('/user/profile/image', file, { field: 'file', onProgress });
}

/** POST /user/profile/cv, multipart field `file`. */
export function uploadCv(file: File, onProgress?: Progress): Promise<{ cvUrl: string }> {
  return api.upload<{ cvUrl: string }>('/user/profile/cv', file, { field: 'file', onProgress });
}
