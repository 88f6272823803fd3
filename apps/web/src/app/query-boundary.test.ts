import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import routes from './routes';

/**
 * TanStack Query only where it is used (decision 054): the pages that ask the API through it sit
 * under `layouts/queries.tsx`, which gives them its client, and no other page's modules import it,
 * neither on the first load (a static import puts it in the page's chunks) nor later (a page that
 * loads a module using it on demand would have no client). Pinned at the source, by following the
 * app's own imports from each route module.
 */
const src = path.resolve(import.meta.dirname, '..');
const QUERY = '@tanstack/react-query';
const QUERIES_LAYOUT = 'layouts/queries.tsx';

type Entry = { id?: string; file: string; children?: Entry[] };

/** The file an import of the app names ('@/…' or relative), or null for a package. */
function resolve(from: string, specifier: string): string | null {
  const bare = specifier.replace(/\?.*$/, '');
  let base: string;
  if (bare.startsWith('@/')) base = path.join(src, bare.slice(2));
  else if (bare.startsWith('.')) base = path.resolve(path.dirname(from), bare);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  return null;
}

/** Imports of values, `export … from` included; `import type` and `{ type A }` bring no code. */
function importsOf(file: string): { statics: string[]; dynamics: string[] } {
  const text = readFileSync(file, 'utf8');
  const statics: string[] = [];
  for (const [, clause = '', specifier = ''] of text.matchAll(
    /^(?:import|export)\s+(?!type\s)([^;]*?)\s*from\s+'([^']+)';/gms,
  )) {
    const named = /^\{([^}]*)\}$/.exec(clause.trim());
    const onlyTypes =
      named?.[1]
        ?.split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .every((part) => part.startsWith('type ')) ?? false;
    if (!onlyTypes) statics.push(specifier);
  }
  for (const [, specifier = ''] of text.matchAll(/^import\s+'([^']+)';/gm)) statics.push(specifier);
  const dynamics = [...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((match) => match[1]!);
  return { statics, dynamics };
}

/** The chain of files from `file` to TanStack Query, or null when it does not reach it. */
function pathToQuery(file: string, { dynamic }: { dynamic: boolean }): string[] | null {
  const seen = new Set<string>([file]);
  const queue: string[][] = [[file]];
  while (queue.length > 0) {
    const chain = queue.shift()!;
    const current = chain.at(-1)!;
    const { statics, dynamics } = importsOf(current);
    for (const specifier of dynamic ? [...statics, ...dynamics] : statics) {
      if (specifier === QUERY) return [...chain, QUERY].map((step) => path.relative(src, step) || step);
      const next = resolve(current, specifier);
      if (next && !seen.has(next)) {
        seen.add(next);
        queue.push([...chain, next]);
      }
    }
  }
  return null;
}

/** Every route module of routes.ts, with whether it is under the queries layout. */
function routeModules(): { file: string; underQueries: boolean }[] {
  const found = new Map<string, boolean>();
  const walk = (entries: Entry[], underQueries: boolean) => {
    for (const entry of entries) {
      const inside = underQueries || entry.file === QUERIES_LAYOUT;
      const file = path.resolve(src, 'app', entry.file);
      found.set(file, (found.get(file) ?? true) && inside);
      walk(entry.children ?? [], inside);
    }
  };
  walk(routes as Entry[], false);
  return [...found].map(([file, underQueries]) => ({ file, underQueries }));
}

const modules = routeModules();
const outside = modules
  .filter((module) => !module.underQueries)
  .map((module) => path.relative(src, module.file));

describe('TanStack Query only on the pages that use it (decision 054)', () => {
  it.each(['app/root.tsx', 'app/entry.client.tsx', 'app/providers.tsx', 'lib/public-config.ts'])(
    '%s does not import it: it is on every page',
    (file) => {
      expect(pathToQuery(path.join(src, file), { dynamic: true })).toBeNull();
    },
  );

  it.each(outside)('%s, a route outside the queries layout, never reaches it', (file) => {
    expect(pathToQuery(path.join(src, file), { dynamic: true })).toBeNull();
  });

  it('covers the public pages: home, the marketing pages and the public profile are outside the layout', () => {
    for (const file of [
      'features/marketing/routes/home.tsx',
      'features/marketing/routes/pricing.tsx',
      'features/marketing/routes/about.tsx',
      'app/routes/public-profile.tsx',
      'app/layouts/site.tsx',
    ])
      expect(outside).toContain(file);
  });

  it('covers the sign-in pages: their forms send without it (decision 062)', () => {
    for (const file of [
      'features/auth/routes/auth.tsx',
      'app/layouts/redirect-if-token.tsx',
      'features/auth/routes/forgot-password.tsx',
      'features/auth/routes/reset-password.tsx',
    ])
      expect(outside).toContain(file);
  });

  it('finds it where it is used: the layout and the pages under it that ask the API', () => {
    expect(pathToQuery(path.join(src, 'app', QUERIES_LAYOUT), { dynamic: false })).not.toBeNull();
    for (const file of [
      'app/layouts/require-token.tsx',
      'app/layouts/require-admin.tsx',
      'features/auth/routes/verified.tsx',
      'features/marketing/routes/contact.tsx',
    ])
      expect(modules.find((module) => path.relative(src, module.file) === file)).toMatchObject({
        underQueries: true,
      });
    expect(pathToQuery(path.join(src, 'app/layouts/require-admin.tsx'), { dynamic: false })).not.toBeNull();
  });
});
