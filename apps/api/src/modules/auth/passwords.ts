import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults; `algorithm` stays unset on purpose (argon2id is the
// default, and the library's const enum breaks isolatedModules).

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown e-mail, or an account that
 * only signs in with Google) a throwaway hash is checked instead, so the answer takes about as
 * long as for a wrong password and timing does not tell which e-mails have accounts.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash must not turn into a 500 that differs from a wrong password.
    return false;
  }
}
