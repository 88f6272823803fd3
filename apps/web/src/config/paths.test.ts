import { describe, expect, it } from 'vitest';
import {
  getPathLanguage,
  languageUrl,
  paths,
  stripLanguage,
  switchLanguageHref,
  withLanguage,
} from './paths';

describe('paths', () => {
  it.each([
    ['/', null],
    ['/pl', 'pl'],
    ['/en/about', 'en'],
    ['/english', null],
    ['/about/en', null],
  ])('reads the language of %s', (pathname, expected) => {
    expect(getPathLanguage(pathname)).toBe(expected);
  });

  it.each([
    ['/pl', '/'],
    ['/en/', '/'],
    ['/en/about', '/about'],
    ['/pl?x=1', '/?x=1'],
    ['/plan', '/plan'],
    ['/about', '/about'],
  ])('strips the prefix of %s', (href, expected) => {
    expect(stripLanguage(href)).toBe(expected);
  });

  it.each([
    ['/', 'en', '/en'],
    ['/about', 'pl', '/pl/about'],
    ['/en/about', 'pl', '/pl/about'],
    ['/u/jan?o=abc', 'en', '/en/u/jan?o=abc'],
    ['/?x=1', 'en', '/en?x=1'],
    ['/pl/faq', null, '/faq'],
  ] as const)('adds a prefix: %s in %s', (href, language, expected) => {
    expect(withLanguage(href, language)).toBe(expected);
  });

  it('switches language keeping the page, adding a prefix to unprefixed addresses', () => {
    expect(switchLanguageHref('/pl/pricing#plans', 'en')).toBe('/en/pricing#plans');
    expect(switchLanguageHref('/contact', 'pl')).toBe('/pl/contact');
    expect(switchLanguageHref('/en', 'pl')).toBe('/pl');
  });

  it('builds canonical addresses with a language and without a trailing slash', () => {
    expect(languageUrl('https://substytut.pl/', '/', 'pl')).toBe('https://substytut.pl/pl');
    expect(languageUrl('https://substytut.pl', '/en/about/', 'pl')).toBe('https://substytut.pl/pl/about');
  });

  it('encodes parameters of built links', () => {
    expect(paths.publicProfile.getHref('jan kowalski', 'a&b')).toBe('/u/jan%20kowalski?o=a%26b');
    expect(paths.publicProfile.getHref('jan')).toBe('/u/jan');
    expect(paths.auth.reset.getHref('t/1', 'a+b@x.pl')).toBe('/auth/reset/t%2F1?email=a%2Bb%40x.pl');
  });
});
