import { describe, expect, it } from 'vitest';
import { nextFreeSeolink, seolinkFromName, slugify } from './seolink.ts';

describe('seolinkFromName', () => {
  it.each([
    ['Jan', 'Kowalski', 'jan-kowalski'],
    ['Łukasz', 'Żółć', 'lukasz-zolc'],
    ['Ąćęłńóśźż', 'ĄĆĘŁŃÓŚŹŻ', 'acelnoszz-acelnoszz'],
    ['  Anna Maria ', 'Nowak-Wiśniewska', 'anna-maria-nowak-wisniewska'],
    ['Zoë', "O'Brien", 'zoe-o-brien'],
    ['Jan', '', 'jan'],
    ['!!!', '???', ''],
    ['Jan2', 'Kowalski  3', 'jan2-kowalski-3'],
  ])('%j %j -> %j', (first, last, expected) => {
    expect(seolinkFromName(first, last)).toBe(expected);
  });

  it('slugify collapses separators and trims dashes', () => {
    expect(slugify('--Ala   ma__kota--')).toBe('ala-ma-kota');
  });
});

describe('nextFreeSeolink', () => {
  it.each([
    ['jan-kowalski', [], 'jan-kowalski'],
    ['jan-kowalski', ['jan-kowalski'], 'jan-kowalski-2'],
    ['jan-kowalski', ['jan-kowalski', 'jan-kowalski-2'], 'jan-kowalski-3'],
    ['jan-kowalski', ['jan-kowalski-2'], 'jan-kowalski'],
    ['jan-kowalski', ['jan-kowalski', 'jan-kowalski-3'], 'jan-kowalski-2'],
    ['', [], 'profil'],
    ['', ['profil'], 'profil-2'],
  ])('%j with %j taken -> %j', (base, taken, expected) => {
    expect(nextFreeSeolink(base, new Set(taken))).toBe(expected);
  });
});
