// Prints the initial JavaScript each page needs (raw, gzip, and Brotli as the server sends it),
// from the Vite build manifest: the entry chunk and its static imports, plus the page's lazily
// loaded chunk and its imports, with the number of files (each a request: on a phone with 1.5 s
// round trips and a browser's 6 connections per server, requests cost as much as bytes). Also
// the size of index.html with the prerendered landing page, and the order page's JavaScript and
// CSS before it paints (issue 26 point 15: what a link from an SMS opens) against its budget
// (exit code 1 when over it).
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

function sizes(keys, { withCss = false } = {}) {
  let raw = 0;
  let gz = 0;
  let br = 0;
  let files = 0;
  const css = new Set(withCss ? [...keys].flatMap((key) => manifest[key].css ?? []) : []);
  for (const file of [...[...keys].map((key) => manifest[key].file), ...css]) {
    if (!file.endsWith('.js') && !file.endsWith('.css')) continue;
    const data = readFileSync(path.join(dist, file));
    files += 1;
    raw += data.length;
    gz += gzipSync(data, { level: 9 }).length;
    br += data.length < 1024 ? data.length : servedSize(file);
  }
  return { raw, gz, br, files };
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const pages = [
  { route: '/', sources: [] },
  { route: '/login', sources: ['features/auth/pages/login-page.tsx'] },
  { route: '/dashboard', sources: ['features/dashboard/pages/dashboard-page.tsx'] },
  { route: '/buy', sources: ['features/trade/pages/buy-page.tsx'] },
  { route: '/orders/:id', sources: ['features/orders/pages/order-page.tsx'] },
  { route: '/admin/dashboard', sources: ['app/layouts/admin-layout.tsx', 'features/admin/pages/admin-dashboard-page.tsx'] },
];

const kb = (n) => (n / 1024).toFixed(1);

/** The entry chunk's closure with each source's chunk and its closure. */
function pageKeys(sources) {
  const keys = closure(entryKey);
  for (const source of sources) {
    // A lazily loaded module whose chunk also holds code another lazy chunk imports is keyed by
    // its chunk's name (`_order-page-….js`), not its source.
    const name = path.basename(source).replace(/\.tsx?$/, '');
    const key =
      Object.keys(manifest).find((k) => manifest[k].src === source) ??
      Object.keys(manifest).find((k) => !manifest[k].src && manifest[k].isDynamicEntry && manifest[k].name === name);
    if (!key) throw new Error(`${source} is not a chunk of the build`);
    closure(key, keys);
  }
  return keys;
}

console.log('page               initial JS   gzip       served (br)  files');
for (const page of pages) {
  const size = sizes(pageKeys(page.sources));
  console.log(
    `${page.route.padEnd(18)} ${kb(size.raw).padStart(8)} KB ${kb(size.gz).padStart(7)} KB ${kb(size.br).padStart(8)} KB ${String(size.files).padStart(6)}`,
  );
}

// The order page paints its frame (the header, "Order #12" and "Loading the order…") from the
// entry chunk and the stylesheet (features/orders/pages/order-route.tsx); its own chunk, with the
// order contract that checks the answer before the order shows, downloads beside them
// (docs/decisions/055). Over the budget, this script fails (exit code 1).
const ORDER_BUDGET_KB = 120;
const order = sizes(pageKeys([]), { withCss: true });
const orderMet = order.br <= ORDER_BUDGET_KB * 1024;
console.log(
  `/orders/:id before it paints (its frame): JS+CSS ${kb(order.br)} KB served (br) in ${order.files} files (${kb(order.gz)} KB gzip, ${kb(order.raw)} KB raw); ` +
    `budget ${ORDER_BUDGET_KB} KB: ${orderMet ? 'met' : 'over'}`,
);
if (!orderMet) process.exitCode = 1;
const shown = sizes(pageKeys(['features/orders/pages/order-page.tsx']), { withCss: true });
console.log(
  `/orders/:id before the order shows (checked): JS+CSS ${kb(shown.br)} KB served (br) in ${shown.files} files (${kb(shown.gz)} KB gzip)`,
);
// "I have paid" comes in its own chunk, downloaded beside the page's (scripts/route-preloads.ts):
// what the page needs before it is usable.
const usable = sizes(pageKeys(['features/orders/pages/order-page.tsx', 'features/orders/components/payment-form.tsx']), { withCss: true });
console.log(
  `/orders/:id before it is usable (with the payment form): JS+CSS ${kb(usable.br)} KB served (br) in ${usable.files} files (${kb(usable.gz)} KB gzip)`,
);
const html = readFileSync(path.join(dist, 'index.html'));
console.log(`index.html (prerendered landing page) ${kb(html.length)} KB, served ${kb(servedSize('index.html'))} KB`);
