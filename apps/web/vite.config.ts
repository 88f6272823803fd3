import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const api = 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  // PUBLIC_URL lets the prerender step name canonical addresses before any browser exists.
  envPrefix: ['VITE_', 'PUBLIC_'],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  server: {
    proxy: { '/api': api, '/storage': api, '/dev': api },
  },
  preview: {
    proxy: { '/api': api, '/storage': api, '/dev': api },
  },
  build: isSsrBuild
    ? {
        // The prerender step and the server (lawyer pages, decision 012) load this bundle by a fixed
        // name; it never ships to browsers.
        outDir: 'dist-ssr',
        copyPublicDir: false,
        sourcemap: false,
        rollupOptions: { output: { entryFileNames: '[name].js' } },
      }
    : {
        outDir: 'dist',
        assetsDir: 'assets',
        // scripts/prerender.mjs preloads the app's chunk (a dynamic import) from it.
        manifest: true,
        sourcemap: true,
        rollupOptions: {
          output: {
            // The libraries every page runs travel as one file: one request, and gzip finds
            // more repetition in one file than in many small ones.
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|i18next|react-i18next|html-parse-stringify|void-elements|@tanstack|tailwind-merge|clsx|class-variance-authority)[\\/]/,
                },
              ],
            },
            entryFileNames: 'assets/[name]-[hash].js',
            chunkFileNames: 'assets/[name]-[hash].js',
            assetFileNames: 'assets/[name]-[hash][extname]',
          },
        },
      },
  ssr: {
    // Every library is bundled into the SSR build, so no CSS import is left for Node to resolve.
    noExternal: true,
  },
}));
