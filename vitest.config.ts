import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every workspace: each project keeps its own environment.
export default defineConfig({
  test: {
    // The API has two: most files share a process per worker, the ones that mock a module get
    // their own (apps/api/vitest.shared.ts).
    projects: [
      'packages/shared',
      'apps/api/vitest.config.ts',
      'apps/api/vitest.isolated.config.ts',
      'apps/web',
    ],
    // Vitest's default keeps a core for itself (cores − 1): one worker on a two-core machine. The
    // main process only collects results, so every core runs test files (docs/testing.md).
    maxWorkers: availableParallelism(),
  },
});
