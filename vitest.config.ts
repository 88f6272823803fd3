import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every workspace: each project keeps its own environment. The API and the web have
// two projects each: their files share a process per worker, except the few that mock a module
// (decisions 052, 059); `--project 'apps/api*'` and `--project 'apps/web*'` take both.
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/api/vitest.config.ts',
      'apps/api/vitest.own-process.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.own-process.config.ts',
    ],
    // Vitest's default keeps a core for itself (cores − 1): one worker on a two-core machine. The
    // main process only collects results, so every core runs test files (docs/testing.md).
    maxWorkers: availableParallelism(),
  },
});
