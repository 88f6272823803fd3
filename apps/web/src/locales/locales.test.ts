import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { apiErrors } from '@substytut/shared/messages/pl';
import { describe, expect, it } from 'vitest';

const localesDir = path.dirname(new URL(import.meta.url).pathname);
const srcDir = path.resolve(localesDir, '..');
const LANGUAGES = ['pl', 'en'];
// i18next plural forms: Polish has more of them than English, so they are compared by base key.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

function namespaces(language: string): string[] {
  return readdirSync(path.join(localesDir, language))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
}

function keysOf(language: string, namespace: string): Map<string, string> {
  const file = path.join(localesDir, language, `${namespace}.json`);
  return flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree);
}

function baseKeys(keys: Iterable<string>): Set<string> {
  return new Set([...keys].map((k) => k.replace(PLURAL_SUFFIX, '')));
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(entry) && !/\.test\.(ts|tsx)$/.test(entry)) files.push(full);
  }
  return files;
}

describe('locale files', () => {
  it('have the same namespaces in every language', () => {
    const [first, ...rest] = LANGUAGES.map(namespaces);
    for (const other of rest) expect(other).toEqual(first);
  });

  for (const namespace of namespaces('pl')) {
    it(`${namespace}: every key exists in every language`, () => {
      const [reference, ...others] = LANGUAGES.map((language) =>
        baseKeys(keysOf(language, namespace).keys()),
      );
      others.forEach((keys, index) => {
        const language = LANGUAGES[index + 1];
        const missing = [...reference!].filter((k) => !keys.has(k)).map((k) => `${language} lacks ${k}`);
        const extra = [...keys].filter((k) => !reference!.has(k)).map((k) => `pl lacks ${k}`);
        expect([...missing, ...extra]).toEqual([]);
      });
    });

    it(`${namespace}: no empty texts`, () => {
      for (const language of LANGUAGES) {
        const empty = [...keysOf(language, namespace)].filter(([, v]) => v.trim() === '').map(([k]) => k);
        expect(empty, `${language}/${namespace}`).toEqual([]);
      }
    });
  }

  it('has no key that the source never uses', () => {
    const source = sourceFiles(srcDir)
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const allow = (
      JSON.parse(readFileSync(path.join(localesDir, 'dynamic-keys.json'), 'utf8')) as {
        patterns: string[];
      }
    ).patterns.map((p) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`));

    const unused: string[] = [];
    for (const namespace of namespaces('pl')) {
      for (const key of baseKeys(keysOf('pl', namespace).keys())) {
        const qualified = `${namespace}:${key}`;
        if (allow.some((re) => re.test(qualified))) continue;
        const quoted = [key, qualified].some((k) =>
          ["'", '"', '`'].some((q) => source.includes(`${q}${k}${q}`)),
        );
        if (!quoted) unused.push(qualified);
      }
    }
    expect(unused).toEqual([]);
  });

  it("keeps no page's own text for an API error code: those live once, in the shared catalogue", () => {
    // A page's copy was keyed by the code without its feature, e.g. my-data:errors.request_invalid
    // for my_data.request_invalid, and drifted from the catalogue's wording.
    const codeNames = new Set(Object.keys(apiErrors).map((code) => code.slice(code.lastIndexOf('.') + 1)));
    const copies = namespaces('pl').flatMap((namespace) =>
      [...keysOf('pl', namespace).keys()]
        .filter(
          (key) => /(^|\.)errors\.[^.]+$/.test(key) && codeNames.has(key.slice(key.lastIndexOf('.') + 1)),
        )
        .map((key) => `${namespace}:${key}`),
    );
    expect(copies).toEqual([]);
  });

  it("calls the entry number by the profession's term wherever a lawyer or a client reads it", () => {
    const term = { pl: 'Numer wpisu', en: 'Entry number' } as const;
    for (const language of LANGUAGES as (keyof typeof term)[]) {
      const labels = [
        keysOf(language, 'dashboard').get('view.licenseNo'),
        keysOf(language, 'dashboard').get('form.licenseNo'),
        keysOf(language, 'public-profile').get('profile.licenseNo'),
      ];
      expect(labels).toEqual([term[language], term[language], term[language]]);
      const all = namespaces(language).flatMap((namespace) => [...keysOf(language, namespace).values()]);
      expect(all.filter((text) => /numer licencji|licence number/i.test(text))).toEqual([]);
    }
  });
});
