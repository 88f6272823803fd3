import { describe, expect, it } from 'vitest';
import { acceptedLocale, localeFromAcceptLanguage } from './accept-language.ts';

describe('acceptedLocale', () => {
  it('weighs the tags and ignores refused ones', () => {
    expect(acceptedLocale('en;q=0.5, pl;q=0.9')).toBe('pl');
    expect(acceptedLocale('pl;q=0, en-GB')).toBe('en');
    expect(acceptedLocale(null)).toBeNull();
  });

  it.each([
    ['en-GB,en;q=0.9,pl;q=0.8', 'en'],
    ['de-DE,de;q=0.9,en;q=0.8,pl;q=0.7', 'en'],
    ['pl-PL,pl;q=0.9,en-US;q=0.8', 'pl'],
    ['pl;q=0.5,en;q=0.8', 'en'],
    ['en;q=0,pl', 'pl'],
    ['EN-us', 'en'],
    ['pl;q=0.5,en;q=0.5', 'pl'],
    // equal weights: the order the client wrote decides, not how exactly a tag matches
    ['en-GB,pl', 'en'],
    ['en-US, pl-PL', 'en'],
    ['pl-PL,en', 'pl'],
    ['en;q=0.5,pl;q=0.5', 'en'],
    ['*', 'pl'],
    ['de,*;q=0.5,en;q=0.4', 'pl'],
    ['en-GB;q=0.9,en;q=0,pl;q=0.1', 'pl'],
  ])('reads %s as %s', (header, locale) => {
    expect(acceptedLocale(header)).toBe(locale);
  });

  it('names neither when the client asks for other languages only', () => {
    expect(acceptedLocale('de,fr')).toBeNull();
    expect(acceptedLocale('')).toBeNull();
    expect(acceptedLocale(undefined)).toBeNull();
  });
});

describe('localeFromAcceptLanguage', () => {
  it('answers in Polish unless the client ranks English higher', () => {
    expect(localeFromAcceptLanguage('en-GB,en;q=0.9,pl;q=0.5')).toBe('en');
    expect(localeFromAcceptLanguage('de,fr')).toBe('pl');
    expect(localeFromAcceptLanguage(undefined)).toBe('pl');
  });
});
