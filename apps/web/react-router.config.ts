import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { publicLinksFromEnv } from '@substytut/shared/public-defaults';
import { INDEXABLE_PAGES } from '@substytut/shared/public-pages';

/**
 * React Router's framework mode renders, prerenders and hydrates the pages (decision 016).
 * `src/app` holds the route list (routes.ts), the document (root.tsx) and the two entries.
 */

/** Pages written to static HTML at build time, each unprefixed (Polish) and under /pl and /en. */
const PRERENDERED = [...INDEXABLE_PAGES, '/payment/success', '/payment/cancel', '/offer/done', '/404'];

export default {
  appDirectory: 'src/app',
  buildDirectory: 'build',
  ssr: true,
  // The server swaps this origin for its own PUBLIC_URL when it sends a prerendered page
  // (apps/api web-framework.ts), so one build serves any host; the links the pages show (the root
  // loader's) it checks against its own configuration, and renders on request when they differ.
  async buildEnd({ reactRouterConfig }) {
    const origin = (process.env.PUBLIC_URL || 'http://localhost:3000').replace(/\/$/, '');
    const links = publicLinksFromEnv(process.env);
    await writeFile(
      path.join(reactRouterConfig.buildDirectory, 'client', 'prerender.json'),
      `${JSON.stringify({ origin, links })}\n`,
    );
  },
  prerender: PRERENDERED.flatMap((page) => [
    page,
    page === '/' ? '/pl' : `/pl${page}`,
    page === '/' ? '/en' : `/en${page}`,
  ]),
} satisfies Config;
