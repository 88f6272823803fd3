import { describe, expect, it } from 'vitest';
import { isDeletedAccountEmail } from './deleted-account.ts';

describe('isDeletedAccountEmail', () => {
  it('knows the placeholder a deleted account keeps', () => {
    expect(isDeletedAccountEmail('deleted-42@deleted.invalid')).toBe(true);
    expect(isDeletedAccountEmail('deleted-0b6f3c1e-7d7a-4f0e-9a55-2f1c8f0a9e11@deleted.invalid')).toBe(true);
  });

  it('leaves real addresses and nothing alone', () => {
    for (const email of ['jan@example.pl', 'deleted-42@example.pl', 'deleted@deleted.invalid.pl', '', null, undefined]) {
      expect(isDeletedAccountEmail(email), String(email)).toBe(false);
    }
  });
});
