// npm start: build the web app when it is missing or older than its sources, then run the
// server (migrate, seed, serve) in this same process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const builtIndex = path.join(root, 'dist/web/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isBuildStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return ['src/web', 'src/shared'].some((dir) => newestMtime(path.join(root, dir)) > built);
}

if (process.env.SERVE_WEB !== 'false' && isBuildStale()) {
  console.log('Building the web app (first start or sources changed)…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The web build failed; see above.');
    process.exit(result.status ?? 1);
  }
}

register();
await import('../src/server/main.ts');
