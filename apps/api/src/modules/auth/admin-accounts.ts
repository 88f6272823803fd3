import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, type User } from '../../db/schema.ts';
import { clearFailedLogins, findUserByEmail } from './auth.repo.ts';
import { hashPassword } from './passwords.ts';

export interface EnsureAdminInput {
  email: string;
  /** required for a new account; for an existing one it replaces the password when given */
  password?: string | undefined;
  name?: string;
}

export type EnsureAdminResult = { action: 'created' | 'promoted' | 'unchanged'; user: User };

export class MissingPasswordError extends Error {
  constructor(email: string) {
    super(`${email} has no account yet: give --password to create one`);
    this.name = 'MissingPasswordError';
  }
}

/**
 * Creates an administrator with a verified e-mail, or promotes (and verifies) an existing user.
 * Used by `npm run create-admin` and by the demo seed.
 */
export async function ensureAdmin(
  db: DbOrTx,
  input: EnsureAdminInput,
  now: Date,
): Promise<EnsureAdminResult> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  const existing = await findUserByEmail(db, email);
  if (!existing) {
    if (!passwordHash) throw new MissingPasswordError(email);
    const [user] = await db
      .insert(users)
      .values({
        email,
        name: input.name ?? '',
        passwordHash,
        role: 'admin',
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { action: 'created', user: user! };
  }
  const unchanged = existing.role === 'admin' && existing.emailVerifiedAt !== null && !passwordHash;
  if (unchanged) return { action: 'unchanged', user: existing };
  const [user] = await db
    .update(users)
    .set({
      role: 'admin',
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      ...(passwordHash ? { passwordHash } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, existing.id))
    .returning();
  // A new password starts every address afresh, as a reset does.
  if (passwordHash) await clearFailedLogins(db, existing.id);
  return { action: existing.role === 'admin' ? 'unchanged' : 'promoted', user: user! };
}
