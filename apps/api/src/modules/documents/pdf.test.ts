import { describe, expect, it } from 'vitest';
import { pdfFlatText } from '../../../test/pdf-text.js';
import { createPdf, heading, labelValue, paragraph, pdfToBuffer, rule, signatureLines } from './pdf.js';

async function sample(): Promise<Buffer> {
  const doc = createPdf({ title: 'Próba zażółć gęślą jaźń' });
  heading(doc, 'Pełnomocnictwo substytucyjne');
  paragraph(doc, 'Zażółć gęślą jaźń — ĄĆĘŁŃÓŚŹŻ ąćęłńóśźż.');
  labelValue(doc, 'Sąd', 'Sąd Rejonowy dla Łodzi-Śródmieścia w Łodzi');
  rule(doc);
  signatureLines(doc, ['podpis udzielającego', 'podpis substytuta']);
  return pdfToBuffer(doc);
}

describe('the shared PDF helper', () => {
  it('draws Polish letters that come back out as text', async () => {
    const text = await pdfFlatText(await sample());
    expect(text).toContain('Pełnomocnictwo substytucyjne');
    expect(text).toContain('Zażółć gęślą jaźń — ĄĆĘŁŃÓŚŹŻ ąćęłńóśźż.');
    expect(text).toContain('Sąd Rejonowy dla Łodzi-Śródmieścia w Łodzi');
    expect(text).toContain('podpis udzielającego');
    expect(text).toContain('podpis substytuta');
  });

  it('gives the same bytes for the same input', async () => {
    const [a, b] = await Promise.all([sample(), sample()]);
    expect(a.subarray(0, 5).toString()).toBe('%PDF-');
    expect(a.equals(b)).toBe(true);
  });

  it('prints dates that read: no kerning tucks the dot under a 7 ("27.11.2026", issue 34)', async () => {
    const doc = createPdf({ title: 'Daty' });
    for (const font of ['regular', 'bold'] as const) {
      doc.font(font);
      // Inter kerns "7." so tightly that the dot sits under the 7: "2711.2026".
      const pair = doc.widthOfString('7.');
      expect(pair, font).toBeCloseTo(doc.widthOfString('7') + doc.widthOfString('.'), 5);
      expect(doc.widthOfString('27.11.2026'), font).toBeCloseTo(
        [...'27.11.2026'].reduce((sum, c) => sum + doc.widthOfString(c), 0),
        5,
      );
      // Tabular figures: a column of dates and amounts lines up.
      expect(doc.widthOfString('1'), font).toBeCloseTo(doc.widthOfString('7'), 5);
    }
    paragraph(doc, 'Data rozprawy: 27.11.2026, godz. 09:30');
    expect(await pdfFlatText(await pdfToBuffer(doc))).toContain('Data rozprawy: 27.11.2026, godz. 09:30');
  });
});
