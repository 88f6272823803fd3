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
});
