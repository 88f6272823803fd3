import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createDiskStorage } from './disk-storage.ts';
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
