import { describe, expect, it } from 'vitest';
import { pdfFlatText } from '../../../test/pdf-text.js';
import { renderSubstitutionDocument, type SubstitutionDocumentInput } from './substitution-document.js';

const hearing = {
  courtName: 'Sąd Rejonowy dla Łodzi-Śródmieścia w Łodzi',
  courtCity: 'Łódź',
  division: 'I Wydział Cywilny',
  caseNumber: 'I C 123/26',
  // 09:30 in Warsaw (winter time, UTC+1)
  startsAt: new Date('2026-12-03T08:30:00Z'),
  party: 'Jan Kowalski (powód)',
};

const base: SubstitutionDocumentInput = {
  substitute: { name: 'Zofia Wiśniewska', professionalType: 'adwokat', licenseNo: 'ŁDZ/Adw/2211' },
  grantor: {
    name: 'Grzegorz Żółć',
    professionalType: 'radca-prawny',
    licenseNo: 'WA-12345',
    officeAddress: 'ul. Świętokrzyska 12, 00-916 Warszawa',
  },
  hearing,
  issued: { place: 'Warszawa', on: new Date('2026-11-20T10:00:00Z') },
  offerId: 42,
};

async function text(input: SubstitutionDocumentInput): Promise<string> {
  const pdf = await renderSubstitutionDocument(input);
  if (!pdf) throw new Error('no document');
  return pdfFlatText(pdf);
}

describe('the substitution document', () => {
  it('for an advocate: a substitution power of attorney under art. 91 pkt 3 k.p.c., 17 zł stamp duty to the court’s town', async () => {
    const t = await text(base);
    expect(t).toContain('PEŁNOMOCNICTWO SUBSTYTUCYJNE');
    expect(t).toContain('Warszawa, dnia 20.11.2026 r.');
    expect(t).toContain('art. 91 pkt 3 ustawy z dnia 17 listopada 1964 r. – Kodeks postępowania cywilnego');
    expect(t).toContain('dalszego pełnomocnictwa procesowego (substytucji)');
    // both sides
    expect(t).toContain('Grzegorz Żółć');
    expect(t).toContain('Radca prawny');
    expect(t).toContain('WA-12345');
    expect(t).toContain('ul. Świętokrzyska 12, 00-916 Warszawa');
    expect(t).toContain('Zofia Wiśniewska');
    expect(t).toContain('Adwokat');
    expect(t).toContain('ŁDZ/Adw/2211');
    // the hearing and the scope
    expect(t).toContain('Sąd Rejonowy dla Łodzi-Śródmieścia w Łodzi');
    expect(t).toContain('I Wydział Cywilny');
    expect(t).toContain('I C 123/26');
    expect(t).toContain('Jan Kowalski (powód)');
    expect(t).toContain('na rozprawie (posiedzeniu) wyznaczonej na dzień 03.12.2026 r., godz. 09:30');
    expect(t).toContain('Substytucja obejmuje wyłącznie wskazaną rozprawę');
    // signatures and the stamp duty
    expect(t).toContain('podpis udzielającego substytucji');
    expect(t).toContain('podpis substytuta');
    expect(t).toMatch(/Opłata skarbowa: 17,00\s?zł/);
    expect(t).toContain('urzędu gminy (miasta), w której siedzibę ma sąd (Łódź)');
    expect(t).toContain('wraz z dowodem zapłaty');
    expect(t).not.toContain('Upoważnienie');
    expect(t).not.toContain('…');
  });

  it('for a legal counsel: the same power of attorney', async () => {
    const t = await text({
      ...base,
      substitute: { name: 'Piotr Łęcki', professionalType: 'radca-prawny', licenseNo: 'KR-777' },
      grantor: { ...base.grantor!, professionalType: 'adwokat' },
    });
    expect(t).toContain('PEŁNOMOCNICTWO SUBSTYTUCYJNE');
    expect(t).toContain('Piotr Łęcki');
    expect(t).toContain('KR-777');
    expect(t).toContain('art. 91 pkt 3');
    expect(t).toMatch(/Opłata skarbowa: 17,00\s?zł/);
  });

  it.each([
    [
      'aplikant-adwokacki',
      'adwokat',
      'art. 77 ustawy z dnia 26 maja 1982 r. – Prawo o adwokaturze',
      'Aplikant adwokacki',
    ],
    [
      'aplikant-radcowski',
      'radca-prawny',
      'art. 35¹ ustawy z dnia 6 lipca 1982 r. o radcach prawnych',
      'Aplikant radcowski',
    ],
  ])('for a %s: an authorisation, no stamp duty', async (type, grantorType, basis, label) => {
    const t = await text({
      ...base,
      substitute: { name: 'Ewa Źrebiec', professionalType: type, licenseNo: 'APL/9' },
      grantor: { ...base.grantor!, professionalType: grantorType },
    });
    expect(t).toContain('UPOWAŻNIENIE');
    expect(t).not.toContain('PEŁNOMOCNICTWO SUBSTYTUCYJNE');
    expect(t).toContain(basis);
    expect(t).toContain(label);
    expect(t).toContain('upoważniam aplikanta do zastępowania mnie na rozprawie');
    expect(t).toContain('podpis aplikanta');
    expect(t).toContain('Opłata skarbowa: nie dotyczy');
    expect(t).not.toMatch(/17,00\s?zł/);
  });

  it('leaves dotted lines for what nobody gave', async () => {
    const t = await text({
      ...base,
      grantor: null,
      hearing: null,
      issued: { place: null, on: null },
      substitute: { ...base.substitute, licenseNo: '' },
    });
    expect(t).toContain('…………………………………, dnia …………… r.');
    expect(t).toContain('Imię i nazwisko …………………………………');
    expect(t).toContain('adwokat / radca prawny*');
    expect(t).toContain('* niepotrzebne skreślić');
    expect(t).toContain('Sygnatura akt …………………………………');
    expect(t).toContain('wyznaczonej na dzień …………… r., godz. ……………');
    expect(t).toContain('urzędu gminy (miasta), w której siedzibę ma sąd, a pełnomocnictwo');
    expect(t).toContain('Zofia Wiśniewska');
  });

  it('draws nothing for a substitute without a professional type', async () => {
    expect(
      await renderSubstitutionDocument({ ...base, substitute: { ...base.substitute, professionalType: '' } }),
    ).toBeNull();
  });
});
