import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineProject } from 'vitest/config';

/**
 * Files that replace a module for the whole file (`vi.mock`): they keep a process each (the
 * `apps/web-own-process` project, vitest.own-process.config.ts), since in a shared process the
 * module is already loaded, or the mock would reach the next file (decision 059). Kept true by
 * test/own-process.test.ts.
 */
export const OWN_PROCESS_FILES = [
  'src/app/page-scripts.test.tsx',
  'src/features/auth/lib/password-strength.test.ts',
];

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  test: {
    name: 'apps/web',
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}', 'legal/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...OWN_PROCESS_FILES],
    css: false,
    // The files share a process (and its jsdom) per worker instead of starting one each and
    // loading React, the router and the app again; test/setup.ts puts back after every file what
    // a file may leave behind (decision 059).
    isolate: false,
    // A page test renders routes, loads their lazy chunks and types through user-event in jsdom: a
    // few seconds here (one test of page-scripts.test.tsx took 3.7 s of Vitest's 5 s default in a
    // whole run), more on a slower CI machine. One limit for every file: a file's own
    // `vi.setConfig` would also reach the files after it in a shared process.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
