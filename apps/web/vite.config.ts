import { fileURLToPath, URL } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { clientChunks } from './build-chunks';

const api = 'http://127.0.0.1:3000';

/**
 * The framework build (decision 016): `react-router build` writes build/client (assets and
 * prerendered pages) and build/server (the request handler the API's server runs). How the
 * browser's files are grouped: build-chunks.ts (decisions 030 and 055).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: { output: { codeSplitting: clientChunks() } },
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
