// The face of storage: where files are kept, the route that serves them, and the reading and
// checking of uploaded files every feature that takes a file shares.
import type { Config } from '../app/config.ts';
import { createDiskStorage } from './disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

export type { Storage, StoredObject } from './storage.ts';
export { resizedKey } from './resized-image.ts';
export { registerStorageRoutes } from './storage.routes.ts';
export {
  IMAGE_MAX_PIXELS,
  checkCv,
  detectCvType,
  fileMissing,
  fileTooLarge,
  imageTooSmall,
  processProfileImage,
  readUpload,
  refuseDeclaredOver,
  wrongFileFormat,
  type ProcessedFile,
} from './uploads.ts';

export function createStorage(config: Config): Storage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(config.storageDir);
}
