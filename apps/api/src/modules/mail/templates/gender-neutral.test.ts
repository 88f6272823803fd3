import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { genderedPolish } from '@substytut/shared/gendered-polish';
import { describe, expect, it } from 'vitest';

const src = join(dirname(fileURLToPath(import.meta.url)), '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the Polish of mails and server pages fits everyone (issue 34)', () => {
  it('no second-person past tense of one gender, no "(a)" patches', () => {
    const found: string[] = [];
    for (const file of sources(src)) {
      const name = relative(src, file);
      for (const word of genderedPolish(readFileSync(file, 'utf8'))) found.push(`${name}: ${word}`);
    }
    expect(found).toEqual([]);
  });
});
