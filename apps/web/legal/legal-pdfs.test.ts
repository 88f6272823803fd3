// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPERATOR } from '@substytut/shared/operator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const legalDir = dirname(fileURLToPath(import.meta.url));
const webRoot = join(legalDir, '..');
const script = join(webRoot, 'scripts/build-legal-pdfs.mjs');
const publicDir = join(webRoot, 'public/legal');

const DOCUMENTS = [
  { file: 'regulamin-2024-12-22.pdf', lang: 'pl-PL', firstHeading: '§ 1. Postanowienia ogólne' },
  { file: 'terms-2024-12-22.pdf', lang: 'en-GB', firstHeading: '§ 1. General provisions' },
  {
    file: 'polityka-prywatnosci-2024-12-22.pdf',
    lang: 'pl-PL',
    firstHeading: '1. Administrator danych i kontakt',
  },
  { file: 'privacy-policy-2024-12-22.pdf', lang: 'en-GB', firstHeading: '1. Controller and contact' },
] as const;

/** How pdfkit writes a text string: UTF-16BE with a byte-order mark once it leaves ASCII. */
function pdfString(text: string): string {
  let binary = text;
  if ([...text].some((char) => char.charCodeAt(0) > 0x7f)) {
    binary = '\u00fe\u00ff';
    for (const char of text) {
      const code = char.charCodeAt(0);
      binary += String.fromCharCode(code >> 8, code & 0xff);
    }
  }
  const escapes: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };
  return `(${binary.replace(/[\n\r\t\b\f()\\]/g, (char) => escapes[char] ?? `\\${char}`)})`;
}

function checksumDigit(digits: string, weights: number[]): number {
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  return sum % 11;
}

describe('legal PDFs', () => {
  let rebuiltDir = '';

  beforeAll(() => {
    rebuiltDir = mkdtempSync(join(tmpdir(), 'substytut-legal-'));
    execFileSync(process.execPath, [script, '--out', rebuiltDir], { stdio: 'pipe' });
  });

  afterAll(() => {
    if (rebuiltDir) rmSync(rebuiltDir, { recursive: true, force: true });
  });

  it.each(DOCUMENTS)('$file is committed and matches its sources', ({ file }) => {
    const committed = readFileSync(join(publicDir, file));
    const rebuilt = readFileSync(join(rebuiltDir, file));
    expect(committed.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(committed.equals(rebuilt), `${file} is stale: run npm run legal:pdf -w apps/web`).toBe(true);
  });

  it.each(DOCUMENTS)(
    '$file has language, metadata, several pages and section bookmarks',
    ({ file, lang, firstHeading }) => {
      const pdf = readFileSync(join(publicDir, file)).toString('latin1');
      // Plain booleans: a failed toContain on a whole PDF would print the binary file.
      expect(pdf.includes(`/Lang (${lang})`), 'document language').toBe(true);
      expect(pdf.includes('(Substytut sp. z o.o.)'), 'author').toBe(true);
      expect(pdf.includes('(D:20241222000000Z)'), 'creation date').toBe(true);
      expect(pdf.includes('/PageMode /UseOutlines'), 'bookmarks panel').toBe(true);
      expect(pdf.includes(`/Title ${pdfString(firstHeading)}`), 'first section bookmark').toBe(true);
      const pages = pdf.match(/\/Type \/Page\b/g) ?? [];
      expect(pages.length).toBeGreaterThanOrEqual(3);
    },
  );

  it('operator registry numbers carry valid check digits', () => {
    const operator = OPERATOR;
    expect(operator.nip).toMatch(/^\d{10}$/);
    expect(checksumDigit(operator.nip, [6, 5, 7, 2, 3, 4, 5, 6, 7])).toBe(Number(operator.nip[9]));
    expect(operator.regon).toMatch(/^\d{9}$/);
    expect(checksumDigit(operator.regon, [8, 9, 2, 3, 4, 5, 6, 7]) % 10).toBe(Number(operator.regon[8]));
    expect(operator.krs).toMatch(/^\d{10}$/);
  });

  it('every source fills all placeholders and uses only the supported markup', () => {
    for (const name of [
      'regulamin.pl.md',
      'terms.en.md',
      'polityka-prywatnosci.pl.md',
      'privacy-policy.en.md',
    ]) {
      const source = readFileSync(join(legalDir, name), 'utf8');
      expect(source).toMatch(/^---\n[\s\S]*?date: 22\.12\.2024\n[\s\S]*?---\n/);
    }
    // A broken source must stop the build rather than produce a half-filled document.
    expect(() =>
      execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import { loadOperator, parseLegalSource } from ${JSON.stringify(script)};
           parseLegalSource('---\\ntitle: T\\nsubject: S\\nlang: pl-PL\\ndate: 22.12.2024\\ndateLabel: D\\nfile: x.pdf\\n---\\n1. {{nope}}\\n', 'bad.md', loadOperator());`,
        ],
        { stdio: 'pipe' },
      ),
    ).toThrow(/unknown placeholder \{\{nope\}\}/);
  });
});
