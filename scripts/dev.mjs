// npm run dev: the API server on :3001 (reloading on change) and Vite on :5173 (proxying /api).
// APP_URL is Vite's server: links in emails point there, and it is the one origin the API
// trusts (src/server/plugins/security.ts); `npm start` never trusts :5173.
import { spawn } from 'node:child_process';
import { writeRuleRegistry } from './compliance-rules.mjs';

// Before the API server starts: it loads the monitoring rules' registry (docs/decisions/047).
writeRuleRegistry();

const env = { ...process.env, PORT: '3001', APP_URL: 'http://localhost:5173', SERVE_WEB: 'false' };
const children = [
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
