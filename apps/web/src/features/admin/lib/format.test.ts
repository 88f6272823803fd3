import { describe, expect, it } from 'vitest';
import { shownEmail } from './format';

describe('shownEmail (issue 34)', () => {
  it('shows a deleted account as a label, not as deleted-…@deleted.invalid', () => {
    expect(shownEmail('deleted-17@deleted.invalid', 'Konto usunięte')).toBe('Konto usunięte');
    expect(shownEmail('jan@example.pl', 'Konto usunięte')).toBe('jan@example.pl');
    expect(shownEmail(null, 'Konto usunięte')).toBe('—');
  });
});
