import { describe, expect, it } from 'vitest';
import { boardPostSchemaWith, boardAnswerSchema } from './board.ts';

const now = new Date('2026-11-27T12:00:00Z');
const clock = () => now;
const valid = {
  court_id: 'sad-rejonowy-dla-warszawy-mokotowa-w-warszawie',
  division: 'II Wydział Cywilny',
  starts_at: '2026-11-28T09:00:00+01:00',
  mode: 'in_person',
  case_type: 'civil',
  task: 'Stawiennictwo na rozprawie, przesłuchanie świadka.',
  professions: ['adwokat', 'radca-prawny'],
  fee_net: '250.00',
  auto_assign: true,
  answer_deadline: null,
  case_number: 'II C 123/26',
  parties: [{ name: 'Jan Kowalski', role: 'powód' }],
};
const parse = (body: unknown) => boardPostSchemaWith(clock).safeParse(body);
const errorsOf = (body: unknown) => {
  const result = parse(body);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('boardPostSchemaWith', () => {
  it('turns a valid post into grosze, dates and a deadline two hours before the hearing', () => {
    const result = parse(valid);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.feeNetGrosze).toBe(25_000);
    expect(result.data.startsAt.toISOString()).toBe('2026-11-28T08:00:00.000Z');
    expect(result.data.answerDeadline.toISOString()).toBe('2026-11-28T06:00:00.000Z');
    expect(result.data.caseNumber).toBe('II C 123/26');
  });

  it('accepts "ask for quotes" (no fee) but not with auto-assign', () => {
    expect(parse({ ...valid, fee_net: null, auto_assign: false }).success).toBe(true);
    expect(errorsOf({ ...valid, fee_net: null, auto_assign: true })).toEqual(['auto_assign:validation.boardAutoAssignNeedsFee']);
  });

  it('refuses an unknown court, a past hearing, an empty profession list and a fee out of range', () => {
    expect(errorsOf({ ...valid, court_id: 'nowhere' })).toEqual(['court_id:validation.courtUnknown']);
    expect(errorsOf({ ...valid, starts_at: '2026-11-27T10:00:00Z' })).toEqual(['starts_at:validation.hearingInPast']);
    expect(errorsOf({ ...valid, professions: [] })).toEqual(['professions:validation.boardProfessionsRequired']);
    expect(errorsOf({ ...valid, professions: ['notariusz'] })[0]).toMatch(/^professions/);
    expect(errorsOf({ ...valid, fee_net: '0' })).toEqual(['fee_net:validation.priceRange']);
  });

  it('refuses a deadline after the hearing or already past', () => {
    expect(errorsOf({ ...valid, answer_deadline: '2026-11-28T10:00:00+01:00' })).toEqual([
      'answer_deadline:validation.boardDeadlineAfterHearing',
    ]);
    expect(errorsOf({ ...valid, answer_deadline: '2026-11-27T11:00:00Z' })).toEqual([
      'answer_deadline:validation.boardDeadlinePast',
    ]);
  });

  it('keeps the deadline in the future when the hearing is less than two hours away', () => {
    const soon = parse({ ...valid, starts_at: '2026-11-27T13:00:00Z' });
    expect(soon.success).toBe(true);
    if (soon.success) expect(soon.data.answerDeadline.toISOString()).toBe('2026-11-27T13:00:00.000Z');
  });

  it('needs at least one party, each with a name and a role, and a task of at most 1000 characters', () => {
    expect(errorsOf({ ...valid, parties: [] })).toEqual(['parties:validation.boardPartiesRequired']);
    expect(errorsOf({ ...valid, parties: [{ name: '', role: 'powód' }] })).toEqual(['parties.0.name:validation.fillField']);
    expect(errorsOf({ ...valid, task: 'x'.repeat(1001) })).toEqual(['task:validation.tooLong']);
    expect(errorsOf({ ...valid, task: '  ' })).toEqual(['task:validation.fillField']);
  });
});

describe('boardAnswerSchema', () => {
  it('reads an acceptance of the fixed fee and a proposed price', () => {
    expect(boardAnswerSchema.parse({ price_net: null, message: '' })).toEqual({ priceNetGrosze: null, message: '' });
    expect(boardAnswerSchema.parse({ price_net: '300,50', message: 'Chętnie.' })).toEqual({
      priceNetGrosze: 30_050,
      message: 'Chętnie.',
    });
  });

  it('refuses a message over 500 characters', () => {
    expect(boardAnswerSchema.safeParse({ price_net: null, message: 'x'.repeat(501) }).success).toBe(false);
  });
});
