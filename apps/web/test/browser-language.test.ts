import { describe, expect, it } from 'vitest';
import { detectLanguage } from './browser-language';

describe('detectLanguage', () => {
  it('takes the URL prefix first', () => {
    expect(detectLanguage({ pathname: '/en/about', stored: 'pl', browserLanguages: ['pl-PL'] })).toBe('en');
    expect(detectLanguage({ pathname: '/pl', stored: 'en', browserLanguages: ['en-GB'] })).toBe('pl');
  });

  it('then the stored choice', () => {
    expect(detectLanguage({ pathname: '/about', stored: 'en', browserLanguages: ['pl-PL'] })).toBe('en');
  });

  it('ignores a stored value that is not a supported language', () => {
    expect(detectLanguage({ pathname: '/', stored: 'de', browserLanguages: ['en-US'] })).toBe('en');
  });

  it('then the first supported browser language', () => {
    expect(detectLanguage({ pathname: '/', stored: null, browserLanguages: ['de-DE', 'EN-us', 'pl'] })).toBe('en');
  });

  it('falls back to Polish', () => {
    expect(detectLanguage({ pathname: '/faq', stored: null, browserLanguages: ['de', 'fr'] })).toBe('pl');
    expect(detectLanguage({ pathname: '/faq' })).toBe('pl');
  });
});
