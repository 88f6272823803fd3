import type { Db, Tx } from '../../db/client.ts';
import type { User } from '../../db/schema.ts';
import type { BackgroundTasks } from '../app/background.ts';
import type { Clock } from '../app/clock.ts';
import type { Config } from '../app/config.ts';
import type { Locale } from '@substytut/shared/locale';
import { assertHuman, type BotCheck } from '../bot-check/index.ts';
import {
  failedLoginsMail,
  registrationAttemptMail,
  resetPasswordMail,
  verifyEmailMail,
  type MailContext,
  type Mailer,
} from '../mail/index.ts';
import type { AuthenticatedUser } from '../app/authenticate.ts';
import { hashToken, newSecretToken } from '../app/token-crypto.ts';
import { issueAccessToken, revokeAccessToken, revokeAllAccessTokens } from './access-tokens.ts';
import { authErrors } from './auth.errors.ts';
import { myDataErrors } from '../my-data/index.ts';
import { throttleAddressOf } from './client-address.ts';
import * as repo from './auth.repo.ts';
import type { AuthResult, SuccessResult, UserResponse } from './auth.schemas.ts';
import type { GoogleIdTokenVerifier } from './google-id-token.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

const MINUTE = 60_000;
/** Verification links expire after a day; reset links after an hour. */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * MINUTE;
export const PASSWORD_RESET_TTL_MS = 60 * MINUTE;
/** At most one verification mail per user in this window (login of an unverified account resends). */
export const VERIFICATION_RESEND_INTERVAL_MS = 5 * MINUTE;
/** At most one reset mail per user in this window; the earlier link stays valid meanwhile. */
export const PASSWORD_RESET_RESEND_INTERVAL_MS = MINUTE;
/**
 * Wrong passwords are counted per account and client address (decision 014): the 5th failure of
 * a pair makes it wait 1 minute, the next ones 2, 4, 8 and at most 15 minutes before each further
 * try. Other addresses, the owner's among them, are not slowed down.
 */
export const LOGIN_THROTTLE: repo.LoginThrottlePolicy = {
  delayFromFailure: 5,
  firstDelayMs: MINUTE,
  maxDelayMs: 15 * MINUTE,
  memoryMs: 24 * 60 * MINUTE,
};
/** The owner is mailed when the account sees this many wrong passwords in a day, at most once a day. */
export const FAILED_LOGIN_ALERT_AFTER = 10;
export const FAILED_LOGIN_ALERT_INTERVAL_MS = 24 * 60 * MINUTE;

const messages = {
  registered: {
    pl: 'Konto zostało utworzone. Sprawdź skrzynkę e-mail i kliknij link aktywacyjny.',
    en: 'Your account has been created. Check your inbox and click the activation link.',
  },
  loggedIn: { pl: 'Zalogowano pomyślnie', en: 'Logged in successfully' },
  verified: { pl: 'Twoje konto jest już aktywne', en: 'Your account is now active' },
  resetRequested: {
    pl: 'Jeśli konto z tym adresem istnieje, wysłaliśmy na nie link do zmiany hasła.',
    en: 'If an account with this address exists, we have sent it a password reset link.',
  },
  passwordReset: {
    pl: 'Hasło zostało zmienione. Możesz się teraz zalogować.',
    en: 'Your password has been changed. You can now log in.',
  },
  loggedOut: { pl: 'Wylogowano', en: 'Logged out' },
} satisfies Record<string, Record<Locale, string>>;

export interface AuthDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'supportEmail'>;
  clock: Clock;
  mailer: Mailer;
  botCheck: BotCheck;
  /** null when GOOGLE_CLIENT_ID is unset (and no sandbox stands in) */
  google: GoogleIdTokenVerifier | null;
  /** true when `google` is the sandbox's stand-in, which signs in as any address */
  googleIsSandbox: boolean;
  background: BackgroundTasks;
}

/** Who is asking: the language for answers and mails, and the address for the bot check and the login throttle. */
export interface RequestContext {
  locale: Locale;
  ip?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toUserResponse(
  user: Pick<User, 'id' | 'email' | 'name' | 'role' | 'emailVerifiedAt'>,
): UserResponse {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    // Only 'admin' opens anything (requireAdmin); the column holds nothing else but 'user'.
    role: user.role === 'admin' ? 'admin' : 'user',
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
  };
}

function mailContext(deps: AuthDeps): MailContext {
  return { publicUrl: deps.config.publicUrl, supportEmail: deps.config.supportEmail };
}

/** Creates a verification link and queues its mail in the caller's transaction. */
async function sendVerification(
  deps: AuthDeps,
  tx: Tx,
  user: Pick<User, 'id' | 'email' | 'locale'>,
  now: Date,
) {
  const token = newSecretToken();
  await repo.insertEmailVerification(tx, {
    userId: user.id,
    email: user.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS),
    createdAt: now,
  });
  await deps.mailer.enqueue(
    verifyEmailMail({ locale: user.locale, to: user.email, userId: user.id, token }, mailContext(deps)),
    tx,
  );
}

export async function register(
  deps: AuthDeps,
  input: { email: string; password: string; 'cf-turnstile-response': string },
  context: RequestContext,
): Promise<SuccessResult> {
  await assertHuman(deps.botCheck, input['cf-turnstile-response'], context.ip);
  // A taken address answers exactly like a new one, so registration tells nobody which addresses
  // have accounts; its owner gets a mail instead. Both paths hash the password and queue one mail
  // in one transaction, so they take about the same time (bench/auth).
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const user = await repo.insertUserIfNew(tx, {
      email: input.email,
      passwordHash,
      locale: context.locale,
      createdAt: now,
      updatedAt: now,
    });
    if (user) return sendVerification(deps, tx, user, now);
    const owner = await repo.findUserByEmail(tx, input.email);
    if (!owner) return;
    await deps.mailer.enqueue(
      registrationAttemptMail({ locale: context.locale, to: owner.email }, mailContext(deps)),
      tx,
    );
  });
  return { success: true, message: messages.registered[context.locale] };
}

export async function verifyEmail(
  deps: AuthDeps,
  input: { id: string; hash: string },
  context: RequestContext,
): Promise<AuthResult> {
  if (!UUID.test(input.id) || !input.hash) throw authErrors.verificationInvalid();
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const link = await repo.takeEmailVerification(tx, input.id, hashToken(input.hash));
    if (!link || link.expiresAt.getTime() <= now.getTime()) throw authErrors.verificationInvalid();
    const current = await repo.findUserById(tx, link.userId);
    if (!current || current.email !== link.email) throw authErrors.verificationInvalid();
    const user = await repo.markEmailVerified(tx, current.id, now);
    if (!user) throw authErrors.verificationInvalid();
    // Any other link still in the mailbox is now pointless; single use covers all of them.
    await repo.deleteEmailVerifications(tx, user.id);
    const token = await issueAccessToken(tx, user.id, now);
    return { token, user: toUserResponse(user), message: messages.verified[context.locale] };
  });
}

export async function login(
  deps: AuthDeps,
  input: { email: string; password: string; 'cf-turnstile-response': string },
  context: RequestContext,
): Promise<AuthResult> {
  await assertHuman(deps.botCheck, input['cf-turnstile-response'], context.ip);
  const user = await repo.findUserByEmail(deps.db, input.email);
  if (!user || !user.passwordHash) {
    await verifyPassword(null, input.password);
    throw authErrors.invalidCredentials();
  }
  const address = throttleAddressOf(context.ip ?? 'unknown');
  const now = deps.clock.now();
  // A slowed-down pair costs no argon2 work, and even the right password waits: this address
  // might be guessing it. Every other address, the owner's, is unaffected.
  if (await repo.loginBlockedUntil(deps.db, user.id, address, now)) throw authErrors.accountLocked();
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const { blockedUntil } = await repo.recordFailedLogin(deps.db, user.id, address, now, LOGIN_THROTTLE);
    await alertOwnerOfFailedLogins(deps, user, now);
    throw blockedUntil ? authErrors.accountLocked() : authErrors.invalidCredentials();
  }
  await repo.clearFailedLogins(deps.db, user.id, address);

  if (!user.emailVerifiedAt) {
    await deps.db.transaction(async (tx) => {
      const last = await repo.latestEmailVerificationAt(tx, user.id);
      if (last && now.getTime() - last.getTime() < VERIFICATION_RESEND_INTERVAL_MS) return;
      await sendVerification(deps, tx, user, now);
    });
    throw authErrors.emailNotVerified();
  }

  const token = await issueAccessToken(deps.db, user.id, now);
  return { token, user: toUserResponse(user), message: messages.loggedIn[context.locale] };
}

/** Mails the owner when wrong passwords pile up on the account, from any addresses, once a day at most. */
async function alertOwnerOfFailedLogins(deps: AuthDeps, user: User, now: Date) {
  const since = new Date(now.getTime() - FAILED_LOGIN_ALERT_INTERVAL_MS);
  if ((await repo.recentFailedLogins(deps.db, user.id, since)) < FAILED_LOGIN_ALERT_AFTER) return;
  await deps.db.transaction(async (tx) => {
    if (!(await repo.claimLoginAlert(tx, user.id, now, since))) return;
    await deps.mailer.enqueue(
      failedLoginsMail({ locale: user.locale, to: user.email }, mailContext(deps)),
      tx,
    );
  });
}

export async function loginWithGoogle(
  deps: AuthDeps,
  input: { token: string },
  context: RequestContext,
): Promise<AuthResult> {
  if (!deps.google) throw authErrors.googleDisabled();
  const now = deps.clock.now();
  let identity;
  try {
    identity = await deps.google.verify(input.token, now);
  } catch {
    throw authErrors.googleInvalid();
  }
  const { email, name } = identity;
  return deps.db.transaction(async (tx) => {
    let user = await repo.insertUserIfNew(tx, {
      email,
      name,
      passwordHash: null,
      emailVerifiedAt: now,
      locale: context.locale,
      createdAt: now,
      updatedAt: now,
    });
    if (!user) {
      const existing = await repo.findUserByEmail(tx, email);
      if (!existing) throw authErrors.googleInvalid();
      if (deps.googleIsSandbox && existing.role === 'admin') throw authErrors.googleSandboxAdmin();
      user = existing;
      if (!existing.emailVerifiedAt) {
        // Whoever registered this address never proved they own it; Google just proved that this
        // visitor does.
        const updated = await repo.verifyThroughIdentityProvider(tx, existing.id, now);
        await repo.deleteEmailVerifications(tx, existing.id);
        user = updated ?? existing;
      }
    }
    const token = await issueAccessToken(tx, user.id, now);
    return { token, user: toUserResponse(user), message: messages.loggedIn[context.locale] };
  });
}

export async function requestPasswordReset(
  deps: AuthDeps,
  input: { email: string; locale?: Locale | undefined },
  context: RequestContext,
): Promise<SuccessResult> {
  // The answer leaves before the address is even looked up: whether it has an account changes
  // neither the answer nor its timing.
  deps.background.run('password reset mail', () => sendPasswordReset(deps, input.email, input.locale));
  return { success: true, message: messages.resetRequested[context.locale] };
}

async function sendPasswordReset(deps: AuthDeps, email: string, locale: Locale | undefined) {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) return;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const last = await repo.latestPasswordResetAt(tx, user.id);
    if (last && now.getTime() - last.getTime() < PASSWORD_RESET_RESEND_INTERVAL_MS) return;
    const token = newSecretToken();
    await repo.insertPasswordReset(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
      createdAt: now,
    });
    await deps.mailer.enqueue(
      resetPasswordMail({ locale: locale ?? user.locale, to: user.email, token }, mailContext(deps)),
      tx,
    );
  });
}

export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; email: string; password: string },
  context: RequestContext,
): Promise<SuccessResult> {
  const tokenHash = hashToken(input.token);
  const now = deps.clock.now();
  const isUsable = (link: { expiresAt: Date } | undefined) =>
    Boolean(link && link.expiresAt.getTime() > now.getTime());

  // Checked before hashing, so a wrong link costs no argon2 work.
  if (!isUsable(await repo.findPasswordReset(deps.db, tokenHash))) throw authErrors.resetInvalid();
  const passwordHash = await hashPassword(input.password);

  await deps.db.transaction(async (tx) => {
    const link = await repo.takePasswordReset(tx, tokenHash);
    if (!link || !isUsable(link)) throw authErrors.resetInvalid();
    const user = await repo.findUserById(tx, link.userId);
    if (!user || user.email !== input.email.toLowerCase()) throw authErrors.resetInvalid();
    await repo.setPassword(tx, user.id, passwordHash, now);
    await repo.deletePasswordResets(tx, user.id);
    // The owner proved the mailbox: no address stays slowed down on the old password's account.
    await repo.clearFailedLogins(tx, user.id);
    // Whoever knew the old password must not stay signed in.
    await revokeAllAccessTokens(tx, user.id);
  });
  return { success: true, message: messages.passwordReset[context.locale] };
}

export async function logout(deps: Pick<AuthDeps, 'db'>, token: string, context: RequestContext) {
  await revokeAccessToken(deps.db, token);
  return { success: true as const, message: messages.loggedOut[context.locale] };
}

export function me(user: AuthenticatedUser): UserResponse {
  return toUserResponse(user);
}

/**
 * The owner proves it is them again before something that cannot be undone (deleting the account):
 * the password, or, for an account without one, a fresh Google sign-in to the same address.
 * Wrong passwords count in the login throttle like a login's.
 */
export async function confirmIdentity(
  deps: AuthDeps,
  user: AuthenticatedUser,
  input: { password?: string | undefined; google_token?: string | undefined },
  context: RequestContext,
): Promise<void> {
  const row = await repo.findUserById(deps.db, user.id);
  if (!row) throw authErrors.invalidCredentials();
  const now = deps.clock.now();
  if (input.password !== undefined && row.passwordHash) {
    const address = throttleAddressOf(context.ip ?? 'unknown');
    if (await repo.loginBlockedUntil(deps.db, row.id, address, now)) throw authErrors.accountLocked();
    if (!(await verifyPassword(row.passwordHash, input.password))) {
      await repo.recordFailedLogin(deps.db, row.id, address, now, LOGIN_THROTTLE);
      throw myDataErrors.wrongPassword();
    }
    return;
  }
  if (input.google_token !== undefined && deps.google) {
    let identity;
    try {
      identity = await deps.google.verify(input.google_token, now);
    } catch {
      throw authErrors.googleInvalid();
    }
    if (identity.email.toLowerCase() !== row.email) throw myDataErrors.googleMismatch();
    return;
  }
  throw myDataErrors.confirmationRequired();
}
