import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { genderedPolish } from '@substytut/shared/gendered-polish';
import { describe, expect, it } from 'vitest';

const localesDir = path.dirname(new URL(import.meta.url).pathname);
const legalDir = path.resolve(localesDir, '../../legal');

describe('the Polish pages fit everyone (issue 34)', () => {
  it('no Polish text addresses one gender only ("zakładałeś", "oznaczył(a)")', () => {
    const found: string[] = [];
    const files = [
      ...readdirSync(path.join(localesDir, 'pl')).map((f) => path.join(localesDir, 'pl', f)),
      ...readdirSync(legalDir)
        .filter((f) => f.endsWith('.pl.md'))
        .map((f) => path.join(legalDir, f)),
    ];
    for (const file of files) {
      for (const word of genderedPolish(readFileSync(file, 'utf8'))) {
        found.push(`${path.basename(file)}: ${word}`);
      }
    }
    expect(found).toEqual([]);
  });
});
