import { describe, expect, it } from 'vitest';
import { formatCountPlus, formatPlanPrice } from './format';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('marketing number formats', () => {
  it.each([
    [5000, 'pl', '5 000+'],
    [50000, 'pl', '50 000+'],
    [500, 'pl', '500+'],
    [5000, 'en', '5,000+'],
    [50000, 'en', '50,000+'],
  ] as const)('%d in %s is %s', (value, language, expected) => {
    expect(nbsp(formatCountPlus(value, language))).toBe(expected);
  });

  it('prices whole złoty without grosze, in each language', () => {
    expect(nbsp(formatPlanPrice(4900, 'pl'))).toBe('49 zł');
    expect(nbsp(formatPlanPrice(0, 'pl'))).toBe('0 zł');
    expect(nbsp(formatPlanPrice(4900, 'en'))).toBe('PLN 49');
    expect(nbsp(formatPlanPrice(4950, 'pl'))).toBe('49,50 zł');
  });
});
