import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  LICENCE_CODE_LENGTH,
  LICENCE_CODE_MAX_ATTEMPTS,
  LICENCE_CODE_SENDS_PER_DAY,
  LICENCE_CODE_TTL_MINUTES,
  type LicenceDto,
} from '@substytut/shared';
import type { Tx } from '../../db/client.ts';
import type { ProfileRow } from '../../db/schema/profile.ts';
import { AppError, badRequest, conflict, tooMany } from '../app/errors.ts';
import { enqueueMail, licenceClaimedMail, licenceCodeMail } from '../mail/index.ts';
import { CODE_RESEND_MS, findLicenceCode, ownLicenceOf } from '../profile/index.ts';
import type { RegisterContact } from './licence.port.ts';
import {
  countWrongTry,
  deleteCode,
  findProfileById,
  insertCheck,
  lockProfileById,
  ownerOf,
  saveCode,
  verifiedHoldersOf,
} from './licence.repo.ts';
import type { LicenceDeps } from './licence.service.ts';

/*
 * Issue 30: a register match proves the advocate exists, not that the account holder is that
 * advocate. The badge needs a one-time code sent to a contact the register lists for the entry,
 * typed back in the licence panel; an entry number verified on another account never verifies
 * automatically (the holder is told, an administrator decides).
 */

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
export const CODE_TTL_MS = LICENCE_CODE_TTL_MINUTES * MINUTE;

/** Where the request that led to a code came from; null for the clock job. */
export interface CodeOrigin {
  ip: string | null;
}

export const codeNotAwaited = () => conflict('licence.code_not_awaited');

function hashCode(code: string, salt: string): string {
  return createHmac('sha256', Buffer.from(salt, 'hex')).update(code).digest('hex');
}

/** The stored form of a code: a fresh salt and the code's HMAC under it, never the code. */
export function hashLicenceCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${hashCode(code, salt)}`;
}

function codeMatches(code: string, stored: string): boolean {
  const [salt = '', hash = ''] = stored.split(':');
  const expected = Buffer.from(hash, 'hex');
  const actual = Buffer.from(hashCode(code, salt), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Makes a new code for the profile's entry number and queues it to the register's contact, in the
 * account owner's language, saying who asked and from where. Replaces an earlier code. A resend
 * (`resend`) keeps to the pace: one a minute, five a day; the automatic first send after a register
 * match only keeps to the five a day (and answers false when they are used up).
 */
export async function issueCode(
  deps: LicenceDeps,
  tx: Tx,
  row: ProfileRow,
  email: string,
  origin: CodeOrigin | null,
  now: Date,
  { resend }: { resend: boolean },
): Promise<boolean> {
  const earlier = await findLicenceCode(tx, row.id);
  if (resend && earlier && now.getTime() - earlier.sentAt.getTime() < CODE_RESEND_MS)
    throw tooMany('licence.code_resend_wait');
  const sameWindow = earlier !== null && now.getTime() - earlier.windowStartedAt.getTime() < DAY;
  const sends = sameWindow ? earlier.sends + 1 : 1;
  if (sends > LICENCE_CODE_SENDS_PER_DAY) {
    if (resend) throw tooMany('licence.code_daily_limit');
    return false;
  }
  const owner = await ownerOf(tx, row.userId);
  if (!owner) return false;
  const code = String(randomInt(0, 10 ** LICENCE_CODE_LENGTH)).padStart(LICENCE_CODE_LENGTH, '0');
  await saveCode(tx, {
    profileId: row.id,
    codeHash: hashLicenceCode(code),
    channel: 'email',
    sentTo: email,
    licenseNo: row.licenseNo,
    sentAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    attempts: 0,
    sends,
    windowStartedAt: sameWindow ? earlier.windowStartedAt : now,
  });
  await enqueueMail(
    tx,
    licenceCodeMail(
      {
        locale: owner.locale,
        to: email,
        code,
        licenseNo: row.licenseNo,
        accountEmail: owner.email,
        ip: origin?.ip ?? null,
        at: now,
        ttlMinutes: LICENCE_CODE_TTL_MINUTES,
      },
      deps.mail,
    ),
    now,
  );
  return true;
}

/**
 * Tells the holders of a verified entry number that another account claims it. Called when the
 * claiming profile enters the review for that reason (once per claim, not at every re-check).
 */
export async function tellHolders(deps: LicenceDeps, tx: Tx, holders: { email: string; locale: 'pl' | 'en'; licenseNo: string }[], now: Date) {
  for (const holder of holders) {
    await enqueueMail(tx, licenceClaimedMail({ locale: holder.locale, to: holder.email, licenseNo: holder.licenseNo }, deps.mail), now);
  }
}

export const NUMBER_CLAIMED = 'licence.reason.number_claimed';
export const NO_CONTACT = 'licence.reason.no_contact';

/**
 * What a register match leads to (inside the check's transaction): the number verified on another
 * account → review (and its holder told); a contact the register lists → a code sent; none →
 * review. A licence already proven by code for this number stays verified (the 30-day re-check).
 */
export async function afterRegisterMatch(
  deps: LicenceDeps,
  tx: Tx,
  row: ProfileRow,
  contact: RegisterContact,
  origin: CodeOrigin | null,
  now: Date,
  provenBefore: boolean,
): Promise<{ state: 'verified' | 'code_sent' | 'manual_review'; reason: string | null }> {
  if (row.licenceState === 'verified' && provenBefore) return { state: 'verified', reason: null };
  const holders = await verifiedHoldersOf(tx, row.licenseNo, row.id);
  if (holders.length > 0) {
    const told = row.licenceState === 'manual_review' && row.licenceReason === NUMBER_CLAIMED;
    if (!told) await tellHolders(deps, tx, holders, now);
    return { state: 'manual_review', reason: NUMBER_CLAIMED };
  }
  if (!contact.email) return { state: 'manual_review', reason: NO_CONTACT };
  const waiting = row.licenceState === 'code_sent' ? await findLicenceCode(tx, row.id) : null;
  // A code for this number still works: asking the register again does not send another.
  if (waiting && waiting.licenseNo === row.licenseNo && waiting.expiresAt > now && waiting.attempts < LICENCE_CODE_MAX_ATTEMPTS)
    return { state: 'code_sent', reason: null };
  const sent = await issueCode(deps, tx, row, contact.email, origin, now, { resend: false });
  return sent || waiting ? { state: 'code_sent', reason: null } : { state: 'manual_review', reason: NO_CONTACT };
}

type Outcome =
  | { kind: 'verified' }
  | { kind: 'claimed' }
  | { kind: 'wrong'; left: number }
  | { kind: 'expired' }
  | { kind: 'locked' };

/**
 * POST /api/user/profile/licence/code: the code as typed. Right → 'verified' (or the review, when
 * the number was verified on another account in the meantime); wrong → one of 5 tries used (the
 * count is committed before the answer); expired or used up → a new code must be asked for.
 */
export async function confirmCode(
  deps: LicenceDeps,
  profileId: number,
  typed: string,
  apply: (tx: Tx, row: ProfileRow, next: { state: 'verified' | 'manual_review'; reason: string | null }) => Promise<void>,
): Promise<LicenceDto> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx): Promise<{ outcome: Outcome; row: ProfileRow }> => {
    const row = await lockProfileById(tx, profileId);
    if (!row) throw new AppError(404, 'profile.not_found');
    const code = row.licenceState === 'code_sent' ? await findLicenceCode(tx, row.id) : null;
    if (!code || code.licenseNo !== row.licenseNo) throw codeNotAwaited();
    if (code.attempts >= LICENCE_CODE_MAX_ATTEMPTS) return { outcome: { kind: 'locked' }, row };
    if (now >= code.expiresAt) return { outcome: { kind: 'expired' }, row };
    if (!codeMatches(typed, code.codeHash)) {
      const attempts = await countWrongTry(tx, row.id);
      const left = LICENCE_CODE_MAX_ATTEMPTS - attempts;
      return { outcome: left <= 0 ? { kind: 'locked' } : { kind: 'wrong', left }, row };
    }
    const holders = await verifiedHoldersOf(tx, row.licenseNo, row.id);
    await deleteCode(tx, row.id);
    await insertCheck(
      tx,
      {
        profileId: row.id,
        askedName: `${row.firstname.trim()} ${row.lastname.trim()}`,
        askedType: row.permissions,
        askedLicenseNo: row.licenseNo,
        source: 'code',
        url: null,
        fetchedAt: now,
        sha256: null,
        parsed: { channel: code.channel, sent_to: code.sentTo, sent_at: code.sentAt.toISOString() },
        outcome: holders.length > 0 ? 'manual_review' : 'verified',
        reason: holders.length > 0 ? NUMBER_CLAIMED : null,
        reviewerId: null,
      },
      now,
    );
    if (holders.length > 0) {
      await tellHolders(deps, tx, holders, now);
      await apply(tx, row, { state: 'manual_review', reason: NUMBER_CLAIMED });
      return { outcome: { kind: 'claimed' }, row };
    }
    await apply(tx, row, { state: 'verified', reason: null });
    return { outcome: { kind: 'verified' }, row };
  });
  const { outcome } = result;
  if (outcome.kind === 'wrong') throw badRequest('licence.code_wrong', undefined, { code: 'licence.code_wrong' });
  if (outcome.kind === 'expired') throw conflict('licence.code_expired', undefined, { code: 'licence.code_expired' });
  if (outcome.kind === 'locked') throw conflict('licence.code_locked', undefined, { code: 'licence.code_locked' });
  const after = await findProfileById(deps.db, profileId);
  if (!after) throw new AppError(404, 'profile.not_found');
  return ownLicenceOf(deps.db, after);
}

/** POST /api/user/profile/licence/code/resend: a new code to the same contact (one a minute, five a day). */
export async function resendCode(deps: LicenceDeps, profileId: number, origin: CodeOrigin): Promise<LicenceDto> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const locked = await lockProfileById(tx, profileId);
    if (!locked) throw new AppError(404, 'profile.not_found');
    const code = locked.licenceState === 'code_sent' ? await findLicenceCode(tx, locked.id) : null;
    if (!code || code.licenseNo !== locked.licenseNo) throw codeNotAwaited();
    await issueCode(deps, tx, locked, code.sentTo, origin, now, { resend: true });
  });
  const after = await findProfileById(deps.db, profileId);
  if (!after) throw new AppError(404, 'profile.not_found');
  return ownLicenceOf(deps.db, after);
}
