import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every workspace: each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web'],
    // Vitest's default keeps a core for itself (cores − 1): one worker on a two-core machine. The
    // main process only collects results, so every core runs test files (docs/testing.md).
    maxWorkers: availableParallelism(),
  },
});
