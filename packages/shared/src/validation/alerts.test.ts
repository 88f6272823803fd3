import { describe, expect, it } from 'vitest';
import { alertSettingsInputSchema } from './alerts.ts';

const valid = {
  court_ids: ['sad-rejonowy-dla-warszawy-mokotowa-w-warszawie'],
  area_court_ids: ['sad-okregowy-w-warszawie', 'sad-apelacyjny-w-krakowie'],
  cities: ['Warszawa', 'Kraków'],
  case_types: ['civil'],
  min_fee_net: '150.00',
  channels: { email: true, push: false, digest: true },
  quiet_hours: { from: '22:00', to: '07:00' },
};

const issuesOf = (input: unknown) =>
  alertSettingsInputSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ??
  [];

describe('alertSettingsInputSchema: areas and cities come from the court list', () => {
  it('accepts regional and appellate courts as areas and cities that have a court', () => {
    expect(issuesOf(valid)).toEqual([]);
  });

  it('refuses a district court as an area', () => {
    expect(
      issuesOf({ ...valid, area_court_ids: ['sad-rejonowy-dla-warszawy-mokotowa-w-warszawie'] }),
    ).toEqual(['area_court_ids.0: validation.alertAreaInvalid']);
  });

  it('refuses a city without a court', () => {
    expect(issuesOf({ ...valid, cities: ['Atlantyda'] })).toEqual(['cities.0: validation.alertCityUnknown']);
  });
});
