import {
  licenceRegisterOf,
  type LicenceDto,
  type PublicLicenceDto,
} from '@substytut/shared';
import type { ProfileRow } from '../../db/schema/profile.ts';

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

/** The licence as its owner sees it on GET /api/user/profile; the code part: ownLicenceOf (licence.code.ts). */
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
