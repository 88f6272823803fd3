import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertValidStorageKey, contentTypeForKey, storageUrl, type Storage } from './storage.ts';

export interface S3StorageConfig {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Any S3-compatible store. Objects stay private; the app streams them under /storage/ so URLs,
 * caching headers and the Content-Security-Policy are the same as with disk storage.
 */
export function createS3Storage(config: S3StorageConfig, client?: S3Client): Storage {
  const s3 =
    client ??
    new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      // Path-style addressing works with MinIO, R2, and other S3-compatible stores.
      forcePathStyle: true,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    });

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertValidStorageKey(key);
      await s3.send(
        new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      assertValidStorageKey(key);
      try {
        const result = await s3.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        if (!result.Body) return null;
        return {
          body: result.Body as Readable,
          contentType: result.ContentType ?? contentTypeForKey(key),
          size: result.ContentLength,
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      assertValidStorageKey(key);
      await s3.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    url: storageUrl,
  };
}
