import { createHash, randomBytes } from 'node:crypto';

/** The only form in which a secret token is stored: a leaked table reveals no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 random bits, URL-safe; returned once to the client and never stored in the clear. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}
