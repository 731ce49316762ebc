// Rewrites the generated table of docs/order-lifecycle.md from src/shared/order-transitions.ts
// (src/server/db/order-transitions.test.ts fails while the two differ). Usage: npm run docs:transitions
import { readFileSync, writeFileSync } from 'node:fs';
import { renderTransitionTable } from '../src/shared/order-transitions.js';

const file = new URL('../docs/order-lifecycle.md', import.meta.url);
const doc = readFileSync(file, 'utf8');
const marked = /(<!-- transitions:start -->)[\s\S]*?(<!-- transitions:end -->)/;
if (!marked.test(doc)) throw new Error('docs/order-lifecycle.md has no <!-- transitions:start --> ... <!-- transitions:end --> block');
writeFileSync(
  file,
  doc.replace(marked, (_match, start: string, end: string) => `${start}\n${renderTransitionTable()}\n${end}`),
);
console.log('docs/order-lifecycle.md: transition table written');
