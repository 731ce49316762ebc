import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { prerenderLanding } from './scripts/prerender-landing';
import { precompress } from './scripts/vite-precompress';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

// The web app lives in src/web and is built into dist/web, which the server serves.
// In development the API runs separately on port 3001; /api (including the realtime
// WebSocket) is proxied to it so the browser only ever talks to one origin.
export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), prerenderLanding({ webRoot: `${projectRoot}src/web`, projectRoot }), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // The manifest lets tests and bench/ tell which chunks a page loads.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3001', ws: true },
    },
  },
});
