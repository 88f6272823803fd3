import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COURTS } from '@substytut/shared';
import { courtsFromXml, hierarchySource, parentCodeOf, reconcile } from '../../../scripts/court-hierarchy.ts';
import { apiRoot } from '../src/modules/app/config.ts';

const repo = path.join(apiRoot, '..', '..');
const xmlFile = path.join(repo, '..', 'shared', 'reference', 'saos-commonCourts.xml');
const generated = path.join(repo, 'packages/shared/src/reference-data/court-hierarchy.generated.ts');

// scripts/court-hierarchy.ts reads SAOS's commonCourts.xml as it is (decision 040).
describe('court-hierarchy', () => {
  it('the code names the court one level up', () => {
    expect(parentCodeOf('15500505')).toBe('15500500');
    expect(parentCodeOf('15500500')).toBe('15500000');
    expect(parentCodeOf('15500000')).toBeNull();
    expect(() => parentCodeOf('1550')).toThrow();
  });

  it('matches by name, takes a renamed seat, and records every court it had to decide', () => {
    const xml = `<courts>
      <court id="15100000"><model><name>Sąd Apelacyjny w Testowie</name></model></court>
      <court id="15100500"><model><name>Sąd Okręgowy w Testowie</name>
        <departments><department id="0000503">I Wydział Cywilny</department>
        <department id="0523003">VI Zamiejscowy Wydział Cywilny z siedzibą w Nowince</department></departments></model></court>
      <court id="15100505"><model><name>Sąd Rejonowy w Starym Grodzie Wielkim</name></model></court>
    </courts>`;
    const courts = [
      { id: 'sad-apelacyjny-w-testowie', name: 'Sąd Apelacyjny w Testowie', city: 'Testów', kind: 'SA' },
      { id: 'sad-okregowy-w-testowie', name: 'Sąd Okręgowy w Testowie', city: 'Testów', kind: 'SO' },
      {
        id: 'sad-rejonowy-w-starym-grodzie',
        name: 'Sąd Rejonowy w Starym Grodzie',
        city: 'Stary Gród',
        kind: 'SR',
      },
      { id: 'sad-rejonowy-w-nowince', name: 'Sąd Rejonowy w Nowince', city: 'Nowinka', kind: 'SR' },
    ] as const;
    const { nodes, decisions } = reconcile(courts, courtsFromXml(xml));
    const byId = Object.fromEntries(nodes.map((n) => [n.id, n]));
    expect(byId['sad-okregowy-w-testowie']).toMatchObject({
      code: '15100500',
      parent: 'sad-apelacyjny-w-testowie',
    });
    expect(byId['sad-okregowy-w-testowie']?.divisions[0]).toEqual({
      code: '0000503',
      name: 'I Wydział Cywilny',
    });
    expect(byId['sad-rejonowy-w-starym-grodzie']).toMatchObject({
      code: '15100505',
      parent: 'sad-okregowy-w-testowie',
    });
    // Nowinka held a branch division of the regional court itself: its parent is that court's parent.
    expect(byId['sad-rejonowy-w-nowince']).toMatchObject({ code: null, parent: 'sad-okregowy-w-testowie' });
    expect(decisions.join('\n')).toMatch(/Starym Grodzie Wielkim/);
    expect(decisions.join('\n')).toMatch(/Nowince/);
  });

  it.skipIf(!existsSync(xmlFile))(
    'the generated file is what the script writes from the reference file',
    () => {
      const result = reconcile(COURTS, courtsFromXml(readFileSync(xmlFile, 'utf8')));
      expect(readFileSync(generated, 'utf8')).toBe(hierarchySource(result));
    },
  );
});
