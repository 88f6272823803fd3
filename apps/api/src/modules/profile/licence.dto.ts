import {
  LICENCE_CODE_MAX_ATTEMPTS,
  LICENCE_CODE_RESEND_SECONDS,
  licenceRegisterOf,
  type LicenceDto,
  type PublicLicenceDto,
} from '@substytut/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { LicenceCodeRow } from '../../db/schema/licence.ts';
import type { ProfileRow } from '../../db/schema/profile.ts';
import { findLicenceCode } from './profile.repo.ts';

/*
 * The licence as the profile shows it: to its owner (GET /api/user/profile, with the code that
 * waits) and on the public page (the badge). The licence module changes it; the profile shows it.
 */

/** A new code may be sent this long after the last one (issue 30). */
export const CODE_RESEND_MS = LICENCE_CODE_RESEND_SECONDS * 1000;

type LicenceColumns = Pick<
  ProfileRow,
  | 'permissions'
  | 'licenceState'
  | 'licenceMethod'
  | 'licenceVerifiedAt'
  | 'licenceCheckedAt'
  | 'licenceReason'
  | 'licenceCertificateAt'
>;

/** The licence as its owner sees it on GET /api/user/profile, without its code: ownLicenceOf adds it. */
export function licenceDtoOf(row: LicenceColumns): LicenceDto {
  const verified = row.licenceState === 'verified';
  return {
    state: row.licenceState,
    method: verified ? row.licenceMethod : null,
    verified_at: verified ? (row.licenceVerifiedAt?.toISOString() ?? null) : null,
    checked_at: row.licenceCheckedAt?.toISOString() ?? null,
    reason: row.licenceReason,
    certificate_uploaded_at: row.licenceCertificateAt?.toISOString() ?? null,
    register: licenceRegisterOf(row.permissions),
    code: null,
  };
}

/** The licence on the public page: only a verified one, with how and when; null ⇒ no badge. */
export function publicLicenceOf(row: LicenceColumns): PublicLicenceDto {
  if (row.licenceState !== 'verified' || !row.licenceMethod || !row.licenceVerifiedAt) return null;
  return {
    method: row.licenceMethod,
    register: licenceRegisterOf(row.permissions),
    verified_at: row.licenceVerifiedAt.toISOString(),
  };
}

export const isLicenceVerified = (row: Pick<ProfileRow, 'licenceState'>): boolean =>
  row.licenceState === 'verified';

/** Partly hidden, for the panel: a•••••@kancelaria-nowak.example.com. */
export function maskedContact(contact: string): string {
  const at = contact.lastIndexOf('@');
  if (at < 1) return `${contact.slice(0, 3)}•••${contact.slice(-2)}`;
  return `${contact[0]}•••••${contact.slice(at)}`;
}

/** The code part of the owner's licence DTO: only while the licence waits for a code. */
export function codeDtoOf(row: Pick<ProfileRow, 'licenceState'>, code: LicenceCodeRow | null): LicenceDto['code'] {
  if (row.licenceState !== 'code_sent' || !code) return null;
  const resendAt = new Date(code.sentAt.getTime() + CODE_RESEND_MS);
  return {
    channel: code.channel,
    sent_to: maskedContact(code.sentTo),
    sent_at: code.sentAt.toISOString(),
    expires_at: code.expiresAt.toISOString(),
    attempts_left: Math.max(0, LICENCE_CODE_MAX_ATTEMPTS - code.attempts),
    resend_at: resendAt.toISOString(),
  };
}

/** The owner's licence with its code, read in `db`. */
export async function ownLicenceOf(db: DbOrTx, row: ProfileRow): Promise<LicenceDto> {
  const code = row.licenceState === 'code_sent' ? await findLicenceCode(db, row.id) : null;
  return { ...licenceDtoOf(row), code: codeDtoOf(row, code) };
}
