import { buffer } from 'node:stream/consumers';
import type { ImageWidth } from '@substytut/shared/storage';
import sharp from 'sharp';
import type { Storage, StoredObject } from './storage.ts';

const RESIZABLE = new Set(['image/webp', 'image/jpeg', 'image/png']);

/** Where the copy of `key` at `width` is kept once made. */
export function resizedKey(key: string, width: ImageWidth): string {
  return `resized/w${width}/${key}`;
}

/**
 * A stored photo at most `width` pixels wide, as WebP: made from the photo on first request and
 * kept in storage, so every later request is a plain read. null when there is no such photo
 * (other files are not resized).
 */
export async function resizedImage(
  storage: Storage,
  key: string,
  width: ImageWidth,
): Promise<StoredObject | null> {
  const target = resizedKey(key, width);
  const kept = await storage.get(target);
  if (kept) return kept;

  const original = await storage.get(key);
  if (!original) return null;
  if (!RESIZABLE.has(original.contentType)) {
    original.body.destroy();
    return null;
  }
  // Stored photos were decoded and re-encoded at upload (uploads.ts), so they are small.
  const bytes = await sharp(await buffer(original.body))
    .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  await storage.put(target, bytes, 'image/webp');
  return storage.get(target);
}
