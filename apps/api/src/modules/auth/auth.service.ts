import type { Db, Tx } from '../../db/client.ts';
import type { User } from '../../db/schema.ts';
import type { Clock } from '../app/clock.ts';
import type { Config } from '../app/config.ts';
import type { Locale } from '../app/messages.ts';
import { assertHuman, type BotCheck } from '../bot-check/index.ts';
import type { Mailer } from '../mail/index.ts';
import { resetPasswordMail, verifyEmailMail, type MailContext } from '../mail/templates/index.ts';
import {
  hashToken,
  issueAccessToken,
  newSecretToken,
  revokeAccessToken,
  revokeAllAccessTokens,
  type AuthenticatedUser,
} from './access-tokens.ts';
import { authErrors } from './auth.errors.ts';
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
/** Wrong passwords in a row that lock an account, and for how long. */
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MS = 15 * MINUTE;

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
}

/** Who is asking: the language for answers and mails, and the address for the bot check. */
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
    role: user.role,
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
  // Hashed before the insert so a taken e-mail answers no faster than a new one.
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
    if (!user) throw authErrors.emailTaken();
    await sendVerification(deps, tx, user, now);
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
  if (user.lockedUntil && user.lockedUntil.getTime() > deps.clock.now().getTime()) {
    throw authErrors.accountLocked();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const now = deps.clock.now();
    const { locked } = await repo.recordFailedLogin(
      deps.db,
      user.id,
      MAX_FAILED_LOGINS,
      new Date(now.getTime() + LOCKOUT_MS),
    );
    throw locked ? authErrors.accountLocked() : authErrors.invalidCredentials();
  }

  const now = deps.clock.now();
  if (user.failedLoginCount > 0 || user.lockedUntil) await repo.clearFailedLogins(deps.db, user.id);

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
  const answer: SuccessResult = { success: true, message: messages.resetRequested[context.locale] };
  const user = await repo.findUserByEmail(deps.db, input.email);
  // The same answer whether or not the address has an account.
  if (!user) return answer;
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
      resetPasswordMail({ locale: input.locale ?? user.locale, to: user.email, token }, mailContext(deps)),
      tx,
    );
  });
  return answer;
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
