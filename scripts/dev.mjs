// npm run dev: the API server on :3001 (reloading on change) and Vite on :5173 (proxying /api).
// APP_URL is Vite's server: links in emails point there, and it is the one origin the API
// trusts (src/server/plugins/security.ts); `npm start` never trusts :5173.
import { spawn } from 'node:child_process';
import { writeRuleRegistry } from './compliance-rules.mjs';

// Before the API server starts: it loads the monitoring rules' registry (docs/decisions/047).
writeRuleRegistry();

const env = { ...process.env, PORT: '3001', APP_URL: 'http://localhost:5173', SERVE_WEB: 'false' };
// MOMO_PROVIDER=mtn without MTN_BASE_URL: MTN's API is the local fake (scripts/fake-mtn.ts), with
// development credentials unless some are given.
const fakeMtn = env.MOMO_PROVIDER === 'mtn' && !env.MTN_BASE_URL;
if (fakeMtn) {
  Object.assign(env, {
    FAKE_MTN_PORT: env.FAKE_MTN_PORT ?? '3011',
    MTN_TARGET_ENVIRONMENT: 'mtnghana',
    MTN_CURRENCY: 'GHS',
    MTN_COLLECTION_SUBSCRIPTION_KEY: env.MTN_COLLECTION_SUBSCRIPTION_KEY ?? 'dev-collection-key',
    MTN_COLLECTION_API_USER: env.MTN_COLLECTION_API_USER ?? '8f3c2a9e-4b1d-4e7a-9c2f-1a2b3c4d5e6f',
    MTN_COLLECTION_API_KEY: env.MTN_COLLECTION_API_KEY ?? 'dev-collection-secret',
    MTN_DISBURSEMENT_SUBSCRIPTION_KEY: env.MTN_DISBURSEMENT_SUBSCRIPTION_KEY ?? 'dev-disbursement-key',
    MTN_DISBURSEMENT_API_USER: env.MTN_DISBURSEMENT_API_USER ?? '0d9e8f7a-6b5c-4d3e-8f2a-9b8c7d6e5f4a',
    MTN_DISBURSEMENT_API_KEY: env.MTN_DISBURSEMENT_API_KEY ?? 'dev-disbursement-secret',
  });
  env.MTN_BASE_URL = `http://127.0.0.1:${env.FAKE_MTN_PORT}`;
}
const children = [
  ...(fakeMtn ? [spawn(process.execPath, ['--import', 'tsx', 'scripts/fake-mtn.ts'], { stdio: 'inherit', env })] : []),
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], { stdio: 'inherit', env }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) stop();
  });
