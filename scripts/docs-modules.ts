// Rewrites the generated module graph of docs/architecture.md from the server modules' imports
// (tests/api/module-graph.test.ts fails while the two differ). Usage: npm run docs:modules
import { readFileSync, writeFileSync } from 'node:fs';
import { MODULES_DOC, MODULES_MARKERS, renderModuleGraph } from './module-graph.js';

const doc = readFileSync(MODULES_DOC, 'utf8');
if (!MODULES_MARKERS.test(doc)) throw new Error('docs/architecture.md has no <!-- modules:start --> ... <!-- modules:end --> block');
writeFileSync(
  MODULES_DOC,
  doc.replace(MODULES_MARKERS, (_match, start: string, end: string) => `${start}\n${renderModuleGraph()}\n${end}`),
);
console.log('docs/architecture.md: module graph written');
