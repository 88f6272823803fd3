import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { emailVerifications, passwordResets, users, type NewUser, type User } from '../../db/schema.ts';

export async function findUserByEmail(db: DbOrTx, email: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts the user, or returns undefined when the e-mail is taken (also under a race). */
export async function insertUserIfNew(db: DbOrTx, values: NewUser): Promise<User | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

/**
 * Counts a failed password and locks the account when the count reaches `maxFailures`; the
 * count restarts after a lock. One statement, so parallel attempts cannot lose a count.
 */
export async function recordFailedLogin(
  db: DbOrTx,
  userId: string,
  maxFailures: number,
  lockUntil: Date,
): Promise<{ locked: boolean }> {
  const reachesLimit = sql`${users.failedLoginCount} + 1 >= ${maxFailures}`;
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`case when ${reachesLimit} then 0 else ${users.failedLoginCount} + 1 end`,
      lockedUntil: sql`case when ${reachesLimit} then ${lockUntil.toISOString()}::timestamptz else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.lockedUntil });
  return { locked: Boolean(row?.lockedUntil && row.lockedUntil.getTime() === lockUntil.getTime()) };
}

export async function clearFailedLogins(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
}

// --- e-mail verification links ---

export async function insertEmailVerification(
  db: DbOrTx,
  values: { userId: string; email: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  // Expired links of the user are dropped on the way, so the table does not grow.
  await db
    .delete(emailVerifications)
    .where(
      and(eq(emailVerifications.userId, values.userId), lt(emailVerifications.expiresAt, values.createdAt)),
    );
  await db.insert(emailVerifications).values(values);
}

export async function latestEmailVerificationAt(db: DbOrTx, userId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: emailVerifications.createdAt })
    .from(emailVerifications)
    .where(eq(emailVerifications.userId, userId))
    .orderBy(desc(emailVerifications.createdAt))
    .limit(1);
  return row?.createdAt;
}

/** Removes and returns the link, so two requests with the same link cannot both use it. */
export async function takeEmailVerification(db: DbOrTx, userId: string, tokenHash: string) {
  const [row] = await db
    .delete(emailVerifications)
    .where(and(eq(emailVerifications.userId, userId), eq(emailVerifications.tokenHash, tokenHash)))
    .returning();
  return row;
}

export async function deleteEmailVerifications(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
}

export async function markEmailVerified(db: DbOrTx, userId: string, now: Date): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

// --- password reset links ---

export async function insertPasswordReset(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, values.userId), lt(passwordResets.expiresAt, values.createdAt)));
  await db.insert(passwordResets).values(values);
}

export async function latestPasswordResetAt(db: DbOrTx, userId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: passwordResets.createdAt })
    .from(passwordResets)
    .where(eq(passwordResets.userId, userId))
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  return row?.createdAt;
}

export async function findPasswordReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function takePasswordReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db.delete(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).returning();
  return row;
}

export async function deletePasswordResets(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
}

/**
 * Marks the address proven by a sign-in with Google and drops any password set before the
 * address was proven: whoever set it never showed they own the mailbox.
 */
export async function verifyThroughIdentityProvider(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: now, passwordHash: null, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Sets a new password, unlocks the account, and marks the address proven (the link reached it). */
export async function setPassword(
  db: DbOrTx,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      failedLoginCount: 0,
      lockedUntil: null,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
