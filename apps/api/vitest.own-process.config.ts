import { defineProject } from 'vitest/config';
import base, { apiTestFiles } from './vitest.config.ts';

/**
 * The API files that mock a module for the whole file (OWN_PROCESS_FILES): a process each, as
 * Vitest isolates by default, beside the `apps/api` project whose files share one (decision 052).
 */
export default defineProject({
  test: {
    ...base.test,
    name: 'apps/api-own-process',
    ...apiTestFiles(true),
    isolate: true,
  },
});
