import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { reactOnPreact } from './react-on-preact.ts';

// ES module builds of the libraries, so their imports of React resolve through the aliases.
const esModuleBuilds = { conditions: ['module', 'browser', 'development'], mainFields: ['module', 'main'] };

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Its ES module build, so its own imports of React DOM resolve through the aliases below.
      {
        find: /^@testing-library\/react$/,
        replacement: fileURLToPath(
          new URL('../../node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url),
        ),
      },
      // CommonJS shims require React directly; Preact has the hook itself.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
      ...reactOnPreact,
    ],
    ...esModuleBuilds,
  },
  ssr: { resolve: esModuleBuilds },
  test: {
    name: 'apps/web',
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}', 'legal/**/*.test.ts'],
    css: false,
    // Libraries that import React go through the aliases too (Vitest would otherwise load them, and
    // React with them, straight from node_modules).
    server: { deps: { inline: true } },
  },
});
