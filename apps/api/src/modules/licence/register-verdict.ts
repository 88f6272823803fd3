import { institutionOfChamberCode, parseAdvocateNo, sameLicenceNo } from '@substytut/shared';
import { compareNames } from './name-match.ts';
import type { LicenceEvidence, LicenceQuery, RegisterContact, RegisterVerdict } from './licence.port.ts';

/** An entry of the advocates' register as read from it. */
export interface AdvocateEntry {
  firstnames: string;
  lastname: string;
  /** as the register writes it, e.g. 'WAW/Adw/4150' */
  licenseNo: string;
  /** the chamber's name as the register writes it, e.g. 'Izba Adwokacka w Warszawie' */
  chamber: string;
  /** 'Wykonujący zawód', 'Niewykonujący zawodu', 'Były adwokat', 'Aplikant adwokacki', … */
  status: string;
  /** issue 30: the contacts the entry lists, when it lists them */
  email?: string | null;
  phone?: string | null;
  /** a results row's link to the entry's own page, where the contacts are */
  profilePath?: string;
  /** issue 32: a trainee's date of entry on the list of trainees, 'YYYY-MM', where the page gives it */
  traineeListSince?: string | null;
}

/**
 * Issue 32: whether the register gives a trainee's date of entry on the list of trainees (in the
 * evidence of a check) and the profile's training start names another month. Nothing to compare
 * (no date in the register, no training start in the profile) is no mismatch.
 */
export function trainingStartMismatch(parsed: Record<string, unknown> | null, trainingStart: string | null): boolean {
  if (!trainingStart || !parsed) return false;
  const matched = (typeof parsed.matched === 'object' ? parsed.matched : parsed) as Partial<AdvocateEntry> | null;
  const since = matched?.traineeListSince;
  return typeof since === 'string' && /^\d{4}-\d{2}$/.test(since) && since !== trainingStart;
}

// A contact the code can go to: one plain address, nothing a header could be smuggled into.
const EMAIL = /^[^\s@<>(),;:"\\]+@[^\s@<>(),;:"\\]+\.[^\s@<>(),;:"\\]+$/;

/** The contacts of an entry a code may be sent to (a malformed address counts as none). */
export function contactOf(entry: Pick<AdvocateEntry, 'email' | 'phone'> | null | undefined): RegisterContact {
  const email = typeof entry?.email === 'string' ? entry.email.trim().toLowerCase() : '';
  const phone = typeof entry?.phone === 'string' ? entry.phone.trim() : '';
  return { email: EMAIL.test(email) && email.length <= 254 ? email : null, phone: phone || null };
}

/** The contacts kept in a check's evidence (an entry page, or a search's matched entry). */
export function contactOfEvidence(parsed: Record<string, unknown> | null): RegisterContact {
  const matched = parsed && typeof parsed.matched === 'object' ? (parsed.matched as AdvocateEntry | null) : null;
  return contactOf(matched ?? (parsed as AdvocateEntry | null));
}

export type EntryStatus = 'practising' | 'trainee' | 'not_practising' | 'former' | 'unknown';

/** The register's status text in the categories a verdict needs. */
export function entryStatusOf(status: string): EntryStatus {
  const s = status.trim().toLowerCase();
  if (s.startsWith('były') || s.startsWith('była') || s.includes('skreślon')) return 'former';
  if (s.startsWith('niewykonując')) return 'not_practising';
  if (s.startsWith('wykonując')) return 'practising';
  if (s.startsWith('aplikant')) return 'trainee';
  return 'unknown';
}

// City names of the chambers as the register spells them in 'Izba Adwokacka w …' (locative).
const CHAMBER_CITY: Record<string, string> = {
  BIA: 'białymstoku',
  BBI: 'bielsku-białej',
  BYD: 'bydgoszczy',
  CZE: 'częstochowie',
  GDA: 'gdańsku',
  KAT: 'katowicach',
  KIE: 'kielcach',
  KOS: 'koszalinie',
  KRA: 'krakowie',
  LUB: 'lublinie',
  LOD: 'łodzi',
  OLS: 'olsztynie',
  OPO: 'opolu',
  PLO: 'płocku',
  POZ: 'poznaniu',
  RAD: 'radomiu',
  RZE: 'rzeszowie',
  SIE: 'siedlcach',
  SZC: 'szczecinie',
  TOR: 'toruniu',
  WAB: 'wałbrzychu',
  WAW: 'warszawie',
  WRO: 'wrocławiu',
  ZIE: 'zielonej górze',
};

/** Whether the register's chamber is the one the entry number's code names. */
function chamberMatches(chamber: string, code: string): boolean {
  const city = CHAMBER_CITY[code];
  const text = chamber.trim().toLowerCase();
  return city !== undefined && (text.endsWith(city) || text === code.toLowerCase());
}

/**
 * The verdict on an advocate's (or trainee's) entry: name, entry number and chamber must match
 * (the number's chamber code, the chamber the profile chose, and the register's chamber), and the
 * entry must be practising (a trainee: on the trainees' list and not struck off).
 */
export function advocateVerdict(
  query: LicenceQuery,
  entry: AdvocateEntry | null,
  evidence: LicenceEvidence,
): RegisterVerdict {
  const reject = (reason: string): RegisterVerdict => ({ outcome: 'rejected', reason, evidence });
  const asked = parseAdvocateNo(query.licenseNo);
  if (!entry || !asked) return reject('licence.reason.not_found');
  if (!sameLicenceNo(query.professionalType, entry.licenseNo, query.licenseNo))
    return reject('licence.reason.not_found');
  const names = compareNames(query, entry);
  if (names === 'different') return reject('licence.reason.name_mismatch');
  if (
    institutionOfChamberCode(asked.chamberCode) !== query.institution ||
    !chamberMatches(entry.chamber, asked.chamberCode)
  ) {
    return reject('licence.reason.chamber_mismatch');
  }
  const status = entryStatusOf(entry.status);
  if (status === 'former') return reject('licence.reason.former');
  if (status === 'not_practising') return reject('licence.reason.not_practising');
  const allowed = asked.list === 'Apl' ? ['trainee', 'practising'] : ['practising'];
  if (!allowed.includes(status)) return reject('licence.reason.not_practising');
  if (names === 'near') return { outcome: 'manual_review', reason: 'licence.reason.near_match', evidence };
  return { outcome: 'verified', reason: null, evidence, contact: contactOf(entry) };
}

/** Legal counsel: no register a machine can ask (rejestr.kirp.pl has no interface); a person decides. */
export function legalCounselVerdict(evidence: LicenceEvidence): RegisterVerdict {
  return { outcome: 'manual_review', reason: 'licence.reason.no_register', evidence };
}
