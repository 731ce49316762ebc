// Prints the initial JavaScript each page needs (raw, gzip, and Brotli as the server sends it),
// from the Vite build manifest: the entry chunk and its static imports, plus the page's lazily
// loaded chunk and its imports. Also the size of index.html with the prerendered landing page.
// Usage: npm run build && node bench/web-bundle.mjs
import { existsSync, readFileSync } from 'node:fs';
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

/** The file as the server sends it to a browser accepting Brotli: its .br copy (scripts/vite-precompress.ts). */
function servedSize(file) {
  const br = path.join(dist, `${file}.br`);
  if (!existsSync(br)) throw new Error(`${file}.br is missing: the build did not precompress`);
  return readFileSync(br).length;
}

function sizes(keys) {
  let raw = 0;
  let gz = 0;
  let br = 0;
  for (const key of keys) {
    const file = manifest[key].file;
    if (!file.endsWith('.js')) continue;
    const data = readFileSync(path.join(dist, file));
    raw += data.length;
    gz += gzipSync(data, { level: 9 }).length;
    br += data.length < 1024 ? data.length : servedSize(file);
  }
  return { raw, gz, br };
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const pages = [
  { route: '/', sources: [] },
  { route: '/dashboard', sources: ['features/dashboard/pages/dashboard-page.tsx'] },
  { route: '/admin/dashboard', sources: ['app/layouts/admin-layout.tsx', 'features/admin/pages/admin-dashboard-page.tsx'] },
];

const kb = (n) => (n / 1024).toFixed(1);
console.log('page               initial JS   gzip       served (br)');
for (const page of pages) {
  const keys = closure(entryKey);
  for (const source of page.sources) {
    const key = Object.keys(manifest).find((k) => manifest[k].src === source);
    if (key) closure(key, keys);
  }
  const size = sizes(keys);
  console.log(`${page.route.padEnd(18)} ${kb(size.raw).padStart(8)} KB ${kb(size.gz).padStart(7)} KB ${kb(size.br).padStart(8)} KB`);
}
const html = readFileSync(path.join(dist, 'index.html'));
console.log(`index.html (prerendered landing page) ${kb(html.length)} KB, served ${kb(servedSize('index.html'))} KB`);
