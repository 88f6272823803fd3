import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { amountsFromGross, amountsFromNet, grossFromNet } from '@substytut/shared';
import { describe, expect, it } from 'vitest';
import { buildFa3Xml, xmlDigest, type Fa3Invoice, type Fa3Party } from './fa3.ts';
import { validateFa3 } from './fa3-xsd.ts';

const lawyer: Fa3Party = {
  nip: '5252987310',
  name: 'Kancelaria Adwokacka Jan Kowalski',
  street: 'ul. Żurawia 6/12',
  postcode: '00-503',
  city: 'Warszawa',
};
const client: Fa3Party = {
  nip: '7010001454',
  name: 'Kancelaria Radcy Prawnego Anna Nowak',
  street: 'ul. Długa 1',
  postcode: '31-147',
  city: 'Kraków',
  email: 'anna@example.com',
};
const createdAt = new Date('2026-11-24T10:15:30.123Z');
const offerNet = 43_210;
const order = { title: 'Zastępstwo procesowe: rozprawa 2026-12-03', amounts: amountsFromNet(offerNet) };

const advance: Fa3Invoice = {
  kind: 'ZAL',
  number: 'FV/1/2026',
  issueDate: '2026-11-24',
  paidOn: '2026-11-23',
  createdAt,
  seller: lawyer,
  buyer: client,
  order,
  amounts: order.amounts,
  bankAccount: 'PL61109010140000071219812874',
  footer: 'Oferta Substytut nr 17',
};
const settlement: Fa3Invoice = {
  kind: 'ROZ',
  number: 'FV/2/2026',
  issueDate: '2026-12-03',
  completedOn: '2026-12-03',
  createdAt,
  seller: lawyer,
  buyer: client,
  line: order,
  advances: [
    { number: 'FV/1/2026', issueDate: '2026-11-24', ksefNumber: '5252987310-20261124-0123456789AB-CD' },
  ],
  amounts: { net: 0, vat: 0, gross: 0 },
};
const correction: Fa3Invoice = {
  kind: 'KOR',
  number: 'FV/3/2026',
  issueDate: '2026-12-10',
  createdAt,
  seller: lawyer,
  buyer: client,
  corrected: { kind: 'ZAL', number: 'FV/1/2026', issueDate: '2026-11-24', ksefNumber: null },
  reason: 'Zwrot zapłaty po sporze (rozprawa się nie odbyła)',
  before: order,
  after: { title: order.title, amounts: amountsFromNet(0) },
};
const platformFee: Fa3Invoice = {
  kind: 'VAT',
  number: 'SUB/1/2026',
  issueDate: '2026-12-10',
  completedOn: '2026-12-10',
  paidOn: '2026-12-10',
  createdAt,
  seller: {
    nip: '5252987310',
    name: 'Substytut sp. z o.o.',
    street: 'ul. Prosta 20',
    postcode: '00-850',
    city: 'Warszawa',
  },
  buyer: lawyer,
  line: { title: 'Prowizja serwisu Substytut', amounts: amountsFromGross(5_315) },
  registry: { fullName: 'Substytut sp. z o.o.', krs: '0001098765', regon: '529873419' },
};

describe('FA(3) XML', () => {
  it.each([
    ['ZAL', advance],
    ['ROZ', settlement],
    ['KOR_ZAL', correction],
    ['VAT', platformFee],
  ] as const)('%s validates against the official XSD', async (rodzaj, invoice) => {
    const xml = buildFa3Xml(invoice);
    const result = await validateFa3(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(xml).toContain(`<RodzajFaktury>${rodzaj}</RodzajFaktury>`);
  });

  it('an XML the schema refuses is reported invalid (the validator can fail)', async () => {
    const xml = buildFa3Xml(advance).replace('<P_2>FV/1/2026</P_2>', '');
    const result = await validateFa3(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/P_2/);
  });

  it('the advance carries the offer to the grosz: net, VAT 23 %, gross', () => {
    const xml = buildFa3Xml(advance);
    expect(grossFromNet(offerNet)).toBe(53_148);
    expect(xml).toContain('<P_13_1>432.10</P_13_1>');
    expect(xml).toContain('<P_14_1>99.38</P_14_1>');
    expect(xml).toContain('<P_15>531.48</P_15>');
    expect(xml).toContain('<WartoscZamowienia>531.48</WartoscZamowienia>');
    expect(xml).toContain('<P_6>2026-11-23</P_6>');
  });

  it('the advance leaves P_6 out when the money came in on the day of issue', () => {
    expect(buildFa3Xml({ ...advance, paidOn: advance.issueDate })).not.toContain('<P_6>');
  });

  it('the correction shows the negative difference and the amount before it', () => {
    const xml = buildFa3Xml(correction);
    expect(xml).toContain('<P_13_1>-432.10</P_13_1>');
    expect(xml).toContain('<P_14_1>-99.38</P_14_1>');
    expect(xml).toContain('<P_15>-531.48</P_15>');
    expect(xml).toContain('<P_15ZK>531.48</P_15ZK>');
    expect(xml).toContain('<NrFaKorygowanej>FV/1/2026</NrFaKorygowanej>');
    expect(xml).toContain('<NrKSeFN>1</NrKSeFN>');
  });

  it('marks a buyer without a NIP as having no tax identifier', async () => {
    const xml = buildFa3Xml({ ...advance, buyer: { ...client, nip: '' } });
    expect(xml).toContain('<BrakID>1</BrakID>');
    expect(await validateFa3(xml)).toEqual({ valid: true, errors: [] });
  });

  it('escapes what the parties typed', async () => {
    const xml = buildFa3Xml({ ...advance, buyer: { ...client, name: 'A & B <Spółka> "X"' } });
    expect(xml).toContain('A &amp; B &lt;Spółka&gt;');
    expect((await validateFa3(xml)).valid).toBe(true);
  });

  it('hashes the exact bytes for KOD I', () => {
    const xml = buildFa3Xml(advance);
    const expected = createHash('sha256').update(Buffer.from(xml, 'utf8')).digest();
    expect(xmlDigest(xml)).toEqual({
      hex: expected.toString('hex'),
      base64url: expected.toString('base64url'),
    });
  });
});

describe('the shipped XSD', () => {
  it('is the Ministry file, unmodified (hashes listed in xsd/README.md)', () => {
    const dir = path.join(import.meta.dirname, 'xsd');
    const readme = readFileSync(path.join(dir, 'README.md'), 'utf8');
    const listed = [...readme.matchAll(/^([0-9a-f]{64}) {2}(\S+\.xsd)$/gm)];
    expect(listed).toHaveLength(4);
    for (const [, hash, file] of listed) {
      const actual = createHash('sha256')
        .update(readFileSync(path.join(dir, file ?? '')))
        .digest('hex');
      expect(actual, file).toBe(hash);
    }
  });
});
