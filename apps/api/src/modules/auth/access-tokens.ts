import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accessTokens, users } from '../../db/schema.ts';
import type { AuthenticatedUser } from '../app/authenticate.ts';
import { hashToken, newSecretToken } from '../app/token-crypto.ts';

/** How long a login stays valid without being used again. */
export const ACCESS_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Touching last_used_at on every request would turn each read into a write; once a minute is enough.
const LAST_USED_RESOLUTION_MS = 60 * 1000;

export async function issueAccessToken(db: DbOrTx, userId: string, now: Date): Promise<string> {
  const token = newSecretToken();
  await db.insert(accessTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_MS),
    lastUsedAt: now,
    createdAt: now,
  });
  return token;
}

/** The user a bearer token belongs to, or null for an unknown, revoked or expired token. */
export async function findUserByToken(
  db: DbOrTx,
  token: string,
  now: Date,
): Promise<AuthenticatedUser | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      tokenId: accessTokens.id,
      lastUsedAt: accessTokens.lastUsedAt,
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      emailVerifiedAt: users.emailVerifiedAt,
      locale: users.locale,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, tokenHash),
        or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now)),
      ),
    )
    .limit(1);
  if (!row) return null;

  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db
      .update(accessTokens)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_MS) })
      .where(eq(accessTokens.id, row.tokenId));
  }
  const { tokenId: _tokenId, lastUsedAt: _lastUsedAt, ...user } = row;
  return user;
}

export async function revokeAccessToken(db: DbOrTx, token: string): Promise<void> {
  await db.delete(accessTokens).where(eq(accessTokens.tokenHash, hashToken(token)));
}

export async function revokeAllAccessTokens(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(accessTokens).where(eq(accessTokens.userId, userId));
}
