import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { IMAGE_WIDTHS } from '@substytut/shared/storage';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createDiskStorage } from './disk-storage.ts';
import { resizedKey } from './resized-image.ts';
import { InvalidStorageKeyError, isValidStorageKey } from './storage.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('disk storage', () => {
  it('stores, reads, serves and deletes a file under DATA_DIR/storage', async () => {
    const { storage } = t.app;
    expect(storage.kind).toBe('disk');
    await storage.put('avatars/abc-123.png', png, 'image/png');
    expect(readFileSync(path.join(t.dataDir, 'storage', 'avatars', 'abc-123.png'))).toEqual(png);

    const object = await storage.get('avatars/abc-123.png');
    expect(object?.contentType).toBe('image/png');
    expect(object?.size).toBe(png.length);
    expect(storage.url('avatars/abc-123.png')).toBe('/storage/avatars/abc-123.png');

    const response = await t.app.inject({ method: 'GET', url: '/storage/avatars/abc-123.png' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(png);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain('sandbox');

    await storage.delete('avatars/abc-123.png');
    await storage.delete('avatars/abc-123.png');
    expect(await storage.get('avatars/abc-123.png')).toBeNull();
    const gone = await t.app.inject({ method: 'GET', url: '/storage/avatars/abc-123.png' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('errors.not_found');
  });

  it('replaces a file atomically', async () => {
    await t.app.storage.put('cv/x.txt', Buffer.from('one'), 'text/plain');
    await t.app.storage.put('cv/x.txt', Buffer.from('two'), 'text/plain');
    const object = await t.app.storage.get('cv/x.txt');
    expect(await text(object!.body)).toBe('two');
  });

  it('refuses keys that could leave the storage folder', async () => {
    const storage = createDiskStorage(path.join(t.dataDir, 'storage'));
    for (const key of [
      '../secret.txt',
      'a/../../secret.txt',
      '/etc/passwd',
      'a//b',
      '.hidden',
      'a/./b',
      '',
      'a\\b',
      'a b',
    ]) {
      expect(isValidStorageKey(key), key).toBe(false);
      await expect(storage.put(key, png, 'image/png'), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(existsSync(path.join(t.dataDir, 'secret.txt'))).toBe(false);
  });

  it('does not serve files outside the storage folder or list directories', async () => {
    writeFileSync(path.join(t.dataDir, 'outside.txt'), 'outside secret');
    await t.app.storage.put('docs/inside.txt', Buffer.from('inside'), 'text/plain');
    for (const url of [
      '/storage/../outside.txt',
      '/storage/..%2foutside.txt',
      '/storage/docs/..%2f..%2foutside.txt',
      '/storage/%2e%2e/outside.txt',
      '/storage/docs',
      '/storage/docs/',
      '/storage/',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('outside secret');
      expect(response.body, url).not.toContain('inside.txt');
    }
  });
});

describe('smaller copies of stored photos (?w=)', () => {
  const photo = () =>
    sharp({ create: { width: 1000, height: 800, channels: 3, background: { r: 40, g: 90, b: 160 } } })
      .webp()
      .toBuffer();

  it('serves a photo at each offered width, made once and then read from storage', async () => {
    await t.app.storage.put('avatars/resize-me.webp', await photo(), 'image/webp');
    for (const width of IMAGE_WIDTHS) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/storage/avatars/resize-me.webp?w=${width}`,
      });
      expect(response.statusCode, String(width)).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const size = await sharp(response.rawPayload).metadata();
      expect([size.width, size.height], String(width)).toEqual([width, Math.round((width * 800) / 1000)]);
      expect(await t.app.storage.get(resizedKey('avatars/resize-me.webp', width))).not.toBeNull();
    }

    // A kept copy is served as it is, without going back to the photo.
    await t.app.storage.put(resizedKey('avatars/resize-me.webp', 192), png, 'image/png');
    const kept = await t.app.inject({ method: 'GET', url: '/storage/avatars/resize-me.webp?w=192' });
    expect(kept.rawPayload).toEqual(png);
    const original = await t.app.inject({ method: 'GET', url: '/storage/avatars/resize-me.webp' });
    expect((await sharp(original.rawPayload).metadata()).width).toBe(1000);
  });

  it('never enlarges a small photo', async () => {
    const small = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    await t.app.storage.put('avatars/small.png', small, 'image/png');
    const response = await t.app.inject({ method: 'GET', url: '/storage/avatars/small.png?w=768' });
    expect((await sharp(response.rawPayload).metadata()).width).toBe(300);
  });

  it('refuses other widths, and resizes nothing but photos', async () => {
    await t.app.storage.put('avatars/other.webp', await photo(), 'image/webp');
    for (const w of ['100', '0', '-192', '192.0', '1e3', 'abc', '', '192&w=384']) {
      const response = await t.app.inject({ method: 'GET', url: `/storage/avatars/other.webp?w=${w}` });
      expect(response.statusCode, w).toBe(400);
      expect(response.json().code, w).toBe('storage.width_not_offered');
    }
    expect(await t.app.storage.get(resizedKey('avatars/other.webp', 192))).toBeNull();
    const polish = await t.app.inject({ method: 'GET', url: '/storage/avatars/other.webp?w=100' });
    expect(polish.json().message).toBe('Zdjęcie jest dostępne tylko w szerokościach 192, 384 i 768 pikseli');
    const english = await t.app.inject({
      method: 'GET',
      url: '/storage/avatars/other.webp?w=100',
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().message).toBe('A photo is offered only 192, 384, and 768 pixels wide');

    await t.app.storage.put('cv/letter.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    const pdf = await t.app.inject({ method: 'GET', url: '/storage/cv/letter.pdf?w=192' });
    expect(pdf.statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'GET', url: '/storage/avatars/none.webp?w=192' });
    expect(missing.statusCode).toBe(404);
  });
});
