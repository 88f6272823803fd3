import type { Config } from '../app/config.ts';
import { createDiskStorage } from './disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

export type { Storage, StoredObject } from './storage.ts';

export function createStorage(config: Config): Storage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(config.storageDir);
}
