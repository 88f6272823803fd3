import { describe, expect, it } from 'vitest';
import type { ProfileRow } from '../../db/schema/profile.ts';
import { mayTake, substituteOf } from './board.access.ts';
import type { BoardRequestRow } from './board.deps.ts';

/**
 * Who may take a request, as the board reads a profile: the court's kind from the court list, the
 * trainee's training start (b32-people's profile column `trainingStart`), verified = licence
 * verified and the profile active (payouts connected).
 */

const SR = 'sad-rejonowy-dla-warszawy-mokotowa-w-warszawie';
const SO = 'sad-okregowy-w-warszawie';

const profile = (fields: Partial<ProfileRow> & { trainingStart?: string | null }): ProfileRow =>
  ({ permissions: 'aplikant-adwokacki', licenceState: 'verified', status: 'active', ...fields }) as ProfileRow;

const request = (courtId: string, professions: BoardRequestRow['professions'] = ['aplikant-adwokacki', 'adwokat']) =>
  ({ courtId, professions, startsAt: new Date('2026-12-03T09:00:00Z') }) as BoardRequestRow;

describe('mayTake', () => {
  it('a trainee of 3 months takes neither a district nor a regional court request', () => {
    const trainee = profile({ trainingStart: '2026-09' });
    expect(mayTake(trainee, request(SR))).toBe(false);
    expect(mayTake(trainee, request(SO))).toBe(false);
  });

  it('a trainee of 6 months takes a district court request, not a regional one until 18 months', () => {
    expect(mayTake(profile({ trainingStart: '2026-06' }), request(SR))).toBe(true);
    expect(mayTake(profile({ trainingStart: '2026-06' }), request(SO))).toBe(false);
    expect(mayTake(profile({ trainingStart: '2025-06' }), request(SO))).toBe(true);
  });

  it('a trainee without a known training start takes nothing', () => {
    expect(mayTake(profile({}), request(SR))).toBe(false);
  });

  it('needs the profession asked for, a verified licence and payouts', () => {
    const advocate = profile({ permissions: 'adwokat' });
    expect(mayTake(advocate, request(SO))).toBe(true);
    expect(mayTake(advocate, request(SO, ['radca-prawny']))).toBe(false);
    expect(mayTake({ ...advocate, licenceState: 'pending' }, request(SO))).toBe(false);
    expect(mayTake({ ...advocate, status: 'inactive' }, request(SO))).toBe(false);
    expect(substituteOf(advocate)).toMatchObject({ profession: 'adwokat', licenceVerified: true, payoutsConnected: true });
  });

  it('refuses a court that is not on the list', () => {
    expect(mayTake(profile({ permissions: 'adwokat' }), request('nowhere'))).toBe(false);
  });
});
