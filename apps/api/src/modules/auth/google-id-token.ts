import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

/** Google signs ID tokens with either spelling of its issuer. */
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export interface GoogleIdentity {
  email: string;
  name: string;
}

export interface GoogleIdTokenVerifier {
  /** The verified identity, or throws when the token is forged, expired, for another app or unverified. */
  verify(idToken: string, now: Date): Promise<GoogleIdentity>;
}

/**
 * Verifies a Google ID token: signature against Google's published keys (fetched from
 * `jwksUrl` and cached by jose, or a key set at hand: the sandbox's), audience = our client id,
 * issuer, expiry, and a verified e-mail.
 */
export function createGoogleIdTokenVerifier(
  options: { clientId: string } & ({ jwksUrl: string } | { keys: JWTVerifyGetKey }),
): GoogleIdTokenVerifier {
  const keys =
    'keys' in options ? options.keys : createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
  return {
    async verify(idToken, now) {
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: GOOGLE_ISSUERS,
        audience: options.clientId,
        algorithms: ['RS256'],
        currentDate: now,
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
      // Google sent the claim as a string in older tokens.
      const verified = payload.email_verified === true || payload.email_verified === 'true';
      if (!email || !verified) throw new Error('the Google account has no verified e-mail');
      const name = typeof payload.name === 'string' ? payload.name.slice(0, 200) : '';
      return { email, name };
    },
  };
}
