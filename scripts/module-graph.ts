// The server modules' dependency graph as Mermaid (docs/architecture.md, "Server modules"), read
// from the imports of their production files: `npm run docs:modules` writes it into the doc and
// tests/api/module-graph.test.ts fails while the doc shows another one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const modulesDir = path.join(root, 'src/server/modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Which modules each module's production code imports (`#server/modules/<name>/` or `../<name>/`). */
export function moduleImports(): Map<string, Set<string>> {
  const modules = readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const graph = new Map(modules.map((name) => [name, new Set<string>()]));
  for (const name of modules) {
    for (const file of sourceFiles(path.join(modulesDir, name))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/from '(?:#server\/modules\/|\.\.\/)([a-z-]+)\//g)) {
        const target = match[1]!;
        if (target !== name && graph.has(target)) graph.get(name)!.add(target);
      }
    }
  }
  return graph;
}

/** A Mermaid flowchart: an arrow from a module to each module it imports. */
export function renderModuleGraph(): string {
  const lines = ['```mermaid', 'flowchart LR'];
  for (const [name, targets] of moduleImports()) {
    if (targets.size === 0) lines.push(`  ${name}`);
    for (const target of [...targets].sort()) lines.push(`  ${name} --> ${target}`);
  }
  lines.push('```');
  return lines.join('\n');
}

export const MODULES_DOC = path.join(root, 'docs/architecture.md');
export const MODULES_MARKERS = /(<!-- modules:start -->)[\s\S]*?(<!-- modules:end -->)/;
