import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { prerenderLanding } from './scripts/prerender-landing';
import { precompress } from './scripts/vite-precompress';
import { routePreloads } from './scripts/route-preloads';
import { customerChunks } from './scripts/customer-chunks';
import { writeRuleRegistry } from './scripts/compliance-rules.mjs';
import { writeResponseShapes } from './scripts/response-shapes';

// The desk and the Settings form list the monitoring rules of the rule files (docs/decisions/047).
writeRuleRegistry();
// The order page checks its answers with shapes generated from the order contract (docs/decisions/055).
writeResponseShapes();

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

// The web app lives in src/web and is built into dist/web, which the server serves.
// In development the API runs separately on port 3001; /api (including the realtime
// WebSocket) is proxied to it so the browser only ever talks to one origin.
export default defineConfig({
  root: 'src/web',
  plugins: [
    react(),
    tailwindcss(),
    prerenderLanding({ webRoot: `${projectRoot}src/web`, projectRoot }),
    // The customer pages a link in an SMS or email opens: their code downloads beside the entry
    // chunk (docs/decisions/025). Keys are matched against location.hash.
    routePreloads({
      '^#/orders/(\\d+)(?:[/?]|$)': {
        page: 'features/orders/pages/order-page.tsx',
        reads: ['/api/orders/$1'],
        alongside: ['features/orders/components/payment-form.tsx'],
      },
      '^#/dashboard\\b': { page: 'features/dashboard/pages/dashboard-page.tsx' },
      '^#/buy\\b': { page: 'features/trade/pages/buy-page.tsx' },
      '^#/sell\\b': { page: 'features/trade/pages/sell-page.tsx' },
      '^#/history\\b': { page: 'features/history/pages/history-page.tsx' },
      '^#/kyc\\b': { page: 'features/kyc/pages/kyc-page.tsx' },
    }),
    precompress(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // The manifest lets tests and bench/ tell which chunks a page loads.
    manifest: true,
    // The code customer pages share, in two chunks instead of a few dozen (docs/decisions/025, 028).
    rollupOptions: {
      output: {
        manualChunks: customerChunks(
          'web/features/orders/pages/order-page.tsx',
          ['web/features/orders/components/payment-form.tsx'],
          // The payment form's rules, which load once the form shows (docs/decisions/055).
          ['web/features/orders/lib/payment-form.ts'],
        ),
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3001', ws: true },
    },
  },
});
