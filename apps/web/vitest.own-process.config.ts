import { defineProject } from 'vitest/config';
import base, { OWN_PROCESS_FILES } from './vitest.config.ts';

/**
 * The web files that replace a module for the whole file (OWN_PROCESS_FILES): a process each, as
 * Vitest isolates by default, beside the `apps/web` project whose files share one (decision 059).
 */
export default defineProject({
  ...base,
  test: {
    ...base.test,
    name: 'apps/web-own-process',
    include: OWN_PROCESS_FILES,
    exclude: [],
    isolate: true,
  },
});
