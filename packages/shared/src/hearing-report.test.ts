import { describe, expect, it } from 'vitest';
import {
  HEARING_NOTES_MAX_LENGTH,
  dateToWarsawWallTime,
  disputeResolutionSchema,
  disputeSchema,
  hearingReportSchemaAt,
  isValidRefund,
  warsawWallTimeToDate,
} from './hearing-report.ts';

const now = new Date('2026-03-10T12:00:00Z');
const schema = hearingReportSchemaAt(() => now);
const messagesOf = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('warsaw wall time', () => {
  it('reads a datetime-local value as Warsaw time, winter and summer', () => {
    expect(warsawWallTimeToDate('2026-03-11T09:30')?.toISOString()).toBe('2026-03-11T08:30:00.000Z');
    expect(warsawWallTimeToDate('2026-07-01T09:30')?.toISOString()).toBe('2026-07-01T07:30:00.000Z');
    expect(dateToWarsawWallTime(new Date('2026-07-01T07:30:00Z'))).toBe('2026-07-01T09:30');
  });
  it.each(['2026-02-30T10:00', '2026-03-29T02:30', '2026-03-11', '11.03.2026 10:00', ''])(
    'refuses %j',
    (text) => {
      expect(warsawWallTimeToDate(text)).toBeNull();
    },
  );
});

describe('hearing report', () => {
  it('takes held with notes, no next date', () => {
    const result = schema.parse({ outcome: 'held', notes: '  Stawiłem się, sąd zamknął rozprawę.  ' });
    expect(result).toEqual({
      outcome: 'held',
      nextHearingAt: null,
      notes: 'Stawiłem się, sąd zamknął rozprawę.',
    });
  });
  it('ignores a next date sent with another outcome', () => {
    expect(
      schema.parse({ outcome: 'not_held', next_hearing_at: '2026-04-01T10:00' }).nextHearingAt,
    ).toBeNull();
  });
  it('needs a future next date for an adjourned hearing', () => {
    expect(messagesOf(schema.safeParse({ outcome: 'adjourned' }))).toEqual([
      'next_hearing_at:validation.fillField',
    ]);
    expect(
      messagesOf(schema.safeParse({ outcome: 'adjourned', next_hearing_at: '2026-03-10T10:00' })),
    ).toEqual(['next_hearing_at:validation.nextHearingInPast']);
    expect(messagesOf(schema.safeParse({ outcome: 'adjourned', next_hearing_at: 'jutro' }))).toEqual([
      'next_hearing_at:validation.dateInvalid',
    ]);
    expect(
      schema
        .parse({ outcome: 'adjourned', next_hearing_at: '2026-04-01T10:00' })
        .nextHearingAt?.toISOString(),
    ).toBe('2026-04-01T08:00:00.000Z');
  });
  it('refuses an unknown outcome and notes over 2000 characters', () => {
    expect(messagesOf(schema.safeParse({ outcome: 'won' }))).toEqual(['outcome:validation.hearingOutcome']);
    expect(messagesOf(schema.safeParse({}))).toEqual(['outcome:validation.hearingOutcome']);
    expect(schema.safeParse({ outcome: 'held', notes: 'a'.repeat(HEARING_NOTES_MAX_LENGTH) }).success).toBe(
      true,
    );
    expect(
      messagesOf(schema.safeParse({ outcome: 'held', notes: 'a'.repeat(HEARING_NOTES_MAX_LENGTH + 1) })),
    ).toEqual(['notes:validation.tooLong']);
  });
});

describe('dispute and resolution', () => {
  it('a dispute needs a reason of 10 characters or more', () => {
    expect(messagesOf(disputeSchema.safeParse({ reason: '   ' }))).toEqual(['reason:validation.fillField']);
    expect(messagesOf(disputeSchema.safeParse({ reason: 'za krótko' }))).toEqual([
      'reason:validation.reasonTooShort',
    ]);
    expect(disputeSchema.parse({ reason: ' Pełnomocnik nie stawił się. ' }).reason).toBe(
      'Pełnomocnik nie stawił się.',
    );
  });
  it('a refund names whole grosze above 0; a release names none', () => {
    const reason = 'Rozprawa trwała krótko.';
    expect(
      disputeResolutionSchema.safeParse({ decision: 'refund', amount_grosze: 6150, reason }).success,
    ).toBe(true);
    for (const amount_grosze of [0, -5, 1.5, null, undefined]) {
      expect(
        messagesOf(disputeResolutionSchema.safeParse({ decision: 'refund', amount_grosze, reason })),
      ).toContain('amount_grosze:validation.refundAmount');
    }
    expect(disputeResolutionSchema.safeParse({ decision: 'release', reason }).success).toBe(true);
    expect(
      disputeResolutionSchema.safeParse({ decision: 'release', amount_grosze: 10, reason }).success,
    ).toBe(false);
    expect(disputeResolutionSchema.safeParse({ decision: 'keep', reason }).success).toBe(false);
  });
  it.each([
    [1, 100, 0, true],
    [100, 100, 0, true],
    [101, 100, 0, false],
    [50, 100, 60, false],
    [0, 100, 0, false],
    [1.5, 100, 0, false],
  ])('refund %s of %s (already %s) valid: %s', (amount, paid, already, ok) => {
    expect(isValidRefund(amount, paid, already)).toBe(ok);
  });
});
