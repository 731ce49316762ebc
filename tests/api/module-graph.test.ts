import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULES_DOC, MODULES_MARKERS, renderModuleGraph } from '../../scripts/module-graph.js';

describe('the module graph of docs/architecture.md', () => {
  it('shows the server modules as they import each other (npm run docs:modules rewrites it)', () => {
    const shown = MODULES_MARKERS.exec(readFileSync(MODULES_DOC, 'utf8'));
    expect(shown, 'docs/architecture.md has no <!-- modules:start --> block').not.toBeNull();
    expect(shown![0].replace(/^<!-- modules:start -->\n|\n<!-- modules:end -->$/g, '')).toBe(renderModuleGraph());
  });
});
