// npm start (and the operator commands: `node scripts/start.mjs <command> [args]`, see
// package.json): builds what is missing or older than its sources (the web app into dist/web,
// the server into dist/server), then runs the compiled command in this same process with
// plain Node. A restart with nothing changed skips both builds.
import { spawnSync } from 'node:child_process';
import module from 'node:module';
import path from 'node:path';
import { buildServer, isStale, serverEntries, serverOutDir, serverSources } from './build-server.mjs';
import { RULES_DIR } from './compliance-rules.mjs';

// Node 22+ keeps the compiled code of the modules it loads in a cache (in the system's
// temporary folder), so a restart parses far less JavaScript.
module.enableCompileCache?.();
// Stack traces name the TypeScript sources (dist/server has source maps).
process.setSourceMapsEnabled(true);

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const [command = 'main', ...args] = process.argv.slice(2);
if (!(command in serverEntries)) {
  console.error(`Unknown command "${command}". Commands: ${Object.keys(serverEntries).join(', ')}`);
  process.exit(2);
}

const startsTheApp = command === 'main';
if (
  startsTheApp &&
  process.env.SERVE_WEB !== 'false' &&
  isStale(path.join(root, 'dist/web/index.html'), ['src/web', 'src/shared', RULES_DIR])
) {
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

if (isStale(path.join(serverOutDir, `${command}.js`), serverSources)) {
  if (startsTheApp) console.log('Building the server (first start or sources changed)…');
  await buildServer();
}

// The compiled command reads its own arguments from process.argv, as when run directly.
process.argv = [process.argv[0], path.join(serverOutDir, `${command}.js`), ...args];
await import(path.join(serverOutDir, `${command}.js`));
