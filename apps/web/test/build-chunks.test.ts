import { describe, expect, it } from 'vitest';
import { clientChunks, shellModules, type ModuleGraph } from '../build-chunks';

/** A module graph as Rolldown's chunking context gives it: each module's static imports. */
function graph(edges: Record<string, string[]>): ModuleGraph {
  return { getModuleInfo: (id) => (id in edges ? { importedIds: edges[id]! } : null) };
}

describe('the browser build’s file groups (decisions 055 and 066)', () => {
  const app = '/repo/apps/web/src';
  const modules = '/repo/node_modules';
  const edges = {
    [`${app}/app/root.tsx`]: [
      `${app}/components/layout/header.tsx`,
      `${modules}/tailwind-merge/dist/bundle.mjs`,
    ],
    [`${app}/components/layout/header.tsx`]: [
      `${modules}/lucide-react/dist/esm/lucide-react.mjs`,
      `${app}/lib/cn.ts`,
    ],
    [`${app}/lib/cn.ts`]: [`${modules}/clsx/dist/clsx.mjs`],
    [`${modules}/tailwind-merge/dist/bundle.mjs`]: [`${modules}/tailwind-merge/dist/other.mjs`],
    [`${modules}/lucide-react/dist/esm/lucide-react.mjs`]: [
      `${modules}/lucide-react/dist/esm/icons/menu.mjs`,
    ],
    [`${app}/features/dashboard/routes/layout.tsx`]: [`${app}/lib/cn.ts`],
  };

  it('the shell is what the root imports, through the app’s own modules, with the packages they name', () => {
    const shell = shellModules(graph(edges), [`${app}/app/root.tsx`]);
    expect([...shell].sort()).toEqual(
      [
        `${app}/app/root.tsx`,
        `${app}/components/layout/header.tsx`,
        `${app}/lib/cn.ts`,
        `${modules}/clsx/dist/clsx.mjs`,
        `${modules}/tailwind-merge/dist/bundle.mjs`,
      ].sort(),
    );
  });

  it('never walks into a package index that re-exports every icon or every Radix part', () => {
    const shell = shellModules(graph(edges), [`${app}/app/root.tsx`]);
    expect([...shell].some((id) => id.includes('lucide-react'))).toBe(false);
    expect(shell.has(`${app}/features/dashboard/routes/layout.tsx`)).toBe(false);
  });

  // Decision 066: the icons are no longer a group of their own (055, 061); Rolldown's automatic
  // chunking puts each with the modules the same pages use. Decision 070: the framework and the
  // shell are one group (one file: every page loads both).
  it('puts the framework and the shell in one file; the icons go with the pages that use them', () => {
    const { groups } = clientChunks([`${app}/app/root.tsx`]);
    expect(groups.map((group) => group.debugName)).toEqual(['framework']);
    const [group] = groups;
    const name = (id: string) => group!.name(id, graph(edges));
    expect(name(`${modules}/react-dom/client.js`)).toBe('framework');
    expect(name(`${modules}/i18next/dist/esm/i18next.js`)).toBe('framework');
    expect(name(`${app}/components/layout/header.tsx`)).toBe('framework');
    expect(name(`${modules}/tailwind-merge/dist/bundle.mjs`)).toBe('framework');
    expect(name(`${modules}/lucide-react/dist/esm/icons/menu.mjs`)).toBeNull();
    expect(name(`${app}/features/dashboard/routes/layout.tsx`)).toBeNull();
  });
});
