import { describe, expect, it } from 'vitest';
import { mayTakeBoardRequest, traineeMayAppearBefore } from './board-eligibility.ts';

const at = (iso: string) => new Date(iso);

describe('traineeMayAppearBefore (art. 77 Prawo o adwokaturze, art. 35 ustawy o radcach prawnych)', () => {
  it('lets a trainee advocate appear before a district court from the sixth month of training on', () => {
    expect(traineeMayAppearBefore('aplikant-adwokacki', '2026-01', 'SR', at('2026-06-30T10:00:00+02:00'))).toBe(false);
    expect(traineeMayAppearBefore('aplikant-adwokacki', '2026-01', 'SR', at('2026-07-01T09:00:00+02:00'))).toBe(true);
  });

  it('lets a trainee appear before a regional or appellate court only after eighteen months', () => {
    expect(traineeMayAppearBefore('aplikant-radcowski', '2025-01', 'SO', at('2026-06-30T10:00:00+02:00'))).toBe(false);
    expect(traineeMayAppearBefore('aplikant-radcowski', '2025-01', 'SO', at('2026-07-01T10:00:00+02:00'))).toBe(true);
    expect(traineeMayAppearBefore('aplikant-adwokacki', '2025-01', 'SA', at('2026-07-01T10:00:00+02:00'))).toBe(true);
    expect(traineeMayAppearBefore('aplikant-adwokacki', '2025-02', 'SA', at('2026-07-31T10:00:00+02:00'))).toBe(false);
  });

  it('counts the months in Warsaw time: a hearing at 00:30 on the first day is in the new month', () => {
    expect(traineeMayAppearBefore('aplikant-adwokacki', '2026-01', 'SR', at('2026-06-30T22:30:00Z'))).toBe(true);
  });

  it('refuses a trainee whose training start is unknown or malformed', () => {
    expect(traineeMayAppearBefore('aplikant-adwokacki', null, 'SR', at('2030-01-01T10:00:00Z'))).toBe(false);
    expect(traineeMayAppearBefore('aplikant-adwokacki', '2026-13', 'SR', at('2030-01-01T10:00:00Z'))).toBe(false);
  });

  it('does not restrict a full member of the bar', () => {
    expect(traineeMayAppearBefore('adwokat', null, 'SA', at('2026-01-01T10:00:00Z'))).toBe(true);
    expect(traineeMayAppearBefore('radca-prawny', null, 'SO', at('2026-01-01T10:00:00Z'))).toBe(true);
  });
});

describe('mayTakeBoardRequest', () => {
  const request = {
    professions: ['adwokat', 'aplikant-adwokacki'] as const,
    courtKind: 'SR' as const,
    startsAt: at('2026-12-01T10:00:00+01:00'),
  };
  const advocate = { profession: 'adwokat' as const, trainingStart: null, licenceVerified: true, payoutsConnected: true };

  it('lets a verified substitute of an asked profession take it', () => {
    expect(mayTakeBoardRequest(advocate, request)).toBe(true);
  });

  it('refuses a substitute without a verified licence or without payouts', () => {
    expect(mayTakeBoardRequest({ ...advocate, licenceVerified: false }, request)).toBe(false);
    expect(mayTakeBoardRequest({ ...advocate, payoutsConnected: false }, request)).toBe(false);
  });

  it('refuses a profession the poster did not ask for, and a profile without one', () => {
    expect(mayTakeBoardRequest({ ...advocate, profession: 'radca-prawny' }, request)).toBe(false);
    expect(mayTakeBoardRequest({ ...advocate, profession: null }, request)).toBe(false);
  });

  it('applies the trainee rule to the hearing date', () => {
    const trainee = { ...advocate, profession: 'aplikant-adwokacki' as const, trainingStart: '2026-09' };
    expect(mayTakeBoardRequest(trainee, request)).toBe(false);
    expect(mayTakeBoardRequest({ ...trainee, trainingStart: '2026-06' }, request)).toBe(true);
    expect(mayTakeBoardRequest({ ...trainee, trainingStart: '2026-06' }, { ...request, courtKind: 'SO' })).toBe(false);
  });
});
