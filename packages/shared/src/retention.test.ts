import { describe, expect, it } from 'vitest';
import { OFFER_STATUSES } from './offer-status.ts';
import { blocksAccountDeletion, RETENTION, retentionRules, taxRecordsKeptUntil } from './retention.ts';

describe('retention', () => {
  it('keeps a tax record five years from the end of the year its tax was due (at latest the next one)', () => {
    // December's VAT is due in January: a 2025 payment is kept until the end of 2031.
    expect(RETENTION.taxRecordsYears).toBe(5);
    expect(taxRecordsKeptUntil(new Date('2025-03-10T12:00:00Z')).toISOString()).toBe(
      '2032-01-01T00:00:00.000Z',
    );
    expect(taxRecordsKeptUntil(new Date('2025-12-31T23:59:59Z')).toISOString()).toBe(
      '2032-01-01T00:00:00.000Z',
    );
  });

  it.each([
    ['active', false],
    ['paystart', true],
    ['payed', true],
    ['done', true],
    ['accepted', false],
    ['archive', false],
    ['expired', false],
    ['disputed', true],
    ['cancelled', true],
    ['refunded', false],
    ['resolved', false],
  ] as const)('an offer in %s blocks deleting the account: %s', (status, blocks) => {
    expect(blocksAccountDeletion(status)).toBe(blocks);
  });

  it('names every offer status', () => {
    expect(OFFER_STATUSES).toHaveLength(11);
  });

  it('prints the same periods in both languages', () => {
    for (const locale of ['pl', 'en'] as const) {
      const text = retentionRules(locale)
        .map((r) => r.kept)
        .join(' ');
      expect(text).toContain(String(RETENTION.taxRecordsYears));
      expect(text).toContain(String(RETENTION.exportLinkHours));
    }
  });
});
