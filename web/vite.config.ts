import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The api serves the built app on the same origin; in development the dev server forwards
// every server path to it so the browser code never needs a base address.
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;
const proxied = ['/api', '/files', '/healthz', '/readyz', '/admin'];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: true }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Routes are lazy-loaded, so each screen already gets its own chunk.
    chunkSizeWarningLimit: 600,
  },
});
