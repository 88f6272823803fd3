import { createHash } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import {
  GOOGLE_ISSUERS,
  createGoogleIdTokenVerifier,
  type GoogleIdTokenVerifier,
} from './google-id-token.ts';

/** The audience of the sandbox's tokens; no Google project has this id. */
export const SANDBOX_GOOGLE_CLIENT_ID = 'sandbox.substytut.local';

const KEY_ID = 'substytut-sandbox';
const TOKEN_LIFETIME_S = 10 * 60;

export interface GoogleSandbox {
  verifier: GoogleIdTokenVerifier;
  /** An ID token for the address, signed as Google would sign it, for the sandbox's sign-in. */
  signIn(identity: { email: string; name: string }, now: Date): Promise<string>;
}

/**
 * The embedded stand-in for Google sign-in (GOOGLE_CLIENT_ID unset, outside production): a key
 * pair signs ID tokens shaped like Google's, and the real verifier checks them against its public
 * half. Everything after the token (account creation and linking, the session) is the code Google's
 * tokens go through. The key pair is made on first use, not at start: an RSA key pair is the
 * costliest step of registering the auth routes, and on a loaded machine it ran past Fastify's
 * time limit for a plugin (decision 072).
 */
async function makeKeys() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  return { privateKey, keys: createLocalJWKSet({ keys: [jwk] }) };
}

export function createGoogleSandbox(): GoogleSandbox {
  let made: ReturnType<typeof makeKeys> | undefined;
  const keyMaterial = () => (made ??= makeKeys());
  const verifier = createGoogleIdTokenVerifier({
    clientId: SANDBOX_GOOGLE_CLIENT_ID,
    keys: async (header, token) => (await keyMaterial()).keys(header, token),
  });
  return {
    verifier,
    async signIn({ email, name }, now) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      // Google's subject is a stable account number; the address's hash is one here.
      const subject = createHash('sha256').update(email).digest('hex').slice(0, 21);
      return new SignJWT({ email, email_verified: true, name })
        .setProtectedHeader({ alg: 'RS256', kid: KEY_ID })
        .setIssuer(GOOGLE_ISSUERS[1]!)
        .setAudience(SANDBOX_GOOGLE_CLIENT_ID)
        .setSubject(subject)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + TOKEN_LIFETIME_S)
        .sign((await keyMaterial()).privateKey);
    },
  };
}
