// Prints the initial JavaScript (gzip) each page needs, from the Vite build manifest:
// the entry chunk and its static imports, plus the page's lazily loaded chunk and its imports.
// Usage: npm run build && node bench/web-bundle.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve('dist/web');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** Keys of a chunk and everything it imports statically. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

function gzipSize(keys) {
  let raw = 0;
  let gz = 0;
  for (const key of keys) {
    const file = manifest[key].file;
    if (!file.endsWith('.js')) continue;
    const data = readFileSync(path.join(dist, file));
    raw += data.length;
    gz += gzipSync(data, { level: 9 }).length;
  }
  return { raw, gz };
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const pages = [
  { route: '/', sources: [] },
  { route: '/dashboard', sources: ['features/dashboard/pages/dashboard-page.tsx'] },
  { route: '/admin/dashboard', sources: ['app/layouts/admin-layout.tsx', 'features/admin/pages/admin-dashboard-page.tsx'] },
];

const kb = (n) => (n / 1024).toFixed(1);
console.log('page               initial JS   gzip');
for (const page of pages) {
  const keys = closure(entryKey);
  for (const source of page.sources) {
    const key = Object.keys(manifest).find((k) => manifest[k].src === source);
    if (key) closure(key, keys);
  }
  const size = gzipSize(keys);
  console.log(`${page.route.padEnd(18)} ${kb(size.raw).padStart(8)} KB ${kb(size.gz).padStart(7)} KB`);
}
