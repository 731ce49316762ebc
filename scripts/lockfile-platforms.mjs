// npm run lockfile:platforms: checks that package-lock.json holds every platform's optional
// package (rollup, tailwind's oxide, esbuild, the import resolver ship one native package per
// platform). npm ci refuses a lockfile that lacks one, and npm leaves one out whenever the
// registry it asks has no such version yet. For each package with gaps it prints the newest
// version for which the registry has every platform's package: pin that one (an exact version
// in package.json, or an entry in "overrides" for a package that comes through another).
// Docs: docs/deployment.md, "Installing".
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const packages = lock.packages;

/** Where Node would find `name` from the package at `from` (walking up node_modules folders). */
function locate(from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

function npmView(args) {
  const out = execFileSync('npm', ['view', ...args, '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return out ? JSON.parse(out) : undefined;
}

const knownVersions = new Map();
function registryHas(name, version) {
  if (!knownVersions.has(name)) {
    let versions = [];
    try {
      versions = [npmView([name, 'versions']) ?? []].flat();
    } catch {
      // A package the registry does not know at all: no version of it is available.
    }
    knownVersions.set(name, new Set(versions));
  }
  return knownVersions.get(name).has(version);
}

const gaps = new Map();
for (const [path, entry] of Object.entries(packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (!locate(path, name)) {
      const key = `${path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)}@${entry.version}`;
      gaps.set(key, [...(gaps.get(key) ?? []), name]);
    }
  }
}

if (gaps.size === 0) {
  console.log('package-lock.json holds every platform package: npm ci will accept it.');
  process.exit(0);
}

const compareVersions = (a, b) => a.localeCompare(b, undefined, { numeric: true });
for (const [key, names] of gaps) {
  const name = key.slice(0, key.lastIndexOf('@'));
  const current = key.slice(key.lastIndexOf('@') + 1);
  console.log(`${key}: the lockfile lacks ${names.length} platform packages (${names.slice(0, 3).join(', ')}, ...)`);
  const releases = [npmView([name, 'versions']) ?? []]
    .flat()
    .filter((v) => !v.includes('-') && compareVersions(v, current) <= 0)
    .sort(compareVersions)
    .reverse();
  let advice = '  no complete version found among the last 20 releases';
  for (const version of releases.slice(0, 20)) {
    const wanted = Object.entries(npmView([`${name}@${version}`, 'optionalDependencies']) ?? {});
    if (wanted.every(([dep, range]) => dep === 'fsevents' || registryHas(dep, range))) {
      advice = `  newest version with every platform package on this registry: ${name}@${version}`;
      break;
    }
  }
  console.log(advice);
}
process.exit(1);
