import { fileURLToPath, URL } from 'node:url';

/**
 * How the browser build groups modules into files (Rolldown's `codeSplitting`, decisions 030 and
 * 055). Fewer, larger files compress better and cost fewer requests; a page still loads only what
 * its routes import.
 * - the framework: React, React DOM, React Router and i18next, which every page needs;
 * - the shell: the app's own modules that every page runs (the root route, the client entry and
 *   what they import: the layout, header, footer, cookie banner, i18n, the API client, `cn`; and
 *   the page-meta head tags every route names), with the packages they import directly. Before 055
 *   these were about 25 files on `/`, most under 1 KB gzip.
 * Both are one group, `framework`, which Rolldown merges into the client entry's file (with its
 * runtime): one file instead of three on every page (decision 070).
 * Everything else (route modules, what only some pages share, the lucide icons) is Rolldown's
 * automatic chunking: a module goes with the other modules used by the same set of pages, so a
 * page carries exactly its own icons, beside the code that shows them. Decisions 055 and 061 kept
 * the icons in groups of their own, merged below a threshold; without those groups every page was
 * lighter (decision 066: `/` −1 175 B, `/u/` −1 047 B, `/dashboard` −2 757 B gzip, for one to four
 * more files per page).
 */
export const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|cookie|set-cookie-parser)[\\/]/;

/**
 * Package indexes that re-export many modules of which a page uses a few: the shell's walk does
 * not enter them (it cannot see which names are imported), so their modules find their own file.
 */
const BARRELS = /node_modules[\\/](lucide-react|radix-ui)[\\/]/;

const NODE_MODULES = /node_modules[\\/]/;

/** Where every page starts: the root route (root.tsx), the client entry, and every page's head tags. */
export const SHELL_ROOTS = [
  './src/app/root.tsx',
  './src/app/entry.client.tsx',
  // Every page's head tags (title, description, canonical links): each page's route module names it.
  './src/components/seo/page-meta.tsx',
].map((file) =>
  fileURLToPath(new URL(file, import.meta.url)),
);

export interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * The modules every page runs: the static imports of the roots, followed through the app's own
 * modules (a package is taken with what it imports by Rolldown, not walked here), never into a
 * barrel. Dynamic imports are not followed: they load on demand.
 */
export function shellModules(graph: ModuleGraph, roots: readonly string[] = SHELL_ROOTS): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (NODE_MODULES.test(id)) continue;
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) if (!BARRELS.test(next)) queue.push(next);
  }
  return seen;
}

/**
 * A fresh set of groups per build (the shell is worked out once, on the first module asked about).
 * One group, `framework`: the framework and the shell are loaded by every page, so one file
 * compresses better than two and spares every other file one of its two imports (decision 070).
 */
export function clientChunks(roots: readonly string[] = SHELL_ROOTS) {
  let shell: Set<string> | null = null;
  return {
    groups: [
      {
        name: (id: string, graph: ModuleGraph) => {
          shell ??= shellModules(graph, roots);
          return FRAMEWORK.test(id) || shell.has(id) ? 'framework' : null;
        },
        debugName: 'framework',
        priority: 2,
      },
    ],
  };
}
