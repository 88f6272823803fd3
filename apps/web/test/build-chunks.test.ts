import { describe, expect, it } from 'vitest';
import { clientChunks, shellModules, type ModuleGraph } from '../build-chunks';

/** A module graph as Rolldown's chunking context gives it: each module's static imports. */
function graph(edges: Record<string, string[]>): ModuleGraph {
  return { getModuleInfo: (id) => (id in edges ? { importedIds: edges[id]! } : null) };
}

describe('the browser build’s file groups (decision 055)', () => {
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

  it('groups the framework first, then the shell, then the icons by the pages that use them', () => {
    const { groups } = clientChunks();
    expect(groups.map((group) => group.debugName ?? group.name)).toEqual(['framework', 'shell', 'icons']);
    expect(groups.map((group) => group.priority)).toEqual([3, 2, 1]);
    expect(groups[2]).toMatchObject({ entriesAware: true, entriesAwareMergeThreshold: 1500 });
  });
});
