// Compiles the server and its operator commands into dist/server with esbuild, so production
// runs plain `node` on JavaScript (no TypeScript runner). The migrations are copied beside the code: the migrator
// finds them next to the module that defines MIGRATIONS_FOLDER (src/server/db/client.ts).
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { writeRuleRegistry } from './compliance-rules.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const serverOutDir = path.join(root, 'dist/server');

/** The commands dist/server provides, by the name `node scripts/start.mjs <name>` takes. */
export const serverEntries = {
  main: 'src/server/main.ts',
  'seed-demo': 'src/server/commands/seed-demo.ts',
  'reset-two-factor': 'src/server/commands/reset-two-factor.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  'ledger-verify': 'src/server/commands/ledger-verify.ts',
  'audit-verify': 'src/server/commands/audit-verify.ts',
  'sanctions-load': 'src/server/commands/sanctions-load.ts',
};

/** The folders and files whose change calls for a new server build. */
export const serverSources = ['src/server', 'src/shared', 'scripts/backup.ts', 'scripts/restore.ts', 'package.json', 'package-lock.json'];

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Whether `builtFile` is missing or older than any of `sources` (paths from the project root). */
export function isStale(builtFile, sources) {
  if (!existsSync(builtFile)) return true;
  const built = statSync(builtFile).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

export function isServerBuildStale() {
  return Object.keys(serverEntries).some((name) => isStale(path.join(serverOutDir, `${name}.js`), serverSources));
}

export async function buildServer() {
  // Imported here, not at the top: a deployment that was built already runs without dev tools.
  const { build } = await import('esbuild');
  writeRuleRegistry();
  // Built beside and then moved into place, so a server starting meanwhile never loads half a build.
  const outdir = `${serverOutDir}.building-${process.pid}`;
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: Object.entries(serverEntries).map(([out, entry]) => ({ in: entry, out })),
    outdir,
    bundle: true,
    splitting: true,
    chunkNames: '[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node22.12',
    // Dependencies are bundled too: resolving a few hundred packages' files at every start cost
    // about a second. These stay installed packages: PGlite and swagger-ui read files next to
    // their code, pg may load a native addon, and the build tools are never needed at runtime.
    external: ['@electric-sql/pglite', 'pg', 'pg-native', '@fastify/swagger-ui', '@fastify/static', 'esbuild', 'vite'],
    // Bundled CommonJS packages call require() for Node's own modules.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    sourcemap: 'linked',
    logLevel: 'warning',
    tsconfig: 'tsconfig.server.json',
  });
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
  // The sanctions list shipped with the product, loaded at the first start (modules/sanctions/lists.ts).
  cpSync(path.join(root, 'src/server/modules/sanctions/lists'), path.join(outdir, 'lists'), { recursive: true });
  rmSync(serverOutDir, { recursive: true, force: true });
  renameSync(outdir, serverOutDir);
}

// node scripts/build-server.mjs [--if-stale]
if (process.argv[1] === new URL(import.meta.url).pathname && !(process.argv.includes('--if-stale') && !isServerBuildStale())) {
  const started = performance.now();
  await buildServer();
  console.log(`Server built into dist/server in ${Math.round(performance.now() - started)} ms`);
}
