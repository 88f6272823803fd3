import type { MessageKey } from './messages/index.ts';
import type { ProfessionalTypeId } from './reference-data/professional-types.ts';

/*
 * The licence (issue 22): the entry number a lawyer gives, its format per professional type, and
 * the states of its verification. Advocates' numbers follow resolution 101/2015 of the Presidium
 * of the Polish Bar Council (NRA): `{chamber code}/Adw/{n}`, trainees `{chamber code}/Apl/{n}`.
 * Legal counsel and their trainees carry their regional chamber's prefix, e.g. `WA-14592`.
 */

/**
 * 'code_sent' (issue 30): the register matched, and a one-time code went to a contact the register
 * lists for the entry; only typing it back makes the licence 'verified'. 'verified' alone means
 * "badge, may create offers, may be paid".
 */
export const LICENCE_STATES = ['unverified', 'pending', 'code_sent', 'verified', 'rejected', 'manual_review'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];

/** How a verified licence was confirmed: the public register, or an administrator from a certificate. */
export const LICENCE_METHODS = ['register', 'review'] as const;
export type LicenceMethod = (typeof LICENCE_METHODS)[number];

/** Which register answers for a professional type. */
export const LICENCE_REGISTERS = ['advocates', 'legal_counsel'] as const;
export type LicenceRegister = (typeof LICENCE_REGISTERS)[number];

/** Where the evidence of one check came from. */
/** 'code': the lawyer typed the one-time code sent to the register's contact (issue 30). */
export const LICENCE_SOURCES = ['sample', 'advocates_register', 'review', 'code'] as const;
export type LicenceSource = (typeof LICENCE_SOURCES)[number];

/** A positive register result still counts this long when the register cannot be reached. */
export const LICENCE_GRACE_HOURS = 72;
/** A verified licence is asked again after this many days. */
export const LICENCE_RECHECK_DAYS = 30;

/** The one-time code of issue 30: its digits, how long it lives, how many tries it allows. */
export const LICENCE_CODE_LENGTH = 6;
export const LICENCE_CODE_TTL_MINUTES = 30;
export const LICENCE_CODE_MAX_ATTEMPTS = 5;
/** A new code may be asked for this long after the last one was sent, at most this many a day. */
export const LICENCE_CODE_RESEND_SECONDS = 60;
export const LICENCE_CODE_SENDS_PER_DAY = 5;
/** Where a code can go: the register's e-mail, or a text message where an SMS adapter is set up. */
export const LICENCE_CODE_CHANNELS = ['email', 'sms'] as const;
export type LicenceCodeChannel = (typeof LICENCE_CODE_CHANNELS)[number];

/**
 * The bar chambers' codes of resolution 101/2015, by the institution id of the profile form
 * (reference-data/institutions.ts).
 */
export const ADVOCATE_CHAMBER_CODES = {
  'ia-bialystok': 'BIA',
  'ia-bielsko-biala': 'BBI',
  'ia-bydgoszcz': 'BYD',
  'ia-czestochowa': 'CZE',
  'ia-gdansk': 'GDA',
  'ia-katowice': 'KAT',
  'ia-kielce': 'KIE',
  'ia-koszalin': 'KOS',
  'ia-krakow': 'KRA',
  'ia-lublin': 'LUB',
  'ia-lodz': 'LOD',
  'ia-olsztyn': 'OLS',
  'ia-opole': 'OPO',
  'ia-plock': 'PLO',
  'ia-poznan': 'POZ',
  'ia-radom': 'RAD',
  'ia-rzeszow': 'RZE',
  'ia-siedlce': 'SIE',
  'ia-szczecin': 'SZC',
  'ia-torun': 'TOR',
  'ia-walbrzych': 'WAB',
  'ia-warszawa': 'WAW',
  'ia-wroclaw': 'WRO',
  'ia-zielona-gora': 'ZIE',
} as const satisfies Record<string, string>;

export type AdvocateChamberCode = (typeof ADVOCATE_CHAMBER_CODES)[keyof typeof ADVOCATE_CHAMBER_CODES];

const CODE_TO_INSTITUTION: ReadonlyMap<string, string> = new Map(
  Object.entries(ADVOCATE_CHAMBER_CODES).map(([id, code]) => [code, id]),
);

/** The bar chamber (institution id) of a resolution code, e.g. 'WAW' → 'ia-warszawa'. */
export function institutionOfChamberCode(code: string): string | undefined {
  return CODE_TO_INSTITUTION.get(code.toUpperCase());
}

/** The register that answers for a professional type. */
export function licenceRegisterOf(type: ProfessionalTypeId | string): LicenceRegister {
  return type === 'adwokat' || type === 'aplikant-adwokacki' ? 'advocates' : 'legal_counsel';
}

/** The list part of an advocates' entry number: 'Adw' for advocates, 'Apl' for their trainees. */
function advocateListOf(type: string): 'Adw' | 'Apl' | null {
  if (type === 'adwokat') return 'Adw';
  if (type === 'aplikant-adwokacki') return 'Apl';
  return null;
}

// 'Ł' has no decomposition, so it is mapped by hand; the rest lose their accents through NFD.
function foldLetters(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L');
}

// Parts may be typed with '/', '\', '-', spaces, or a mix of them ('waw adw 4150', 'WAW / Adw / 4150').
const ADVOCATE_PATTERN = /^([A-Za-z]{3})\s*[/\\\-\s]\s*([A-Za-z]{3})\s*[/\\\-\s]\s*0*(\d{1,6})$/;
const LEGAL_COUNSEL_PATTERN = /^([A-Za-z]{1,3})\s*[-/\s]?\s*0*(\d{1,6})$/;

export interface ParsedAdvocateNo {
  chamberCode: string;
  list: 'Adw' | 'Apl' | string;
  number: string;
}

/** The parts of an advocates' entry number as typed, or null when it has not that shape. */
export function parseAdvocateNo(value: string): ParsedAdvocateNo | null {
  const match = ADVOCATE_PATTERN.exec(foldLetters(value.trim()));
  if (!match) return null;
  const [, chamber = '', list = '', number = ''] = match;
  const canonicalList = list.charAt(0).toUpperCase() + list.slice(1).toLowerCase();
  return { chamberCode: chamber.toUpperCase(), list: canonicalList, number };
}

/**
 * The entry number in its one stored form: 'waw / adw / 04150' → 'WAW/Adw/4150', 'wa 14592' →
 * 'WA-14592'. A value that does not have the type's shape is returned trimmed, with inner spaces
 * collapsed, for licenceNoIssue to name what is wrong.
 */
export function normaliseLicenceNo(type: ProfessionalTypeId | string, value: string): string {
  const trimmed = value.trim().replace(/\s+/g, ' ');
  if (advocateListOf(type)) {
    const parsed = parseAdvocateNo(trimmed);
    return parsed ? `${parsed.chamberCode}/${parsed.list}/${parsed.number}` : trimmed;
  }
  const match = LEGAL_COUNSEL_PATTERN.exec(foldLetters(trimmed));
  if (!match) return trimmed;
  const [, prefix = '', number = ''] = match;
  return `${prefix.toUpperCase()}-${number}`;
}

/**
 * The form stored entry numbers are compared in: trimmed and case-folded. The database's claims
 * query applies the same with lower() (apps/api licence.repo.ts: claimsOfNumbers).
 */
export function licenceNoKey(stored: string): string {
  return stored.trim().toLowerCase();
}

/**
 * Whether two entry numbers, as typed or stored, name the same entry for a professional type:
 * the one rule the registers' matching and the claims use ('waw adw 04150' is 'WAW/Adw/4150').
 */
export function sameLicenceNo(type: ProfessionalTypeId | string, a: string, b: string): boolean {
  return licenceNoKey(normaliseLicenceNo(type, a)) === licenceNoKey(normaliseLicenceNo(type, b));
}

/**
 * What is wrong with an entry number for a professional type (and, for advocates, the chosen bar
 * chamber), as a message key; null when it is right. Takes the value as typed or normalised.
 */
export function licenceNoIssue(
  type: ProfessionalTypeId | string,
  value: string,
  institution?: string,
): MessageKey | null {
  const list = advocateListOf(type);
  if (!list) {
    return LEGAL_COUNSEL_PATTERN.test(foldLetters(value.trim())) ? null : 'validation.licenceNoLegalCounsel';
  }
  const parsed = parseAdvocateNo(value);
  if (!parsed || (parsed.list !== 'Adw' && parsed.list !== 'Apl') || parsed.number === '0') {
    return list === 'Adw' ? 'validation.licenceNoAdvocate' : 'validation.licenceNoTraineeAdvocate';
  }
  if (parsed.list !== list) {
    return list === 'Adw' ? 'validation.licenceNoIsTrainee' : 'validation.licenceNoIsAdvocate';
  }
  const chamber = institutionOfChamberCode(parsed.chamberCode);
  if (!chamber) return 'validation.licenceNoChamberUnknown';
  if (institution !== undefined && institution !== '' && institution.startsWith('ia-') && chamber !== institution) {
    return 'validation.licenceNoChamberMismatch';
  }
  return null;
}

/** Whether offers may be created: the spec's two conditions and a verified licence (issue 22). */
export interface OfferRequirements {
  profile_active: boolean;
  payment_account: boolean;
  licence_verified: boolean;
}

export function mayCreateOffers(requirements: OfferRequirements): boolean {
  return requirements.profile_active && requirements.payment_account && requirements.licence_verified;
}
