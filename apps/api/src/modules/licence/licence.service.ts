import {
  LICENCE_GRACE_HOURS,
  LICENCE_RECHECK_DAYS,
  licenceRegisterOf,
  type LicenceDto,
  type LicenceState,
} from '@substytut/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import type { ProfileRow } from '../../db/schema/profile.ts';
import type { Clock } from '../app/clock.ts';
import { AppError, conflict } from '../app/errors.ts';
import { enqueueMail, licenceOutcomeMail, type LicenceMailKind, type MailContext } from '../mail/index.ts';
import { ownLicenceOf, updateProfile } from '../profile/index.ts';
import { RegisterBusyError } from './advocates-register.ts';
import {
  afterRegisterMatch,
  confirmCode,
  NUMBER_CLAIMED,
  tellHolders,
  type CodeOrigin,
} from './licence.code.ts';
import type {
  LicenceEvidence,
  LicenceQuery,
  LicenceRegisterPort,
  RegisterContact,
  RegisterVerdict,
} from './licence.port.ts';
import { contactOfEvidence, trainingStartMismatch } from './register-verdict.ts';
import {
  deleteCode,
  findProfileById,
  provedByCode,
  verifiedHoldersOf,
  findRecentAnswer,
  insertCheck,
  lockProfileById,
  ownerOf,
  profilesDueForCheck,
  type AskedValues,
} from './licence.repo.ts';

export interface LicenceDeps {
  db: Db;
  clock: Clock;
  register: LicenceRegisterPort;
  mail: MailContext;
  log: FastifyBaseLogger;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** A definite register answer is reused this long for the same question (the register cache). */
export const REGISTER_CACHE_MS = HOUR;
/** A register that could not be reached is asked again after this long. */
export const REGISTER_RETRY_MS = 10 * 60 * 1000;

export const TRAINING_START_MISMATCH = 'licence.reason.training_start_mismatch';

export const licenceDetailsMissing = () => conflict('licence.details_missing');
export const notInReview = () => conflict('licence.not_in_review');
export const certificateMissing = () => conflict('licence.certificate_missing');

/** What the register is asked for a profile; null while the profile lacks any of it. */
export function queryOf(row: ProfileRow): LicenceQuery | null {
  const query = {
    firstname: row.firstname.trim(),
    lastname: row.lastname.trim(),
    professionalType: row.permissions,
    institution: row.institution,
    licenseNo: row.licenseNo.trim(),
  };
  return Object.values(query).every((v) => v !== '') ? query : null;
}

function askedOf(query: LicenceQuery): AskedValues {
  return {
    askedName: `${query.firstname} ${query.lastname}`,
    askedType: query.professionalType,
    askedLicenseNo: query.licenseNo,
  };
}

const sameQuestion = (a: LicenceQuery, b: LicenceQuery | null) =>
  b !== null && JSON.stringify(askedOf(a)) === JSON.stringify(askedOf(b)) && a.institution === b.institution;

/** Whether a change of the profile asks the register a new question (name, type, chamber, number). */
export function licenceQuestionChanged(before: ProfileRow, after: ProfileRow): boolean {
  const a = queryOf(before);
  const b = queryOf(after);
  return a === null ? b !== null : !sameQuestion(a, b);
}

interface Transition {
  state: LicenceState;
  method?: 'register' | 'review' | null;
  verifiedAt?: Date | null;
  reason: string | null;
}

/**
 * Moves the licence to its new state in `tx` and queues the e-mail for an outcome that changed
 * something for the lawyer: verified (from anything else), rejected, sent to review, or a
 * verified licence lost.
 */
async function applyTransition(deps: LicenceDeps, tx: Tx, row: ProfileRow, next: Transition, now: Date) {
  const verified = next.state === 'verified';
  // A code proves only the question it was sent for, while the licence waits for it.
  if (next.state !== 'code_sent') await deleteCode(tx, row.id);
  await updateProfile(tx, row.id, {
    licenceState: next.state,
    licenceMethod: verified ? (next.method ?? row.licenceMethod) : null,
    licenceVerifiedAt: verified ? (next.verifiedAt ?? row.licenceVerifiedAt ?? now) : null,
    licenceReason: next.reason,
    licenceCheckedAt: now,
  });
  const changed = row.licenceState !== next.state || (next.state !== 'verified' && row.licenceReason !== next.reason);
  if (!changed) return;
  let kind: LicenceMailKind | null = null;
  if (verified) kind = 'verified';
  else if (row.licenceState === 'verified') kind = 'lost';
  else if (next.state === 'rejected') kind = 'rejected';
  else if (next.state === 'manual_review') kind = 'manual_review';
  if (!kind) return;
  // A review after the lawyer sent a certificate needs no second "we will review" e-mail.
  if (kind === 'manual_review' && row.licenceState === 'manual_review') return;
  const owner = await ownerOf(tx, row.userId);
  if (!owner) return;
  await enqueueMail(
    tx,
    licenceOutcomeMail(
      { locale: owner.locale, to: owner.email, kind, method: next.method ?? null, reason: next.reason },
      deps.mail,
    ),
    now,
  );
}

function evidenceRow(row: ProfileRow, query: LicenceQuery, evidence: LicenceEvidence, verdict: RegisterVerdict) {
  return {
    profileId: row.id,
    ...askedOf(query),
    source: evidence.source,
    url: evidence.url,
    fetchedAt: evidence.fetchedAt,
    sha256: evidence.sha256,
    parsed: evidence.parsed,
    outcome: verdict.outcome,
    reason: verdict.reason,
    reviewerId: null,
  };
}

/** The register's answer, from the cache when the same question had a definite answer within the hour. */
async function askRegister(deps: LicenceDeps, query: LicenceQuery, now: Date): Promise<RegisterVerdict> {
  if (deps.register.kind === 'advocates' && licenceRegisterOf(query.professionalType) === 'advocates') {
    const cached = await findRecentAnswer(
      deps.db,
      'advocates_register',
      askedOf(query),
      ['verified', 'rejected', 'manual_review'],
      new Date(now.getTime() - REGISTER_CACHE_MS),
    );
    if (cached) {
      const evidence: LicenceEvidence = {
        source: cached.source,
        url: cached.url,
        fetchedAt: cached.fetchedAt,
        sha256: cached.sha256,
        parsed: cached.parsed,
      };
      return cached.outcome === 'verified'
        ? { outcome: 'verified', reason: null, evidence, contact: contactOfEvidence(cached.parsed) }
        : { outcome: cached.outcome as 'rejected' | 'manual_review', reason: cached.reason ?? '', evidence };
    }
  }
  try {
    return await deps.register.check(query, now);
  } catch (error) {
    if (error instanceof RegisterBusyError) throw error;
    deps.log.warn({ err: error }, 'licence register failed');
    return {
      outcome: 'unavailable',
      reason: 'licence.reason.register_unavailable',
      evidence: { source: 'advocates_register', url: null, fetchedAt: now, sha256: null, parsed: { error: 'failed' } },
    };
  }
}

/**
 * When the register cannot be reached, a positive result still counts if it is younger than 72 h,
 * or, for a verified licence due for its re-check, until 72 h past the 30 days.
 */
async function positiveStillCounts(
  deps: LicenceDeps,
  row: ProfileRow,
  query: LicenceQuery,
  now: Date,
): Promise<{ at: Date; contact: RegisterContact } | null> {
  const grace = LICENCE_GRACE_HOURS * HOUR;
  if (
    row.licenceState === 'verified' &&
    row.licenceMethod === 'register' &&
    row.licenceVerifiedAt &&
    now.getTime() - row.licenceVerifiedAt.getTime() < LICENCE_RECHECK_DAYS * DAY + grace
  ) {
    return { at: row.licenceVerifiedAt, contact: { email: null, phone: null } };
  }
  const recent = await findRecentAnswer(
    deps.db,
    deps.register.kind === 'sample' ? 'sample' : 'advocates_register',
    askedOf(query),
    ['verified'],
    new Date(now.getTime() - grace),
  );
  return recent ? { at: recent.fetchedAt, contact: contactOfEvidence(recent.parsed) } : null;
}

/**
 * A register's "a person decides" (legal counsel, a near match): the review, which names another
 * account's verified claim on the number first (and tells its holder once).
 */
async function reviewOf(deps: LicenceDeps, tx: Tx, row: ProfileRow, reason: string, now: Date): Promise<Transition> {
  const holders = await verifiedHoldersOf(tx, row.licenseNo, row.id);
  if (holders.length > 0) {
    if (!(row.licenceState === 'manual_review' && row.licenceReason === NUMBER_CLAIMED))
      await tellHolders(deps, tx, holders, now);
    return { state: 'manual_review', reason: NUMBER_CLAIMED };
  }
  // The certificate is already there: the person reviewing it sees this check's evidence too.
  if (row.licenceCertificateKey) return { state: 'manual_review', reason: 'licence.reason.certificate_sent' };
  return { state: 'manual_review', reason };
}

export type CheckResult = 'checked' | 'busy' | 'skipped';

/**
 * Asks the register about a profile's licence and records the answer and the new state. The
 * answer is applied only if the profile still asks the same question (an edit in the meantime
 * starts its own check). 'busy': another instance asked the register less than 10 s ago; the
 * licence is left 'pending' for the clock job.
 */
export async function checkLicence(
  deps: LicenceDeps,
  profileId: number,
  origin: CodeOrigin | null = null,
): Promise<CheckResult> {
  const now = deps.clock.now();
  const row = await findProfileById(deps.db, profileId);
  const query = row ? queryOf(row) : null;
  if (!row || !query) return 'skipped';

  let verdict: RegisterVerdict;
  try {
    verdict = await askRegister(deps, query, now);
  } catch (error) {
    if (!(error instanceof RegisterBusyError)) throw error;
    await deps.db.transaction(async (tx) => {
      const locked = await lockProfileById(tx, profileId);
      if (!locked || !sameQuestion(query, queryOf(locked))) return;
      // A verified licence keeps its badge while it waits; anything else waits as 'pending'.
      if (locked.licenceState !== 'verified' && locked.licenceState !== 'pending')
        await updateProfile(tx, locked.id, { licenceState: 'pending', licenceReason: null });
    });
    return 'busy';
  }

  const grace = verdict.outcome === 'unavailable' ? await positiveStillCounts(deps, row, query, now) : null;
  await deps.db.transaction(async (tx) => {
    const locked = await lockProfileById(tx, profileId);
    if (!locked || !sameQuestion(query, queryOf(locked))) return;
    await insertCheck(tx, evidenceRow(locked, query, verdict.evidence, verdict), now);
    // Issue 30: a match is followed by the code (or the review); a licence proven by code for
    // this number before keeps its badge at the re-check.
    const proven =
      locked.licenceState === 'verified' && (await provedByCode(tx, locked.id, locked.licenseNo));
    const matched = async (contact: RegisterContact, at: Date): Promise<Transition> => {
      const step = await afterRegisterMatch(deps, tx, locked, contact, origin, now, proven);
      if (step.state === 'verified') return { state: 'verified', method: 'register', verifiedAt: at, reason: null };
      if (step.state === 'manual_review' && locked.licenceCertificateKey && step.reason !== NUMBER_CLAIMED)
        return { state: 'manual_review', reason: 'licence.reason.certificate_sent' };
      return { state: step.state, reason: step.reason };
    };
    let next: Transition;
    if (verdict.outcome === 'verified' && trainingStartMismatch(verdict.evidence.parsed, locked.trainingStart)) {
      // Issue 32: the register's date of entry on the trainees list is another month than the
      // training start the board's trainee rule counts from: a mismatch like a name's.
      next = { state: 'rejected', reason: TRAINING_START_MISMATCH };
    } else if (verdict.outcome === 'verified') {
      next = await matched(verdict.contact, verdict.evidence.fetchedAt);
    } else if (verdict.outcome === 'unavailable') {
      next = grace
        ? await matched(grace.contact, locked.licenceVerifiedAt ?? grace.at)
        : { state: 'manual_review', reason: verdict.reason };
    } else if (verdict.outcome === 'manual_review') {
      next = await reviewOf(deps, tx, locked, verdict.reason, now);
    } else {
      next = { state: verdict.outcome, reason: verdict.reason };
    }
    await applyTransition(deps, tx, locked, next, now);
  });
  return 'checked';
}

/**
 * Issue 32: only the training start changed. The register is asked about the date alone (where
 * it can give one: the advocates' register; the legal counsel's says nothing) and the licence
 * keeps its state, a verified one its badge: a different month rejects it with its reason, an
 * agreeing or absent date changes nothing (no new code, no review). The answer is kept as
 * evidence. 'busy': the register was asked less than 10 s ago; the 30-day re-check compares it.
 */
export async function checkTrainingStart(deps: LicenceDeps, profileId: number): Promise<CheckResult> {
  const now = deps.clock.now();
  const row = await findProfileById(deps.db, profileId);
  const query = row ? queryOf(row) : null;
  if (!row || !query || !row.trainingStart || licenceRegisterOf(query.professionalType) !== 'advocates') return 'skipped';
  let verdict: RegisterVerdict;
  try {
    verdict = await askRegister(deps, query, now);
  } catch (error) {
    if (error instanceof RegisterBusyError) return 'busy';
    throw error;
  }
  await deps.db.transaction(async (tx) => {
    const locked = await lockProfileById(tx, profileId);
    if (!locked || !sameQuestion(query, queryOf(locked))) return;
    await insertCheck(tx, evidenceRow(locked, query, verdict.evidence, verdict), now);
    if (verdict.outcome === 'verified' && trainingStartMismatch(verdict.evidence.parsed, locked.trainingStart))
      await applyTransition(deps, tx, locked, { state: 'rejected', reason: TRAINING_START_MISMATCH }, now);
  });
  return 'checked';
}

/** What a saved profile asks of the register: nothing, a whole check, or the training start alone. */
export type LicenceCheckDue = 'full' | 'training_start' | null;

/**
 * After the profile was saved: a new question for the register (name, type, chamber or number
 * changed, or never asked) drops any earlier verification at once and queues the licence
 * ('pending'). `due`: which check is due (the caller runs it now or after its answer: 'full' is
 * `checkLicence`, 'training_start' is `checkTrainingStart`); `droppedCertificate`: the storage key
 * of a certificate about the old number, for the caller to delete.
 */
export async function queueLicenceCheck(
  deps: Pick<LicenceDeps, 'db'>,
  before: ProfileRow | null,
  after: ProfileRow,
): Promise<{ due: LicenceCheckDue; droppedCertificate: string | null }> {
  const changed = before === null || licenceQuestionChanged(before, after);
  if (!queryOf(after)) return { due: null, droppedCertificate: null };
  // Issue 32: a new training start alone is compared with the register's date; the licence keeps
  // its state (a verified one its badge) unless the month differs. A licence rejected (perhaps for
  // the month) is asked about in full again.
  if (!changed && after.licenceState !== 'unverified') {
    if (before === null || before.trainingStart === after.trainingStart) return { due: null, droppedCertificate: null };
    return { due: after.licenceState === 'rejected' ? 'full' : 'training_start', droppedCertificate: null };
  }
  return deps.db.transaction(async (tx) => {
    const locked = await lockProfileById(tx, after.id);
    if (!locked) return { due: null, droppedCertificate: null };
    // Issue 30: a code sent for the old name or number proves nothing about the new one.
    await deleteCode(tx, locked.id);
    await updateProfile(tx, locked.id, {
      licenceState: 'pending',
      licenceMethod: null,
      licenceVerifiedAt: null,
      licenceReason: null,
      // A certificate was about the old number.
      licenceCertificateKey: changed ? null : locked.licenceCertificateKey,
      licenceCertificateAt: changed ? null : locked.licenceCertificateAt,
    });
    return { due: 'full' as const, droppedCertificate: changed ? locked.licenceCertificateKey : null };
  });
}

/** POST /api/user/profile/licence/check: asks the register again now (rate limited on its route). */
export async function recheckLicence(deps: LicenceDeps, profileId: number, origin: CodeOrigin): Promise<LicenceDto> {
  const row = await findProfileById(deps.db, profileId);
  if (!row || !queryOf(row)) throw licenceDetailsMissing();
  await checkLicence(deps, profileId, origin);
  const after = await findProfileById(deps.db, profileId);
  if (!after) throw new AppError(404, 'profile.not_found');
  return ownLicenceOf(deps.db, after);
}

/** POST /api/user/profile/licence/code: the one-time code typed back (licence.code.ts). */
export function confirmLicenceCode(deps: LicenceDeps, profileId: number, code: string): Promise<LicenceDto> {
  const now = deps.clock.now();
  return confirmCode(deps, profileId, code, (tx, row, next) =>
    applyTransition(
      deps,
      tx,
      row,
      next.state === 'verified'
        ? { state: 'verified', method: 'register', verifiedAt: now, reason: null }
        : { state: 'manual_review', reason: next.reason },
      now,
    ),
  );
}

/** The clock job's part: queued checks and the 30-day re-checks, at the register's pace. */
export async function runLicenceChecks(deps: LicenceDeps, limit = 5): Promise<number> {
  const now = deps.clock.now();
  const due = await profilesDueForCheck(deps.db, {
    retryBefore: new Date(now.getTime() - REGISTER_RETRY_MS),
    recheckBefore: new Date(now.getTime() - LICENCE_RECHECK_DAYS * DAY),
    limit,
  });
  let checked = 0;
  for (const id of due) {
    const result = await checkLicence(deps, id);
    if (result === 'busy') break;
    if (result === 'checked') checked += 1;
  }
  return checked;
}

/** A person's decision on a licence in manual review (approve, or reject with a reason). */
export async function decideReview(
  deps: LicenceDeps,
  profileId: number,
  reviewerId: string,
  decision: { decision: 'approve' | 'reject'; reason: string | null },
): Promise<LicenceDto> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const row = await lockProfileById(tx, profileId);
    if (!row) throw new AppError(404, 'profile.not_found');
    if (row.licenceState !== 'manual_review') throw notInReview();
    // Issue 30: a person confirms a licence from the chamber's certificate, never from the name alone.
    if (decision.decision === 'approve' && !row.licenceCertificateKey) throw certificateMissing();
    const query = queryOf(row);
    await insertCheck(
      tx,
      {
        profileId: row.id,
        askedName: query ? `${query.firstname} ${query.lastname}` : `${row.firstname} ${row.lastname}`.trim(),
        askedType: row.permissions,
        askedLicenseNo: row.licenseNo,
        source: 'review',
        url: null,
        fetchedAt: now,
        sha256: null,
        parsed: row.licenceCertificateKey ? { certificate: row.licenceCertificateKey } : null,
        outcome: decision.decision === 'approve' ? 'verified' : 'rejected',
        reason: decision.reason,
        reviewerId,
      },
      now,
    );
    const next: Transition =
      decision.decision === 'approve'
        ? { state: 'verified', method: 'review', verifiedAt: now, reason: null }
        : { state: 'rejected', reason: decision.reason };
    await applyTransition(deps, tx, row, next, now);
    return lockProfileById(tx, profileId);
  });
  if (!result) throw new AppError(404, 'profile.not_found');
  return ownLicenceOf(deps.db, result);
}

/**
 * The lawyer sent a chamber certificate: the licence waits for a person (manual_review). The
 * file replaces any earlier one (the caller stores it and removes the old key it returns).
 */
export async function certificateUploaded(
  deps: LicenceDeps,
  profileId: number,
  key: string,
): Promise<{ licence: LicenceDto; replaced: string | null }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockProfileById(tx, profileId);
    if (!row) throw new AppError(404, 'profile.not_found');
    if (!queryOf(row)) throw licenceDetailsMissing();
    const replaced = row.licenceCertificateKey;
    await updateProfile(tx, row.id, { licenceCertificateKey: key, licenceCertificateAt: now });
    const updated = { ...row, licenceCertificateKey: key, licenceCertificateAt: now };
    // A verified licence stays verified: the certificate waits for the next time it is needed.
    if (row.licenceState !== 'verified') {
      await applyTransition(
        deps,
        tx,
        updated,
        { state: 'manual_review', reason: 'licence.reason.certificate_sent' },
        now,
      );
    }
    const after = await lockProfileById(tx, profileId);
    return { licence: await ownLicenceOf(tx, after ?? updated), replaced };
  });
}
