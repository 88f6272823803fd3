import type { LicenceSource } from '@substytut/shared';

/** What a register is asked: the profile's name, professional type, chamber and entry number. */
export interface LicenceQuery {
  firstname: string;
  lastname: string;
  /** a professional type id */
  professionalType: string;
  /** an institution id */
  institution: string;
  /** normalised (normaliseLicenceNo) */
  licenseNo: string;
}

/** What a register's answer shows, kept as evidence of the check. */
export interface LicenceEvidence {
  source: LicenceSource;
  /** the page read, or null when nothing was fetched */
  url: string | null;
  fetchedAt: Date;
  /** SHA-256 (hex) of the page's bytes */
  sha256: string | null;
  /** the fields read from the entry, as the register wrote them */
  parsed: Record<string, unknown> | null;
}

/**
 * Issue 30: where the register says the entry's holder can be reached. A one-time code goes to
 * the e-mail (or, where an SMS adapter is set up, to the phone) to prove the account holder is
 * that advocate.
 */
export interface RegisterContact {
  email: string | null;
  phone: string | null;
}

/**
 * The register's verdict. `reason` is a licence.reason.* key of the shared message catalogue.
 * 'unavailable': the register could not be asked (down, timed out, throttled by us).
 */
export type RegisterVerdict =
  | { outcome: 'verified'; reason: null; evidence: LicenceEvidence; contact: RegisterContact }
  | { outcome: 'rejected' | 'manual_review' | 'unavailable'; reason: string; evidence: LicenceEvidence };

/**
 * The licence-register port (issue 22). Two adapters: the embedded sample register (default) and
 * rejestradwokatow.pl (LICENCE_REGISTER=advocates). Legal counsel have no register a machine can
 * ask, so both answer them with manual_review.
 */
export interface LicenceRegisterPort {
  readonly kind: 'sample' | 'advocates';
  check(query: LicenceQuery, now: Date): Promise<RegisterVerdict>;
}

/**
 * Issue 30: text messages for the one-time code, where the register lists a phone and no e-mail.
 * No adapter is configured by default (no SMS gateway is wired yet): such an entry goes to the
 * manual review, as one without any contact does.
 */
export interface LicenceSmsPort {
  send(to: string, text: string): Promise<void>;
}
