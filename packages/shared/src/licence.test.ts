import { describe, expect, it } from 'vitest';
import {
  ADVOCATE_CHAMBER_CODES,
  institutionOfChamberCode,
  licenceNoIssue,
  licenceNoKey,
  licenceRegisterOf,
  mayCreateOffers,
  normaliseLicenceNo,
  parseAdvocateNo,
  sameLicenceNo,
} from './licence.ts';
import { messages } from './messages/index.ts';
import { BAR_CHAMBERS } from './reference-data/institutions.ts';

describe('the chamber codes of NRA resolution 101/2015', () => {
  it('name every bar chamber of the profile form once, three capital letters each', () => {
    expect(Object.keys(ADVOCATE_CHAMBER_CODES).sort()).toEqual(BAR_CHAMBERS.map((c) => c.id).sort());
    const codes = Object.values(ADVOCATE_CHAMBER_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it.each([
    ['WAW', 'ia-warszawa'],
    ['waw', 'ia-warszawa'],
    ['BBI', 'ia-bielsko-biala'],
    ['LOD', 'ia-lodz'],
    ['WAB', 'ia-walbrzych'],
    ['XYZ', undefined],
  ])('%s is the chamber %s', (code, institution) => {
    expect(institutionOfChamberCode(code)).toBe(institution);
  });
});

describe('licenceRegisterOf', () => {
  it.each([
    ['adwokat', 'advocates'],
    ['aplikant-adwokacki', 'advocates'],
    ['radca-prawny', 'legal_counsel'],
    ['aplikant-radcowski', 'legal_counsel'],
  ])('%s -> %s', (type, register) => {
    expect(licenceRegisterOf(type)).toBe(register);
  });
});

describe('normaliseLicenceNo', () => {
  it.each([
    // advocates: chamber code in capitals, the list as the resolution writes it, no leading zeros
    ['adwokat', 'WAW/Adw/4150', 'WAW/Adw/4150'],
    ['adwokat', 'waw/adw/4150', 'WAW/Adw/4150'],
    ['adwokat', ' WAW / ADW / 4150 ', 'WAW/Adw/4150'],
    ['adwokat', 'waw adw 4150', 'WAW/Adw/4150'],
    ['adwokat', 'WAW-Adw-004150', 'WAW/Adw/4150'],
    ['adwokat', 'WAW\\Adw\\4150', 'WAW/Adw/4150'],
    ['adwokat', 'ŁÓD/Adw/12', 'LOD/Adw/12'],
    ['aplikant-adwokacki', 'kra/apl/1520', 'KRA/Apl/1520'],
    // not the shape: trimmed and inner spaces collapsed, left for licenceNoIssue to name
    ['adwokat', '  WAW   4150 ', 'WAW 4150'],
    // legal counsel and their trainees: the chamber's prefix, a hyphen, the number
    ['radca-prawny', 'WA-14592', 'WA-14592'],
    ['radca-prawny', 'wa-14592', 'WA-14592'],
    ['radca-prawny', 'WA 14592', 'WA-14592'],
    ['radca-prawny', 'WA14592', 'WA-14592'],
    ['radca-prawny', 'WA/014592', 'WA-14592'],
    ['radca-prawny', 'Łd-1', 'LD-1'],
    ['aplikant-radcowski', ' kr - 7 ', 'KR-7'],
    ['radca-prawny', 'nr 14592 Warszawa', 'nr 14592 Warszawa'],
  ])('%s: %j -> %j', (type, typed, stored) => {
    expect(normaliseLicenceNo(type, typed)).toBe(stored);
  });
});

describe('sameLicenceNo and licenceNoKey: the one rule for "the same entry"', () => {
  it.each([
    ['adwokat', 'WAW/Adw/4150', 'waw adw 04150', true],
    ['adwokat', 'WAW/Adw/4150', 'WAW/Apl/4150', false],
    ['adwokat', 'WAW/Adw/4150', 'KRA/Adw/4150', false],
    ['aplikant-adwokacki', 'GDA/Apl/90005', 'gda/apl/90005', true],
    ['radca-prawny', 'WA-14592', 'wa 014592', true],
    ['radca-prawny', 'WA-14592', 'WA-14593', false],
  ])('%s: %j and %j name the same entry: %s', (type, a, b, same) => {
    expect(sameLicenceNo(type, a, b)).toBe(same);
  });

  it('compares stored numbers trimmed and case-folded, as the claims query does with lower()', () => {
    expect(licenceNoKey(' WAW/Adw/4150 ')).toBe('waw/adw/4150');
    expect(licenceNoKey('WA-14592')).toBe(licenceNoKey('wa-14592'));
  });
});

describe('licenceNoIssue', () => {
  it.each([
    // advocate
    ['adwokat', 'WAW/Adw/4150', 'ia-warszawa', null],
    ['adwokat', 'waw/adw/4150', 'ia-warszawa', null],
    ['adwokat', 'WAW/Adw/4150', undefined, null],
    ['adwokat', 'WA-4150', 'ia-warszawa', 'validation.licenceNoAdvocate'],
    ['adwokat', '4150', 'ia-warszawa', 'validation.licenceNoAdvocate'],
    ['adwokat', 'WAW/Adw/', 'ia-warszawa', 'validation.licenceNoAdvocate'],
    ['adwokat', 'WAW/Adw/0', 'ia-warszawa', 'validation.licenceNoAdvocate'],
    ['adwokat', 'WAW/Adw/1234567', 'ia-warszawa', 'validation.licenceNoAdvocate'],
    ['adwokat', 'WAW/PzA/12', 'ia-warszawa', 'validation.licenceNoAdvocate'],
    ['adwokat', 'WAW/Apl/12', 'ia-warszawa', 'validation.licenceNoIsTrainee'],
    ['adwokat', 'XYZ/Adw/12', 'ia-warszawa', 'validation.licenceNoChamberUnknown'],
    ['adwokat', 'KRA/Adw/12', 'ia-warszawa', 'validation.licenceNoChamberMismatch'],
    // a legal counsel chamber is the institution mismatch's to report, not the number's
    ['adwokat', 'KRA/Adw/12', 'oirp-krakow', null],
    // trainee advocate
    ['aplikant-adwokacki', 'KRA/Apl/1520', 'ia-krakow', null],
    ['aplikant-adwokacki', 'KRA/Adw/1520', 'ia-krakow', 'validation.licenceNoIsAdvocate'],
    ['aplikant-adwokacki', 'KR-1520', 'ia-krakow', 'validation.licenceNoTraineeAdvocate'],
    ['aplikant-adwokacki', 'POZ/Apl/1', 'ia-krakow', 'validation.licenceNoChamberMismatch'],
    // legal counsel and trainee legal counsel
    ['radca-prawny', 'WA-14592', 'oirp-warszawa', null],
    ['radca-prawny', 'wa 14592', 'oirp-warszawa', null],
    ['radca-prawny', 'WAW/Adw/14592', 'oirp-warszawa', 'validation.licenceNoLegalCounsel'],
    ['radca-prawny', '14592', 'oirp-warszawa', 'validation.licenceNoLegalCounsel'],
    ['radca-prawny', 'WARS-14592', 'oirp-warszawa', 'validation.licenceNoLegalCounsel'],
    ['radca-prawny', 'WA-1234567', 'oirp-warszawa', 'validation.licenceNoLegalCounsel'],
    ['aplikant-radcowski', 'KR-77', 'oirp-krakow', null],
    ['aplikant-radcowski', 'KR/Apl/77', 'oirp-krakow', 'validation.licenceNoLegalCounsel'],
  ])('%s %j (%s) -> %s', (type, value, institution, issue) => {
    expect(licenceNoIssue(type, value, institution)).toBe(issue);
  });

  it('names only keys both languages have', () => {
    const keys = Object.keys(messages.pl).filter((k) => k.startsWith('validation.licenceNo'));
    expect(keys.length).toBe(7);
    for (const key of keys) expect(messages.en[key as keyof typeof messages.en]).toBeTruthy();
  });
});

describe('parseAdvocateNo', () => {
  it('splits a number into chamber, list and number', () => {
    expect(parseAdvocateNo('waw/adw/04150')).toEqual({ chamberCode: 'WAW', list: 'Adw', number: '4150' });
    expect(parseAdvocateNo('WA-4150')).toBeNull();
  });
});

describe('mayCreateOffers', () => {
  it.each([
    [true, true, true, true],
    [false, true, true, false],
    [true, false, true, false],
    [true, true, false, false],
  ])('active %s, payments %s, licence %s -> %s', (profile_active, payment_account, licence_verified, may) => {
    expect(mayCreateOffers({ profile_active, payment_account, licence_verified })).toBe(may);
  });
});
