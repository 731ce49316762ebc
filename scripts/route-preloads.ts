import type { Plugin, Rollup } from 'vite';
import { ROUTE_PRELOADS_ATTRIBUTE } from '#shared/boot-script.js';

/**
 * A page a link opens: its module (from src/web), the API reads it starts with (`$1`: the
 * pattern's first group), and modules it loads lazily but at once (`alongside`: the order page's
 * payment form), whose chunks are asked for after the page's so they arrive beside them.
 */
export type TLinkedPage = { page: string; reads?: string[]; alongside?: string[] };

/**
 * Vite plugin for the production build: writes into index.html's <html> element, for each page
 * given (a RegExp source matched against location.hash), the URLs of its lazily loaded chunk and
 * of every chunk that one imports statically, less what the entry chunk loads anyway, and its
 * API reads. The boot script (src/shared/boot-script.ts) asks for the current page's chunks with
 * modulepreload and starts its reads and the session's as soon as the HTML arrives, so they come
 * beside the entry chunk instead of after it (docs/decisions/025).
 */
export function routePreloads(pages: Record<string, TLinkedPage>): Plugin {
  return {
    name: 'route-preloads',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) throw new Error('route-preloads: no entry chunk');
        const loadedByEntry = closure(bundle, entry.fileName);
        const preloads: Record<string, string[]> = {};
        const chunkOf = (module: string) => {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/src/web/${module}`)));
          if (!chunk) throw new Error(`route-preloads: no chunk for ${module}`);
          return chunk.fileName;
        };
        for (const [pattern, { page, reads = [], alongside = [] }] of Object.entries(pages)) {
          const files = new Set([...closure(bundle, chunkOf(page))].filter((file) => !loadedByEntry.has(file)));
          for (const module of alongside)
            for (const file of closure(bundle, chunkOf(module))) if (!loadedByEntry.has(file)) files.add(file);
          preloads[pattern] = [...[...files].map((file) => `/${file}`), ...reads];
        }
        const json = JSON.stringify(preloads);
        if (json.includes("'")) throw new Error('route-preloads: a file name with a quote');
        if (!/<html[^>]*>/.test(html)) throw new Error('route-preloads: no <html> element');
        // A function, not a string: the list's `$1` must stay as it is.
        return html.replace(/<html([^>]*)>/, (_tag, attributes: string) => `<html${attributes} ${ROUTE_PRELOADS_ATTRIBUTE}='${json}'>`);
      },
    },
  };
}

/** `fileName` and every chunk it imports statically, recursively. */
function closure(bundle: Rollup.OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) closure(bundle, imported, seen);
  return seen;
}
