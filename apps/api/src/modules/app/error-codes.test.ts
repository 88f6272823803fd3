import { LOCALES } from '@substytut/shared/locale';
import { messages } from '@substytut/shared/messages/index';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from './error-codes.ts';

describe('API error codes', () => {
  it.each(LOCALES)('each has a text in %s', (locale) => {
    const catalogue: Readonly<Record<string, string>> = messages[locale];
    const missing = API_ERROR_CODES.filter((code) => !catalogue[code]?.trim());
    expect(missing).toEqual([]);
  });
});
