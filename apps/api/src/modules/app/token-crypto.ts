import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** The only form in which a secret token is stored: a leaked table reveals no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 random bits, URL-safe; returned once to the client and never stored in the clear. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

const SEALED_PREFIX = 'v1';

/**
 * Seals a secret that must be read back later (a lawyer's KSeF token) with AES-256-GCM under the
 * server's key: a leaked table or backup reveals nothing without SECRETS_KEY, and a changed
 * ciphertext fails to open instead of yielding a wrong token.
 * Format: v1.<iv>.<tag>.<ciphertext>, base64url parts.
 */
export function sealSecret(plain: string, key: Buffer): string {
  if (key.length !== 32) throw new RangeError('The secrets key must be 32 bytes');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [SEALED_PREFIX, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Opens what sealSecret made; throws on a wrong key or any tampering. */
export function openSecret(sealed: string, key: Buffer): string {
  const [prefix, iv, tag, body, ...rest] = sealed.split('.');
  if (prefix !== SEALED_PREFIX || !iv || !tag || body === undefined || rest.length > 0) {
    throw new Error('Not a sealed secret');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
