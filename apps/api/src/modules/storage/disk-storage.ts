import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertValidStorageKey, contentTypeForKey, storageUrl, type Storage } from './storage.ts';

/**
 * Files under DATA_DIR/storage. The content type comes from the key's extension, which the app
 * chooses when it stores a file, so nothing else needs to be kept beside the bytes.
 */
export function createDiskStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);

  function fileFor(key: string): string {
    assertValidStorageKey(key);
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error('storage key escapes the root');
    return file;
  }

  return {
    kind: 'disk',
    async put(key, bytes) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees a half-written file.
      const temporary = `${file}.${randomUUID()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    },
    async get(key) {
      const file = fileFor(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { body: createReadStream(file), contentType: contentTypeForKey(key), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
    url: storageUrl,
  };
}
