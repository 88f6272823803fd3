import { fileURLToPath, URL } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const api = 'http://127.0.0.1:3000';

/**
 * The framework build (decision 016): `react-router build` writes build/client (assets and
 * prerendered pages) and build/server (the request handler the API's server runs).
 *
 * Fewer, larger chunks for the browser (decision 030). Without groups Rolldown wrote one chunk per
 * icon and per small shared module: `/` imported 49 files, 23 of them under 1 KB gzip.
 * - `framework`: React, React DOM, React Router and i18next, which every page needs.
 * - `icons`: the lucide icons.
 * Grouping the app's own small modules was measured and left out: grouped by the set of pages
 * that use them (`entriesAware`) they stay as many files, and merged they bring the dashboard's
 * code to the public pages (195 KB instead of 187 KB on `/`).
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|cookie|set-cookie-parser)[\\/]/;

const ICONS = /node_modules[\\/]lucide-react[\\/]/;

const clientChunks = {
  groups: [
    { name: 'framework', test: FRAMEWORK, priority: 2 },
    // Every icon the app uses, in one file (about 8 KB gzip) instead of one file per icon.
    { name: 'icons', test: ICONS, priority: 1 },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: { output: { codeSplitting: clientChunks } },
        // WEB_SOURCEMAP=1: source maps beside the files (not named in them), for bench/web's
        // breakdown of each page's first load by module (BENCH_MODULES=1).
        sourcemap: process.env.WEB_SOURCEMAP === '1' ? 'hidden' : false,
      },
  envPrefix: ['VITE_', 'PUBLIC_'],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  server: {
    proxy: { '/api': api, '/storage': api, '/dev': api },
  },
}));
