import { describe, expect, it } from 'vitest';
import { requestLanguage } from './request-language';

const request = (url: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${url}`, { headers });

describe('requestLanguage', () => {
  it('takes the prefix first, then the remembered choice, then the browser, then Polish', () => {
    expect(requestLanguage(request('/en/about', { cookie: 'lang=pl', 'accept-language': 'pl' }))).toBe('en');
    expect(requestLanguage(request('/pl', { cookie: 'lang=en' }))).toBe('pl');
    expect(requestLanguage(request('/about', { cookie: 'a=1; lang=en', 'accept-language': 'pl' }))).toBe(
      'en',
    );
    expect(requestLanguage(request('/about', { 'accept-language': 'de-DE,en;q=0.8,pl;q=0.5' }))).toBe('en');
    expect(requestLanguage(request('/about', { cookie: 'lang=de', 'accept-language': 'fr' }))).toBe('pl');
    expect(requestLanguage(request('/about'))).toBe('pl');
  });
});
