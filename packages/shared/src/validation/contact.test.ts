import { describe, expect, it } from 'vitest';
import { contactSchema } from './contact.ts';
import { firstIssueByPath } from './issues.ts';

const valid = { name: 'Jan', email: 'jan@example.pl', subject: 'Pytanie', message: 'Treść' };

describe('contactSchema', () => {
  it.each([
    [{}, {}],
    [{ name: '  ' }, { name: 'validation.fieldRequired' }],
    [{ name: '\u200b\u200b' }, { name: 'validation.fieldRequired' }],
    [{ name: '42' }, { name: 'validation.nameLetter' }],
    [{ message: '\u202e' }, { message: 'validation.fieldRequired' }],
    [{ email: 'jan@example.pl\u200b' }, {}],
    [{ email: '' }, { email: 'validation.fieldRequired' }],
    [{ email: 'jan(at)example.pl' }, { email: 'validation.email' }],
    [{ subject: undefined }, { subject: 'validation.fieldRequired' }],
    [{ message: '' }, { message: 'validation.fieldRequired' }],
    [{ message: 'x'.repeat(5001) }, { message: 'validation.tooLong' }],
    [{ name: 'x'.repeat(101) }, { name: 'validation.tooLong' }],
  ])('%j -> %j', (change, expected) => {
    const result = contactSchema.safeParse({ ...valid, ...change });
    expect(result.success ? {} : firstIssueByPath(result.error)).toEqual(expected);
  });
});
