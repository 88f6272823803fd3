import { and, desc, eq, gt, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  emailVerifications,
  loginThrottles,
  passwordResets,
  users,
  type NewUser,
  type User,
} from '../../db/schema.ts';

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

// --- failed logins per account and client address ---

export interface LoginThrottlePolicy {
  /** the failure of a pair that brings the first delay */
  delayFromFailure: number;
  /** that first delay; it doubles with each further failure */
  firstDelayMs: number;
  maxDelayMs: number;
  /** a pair whose last failure is older than this starts counting again */
  memoryMs: number;
}

/** Until when the pair may not try again, if it is slowed down right now. */
export async function loginBlockedUntil(
  db: DbOrTx,
  userId: string,
  clientAddress: string,
  now: Date,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ blockedUntil: loginThrottles.blockedUntil })
    .from(loginThrottles)
    .where(
      and(
        eq(loginThrottles.userId, userId),
        eq(loginThrottles.clientAddress, clientAddress),
        gt(loginThrottles.blockedUntil, now),
      ),
    );
  return row?.blockedUntil ?? undefined;
}

/**
 * Counts a failed password of the pair and, from the policy's failure on, blocks the pair for a
 * delay that doubles with each failure up to the cap. One upsert, so parallel attempts on several
 * instances never lose a count.
 */
export async function recordFailedLogin(
  db: DbOrTx,
  userId: string,
  clientAddress: string,
  now: Date,
  policy: LoginThrottlePolicy,
): Promise<{ failures: number; blockedUntil: Date | null }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const failures = sql`case when ${loginThrottles.lastFailureAt} < ${at} - ${policy.memoryMs} * interval '1 millisecond'
    then 1 else ${loginThrottles.failures} + 1 end`;
  const blockFor = (count: SQL) => sql`case when ${count} >= ${policy.delayFromFailure}
    then ${at} + least(power(2, least(${count} - ${policy.delayFromFailure}, 30)) * ${policy.firstDelayMs}, ${policy.maxDelayMs}) * interval '1 millisecond'
    end`;
  const [row] = await db
    .insert(loginThrottles)
    .values({ userId, clientAddress, failures: 1, lastFailureAt: now, blockedUntil: sql`${blockFor(sql`1`)}` })
    .onConflictDoUpdate({
      target: [loginThrottles.userId, loginThrottles.clientAddress],
      set: { failures, lastFailureAt: now, blockedUntil: blockFor(failures) },
    })
    .returning({ failures: loginThrottles.failures, blockedUntil: loginThrottles.blockedUntil });
  return { failures: row!.failures, blockedUntil: row!.blockedUntil };
}

/** Failed passwords of the account from every address since `since`. */
export async function recentFailedLogins(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${loginThrottles.failures}), 0)::int` })
    .from(loginThrottles)
    .where(and(eq(loginThrottles.userId, userId), gt(loginThrottles.lastFailureAt, since)));
  return row?.total ?? 0;
}

/** Forgets the failures of one pair (its right password) or of every pair (a new password). */
export async function clearFailedLogins(db: DbOrTx, userId: string, clientAddress?: string): Promise<void> {
  await db
    .delete(loginThrottles)
    .where(
      clientAddress === undefined
        ? eq(loginThrottles.userId, userId)
        : and(eq(loginThrottles.userId, userId), eq(loginThrottles.clientAddress, clientAddress)),
    );
}

/** Marks the failed-login alert sent, unless one was sent after `notBefore`; true when marked. */
export async function claimLoginAlert(db: DbOrTx, userId: string, now: Date, notBefore: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ loginAlertSentAt: now })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.loginAlertSentAt), lte(users.loginAlertSentAt, notBefore)),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
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

/** Sets a new password and marks the address proven (the link reached it). */
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
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
