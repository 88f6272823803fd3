import { findCourt } from '@substytut/shared';
import { describe, expect, it } from 'vitest';
import { courtsFromCsv, parseCsv } from '../../../scripts/refresh-courts.ts';

// scripts/refresh-courts.ts reads the downloaded file of dane.gov.pl dataset 985 as it is.
describe('refresh-courts', () => {
  it('reads quoted fields, either separator and a byte-order mark', () => {
    expect(parseCsv('\uFEFFa;b\r\n"x; y";"say ""hi"""\n')).toEqual([
      ['a', 'b'],
      ['x; y', 'say "hi"'],
    ]);
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps the common courts once each, with the ids the snapshot uses', () => {
    const csv = [
      'Lp.;Nazwa sądu;Ulica;Kod pocztowy;Miejscowość',
      '1;Sąd Rejonowy dla Warszawy-Mokotowa w Warszawie;Ogrodowa 51a;00-873;Warszawa',
      '2;"Sąd  Okręgowy w Krakowie";Przy Rondzie 7;31-547;Kraków',
      '3;Sąd Rejonowy dla Warszawy-Mokotowa w Warszawie;Ogrodowa 51a;00-873;Warszawa',
      '4;Prokuratura Rejonowa w Testowie;;;Testowo',
    ].join('\n');
    const courts = courtsFromCsv(csv);
    expect(courts).toEqual([
      {
        id: 'sad-rejonowy-dla-warszawy-mokotowa-w-warszawie',
        name: 'Sąd Rejonowy dla Warszawy-Mokotowa w Warszawie',
        city: 'Warszawa',
        kind: 'SR',
      },
      { id: 'sad-okregowy-w-krakowie', name: 'Sąd Okręgowy w Krakowie', city: 'Kraków', kind: 'SO' },
    ]);
    for (const court of courts) expect(findCourt(court.id)?.name).toBe(court.name);
  });

  it('refuses a file without the name and city columns', () => {
    expect(() => courtsFromCsv('a;b\n1;2')).toThrow(/no name\/city columns/);
  });
});
