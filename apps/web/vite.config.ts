import { fileURLToPath, URL } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const api = 'http://127.0.0.1:3000';

/**
 * The framework build (decision 016): `react-router build` writes build/client (assets and
 * prerendered pages) and build/server (the request handler the API's server runs).
 */
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  envPrefix: ['VITE_', 'PUBLIC_'],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  server: {
    proxy: { '/api': api, '/storage': api, '/dev': api },
  },
});
