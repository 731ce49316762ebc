import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { BOOT_SCRIPT } from '#shared/boot-script.js';

const ROOT_MARKUP = '<div id="root"></div>';

/**
 * Vite plugin for the production build: puts the landing page, rendered with React on the
 * server side of a small second build (src/web/prerender.tsx), into dist/web/index.html, and
 * the boot script that hides it on other pages into its head. A phone on a slow network then
 * paints the landing page from the HTML and CSS alone, before the JavaScript has arrived.
 */
export function prerenderLanding(options: { webRoot: string; projectRoot: string }): Plugin {
  let outDir = '';
  return {
    name: 'prerender-landing',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: () => [{ tag: 'script', children: BOOT_SCRIPT, injectTo: 'head-prepend' }],
    async closeBundle() {
      // Inside node_modules so the rendered module finds react and friends as externals.
      const ssrOutDir = path.join(options.projectRoot, 'node_modules', '.cache', 'prerender-landing');
      await build({
        configFile: false,
        root: options.webRoot,
        logLevel: 'warn',
        esbuild: { jsx: 'automatic' },
        build: {
          ssr: 'prerender.tsx',
          outDir: ssrOutDir,
          emptyOutDir: true,
          rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
        },
      });
      try {
        const modulePath = pathToFileURL(path.join(ssrOutDir, 'prerender.mjs')).href;
        const { renderLanding } = (await import(`${modulePath}?build=${Date.now()}`)) as { renderLanding: () => string };
        const indexFile = path.join(outDir, 'index.html');
        const html = readFileSync(indexFile, 'utf8');
        if (!html.includes(ROOT_MARKUP)) throw new Error(`prerender-landing: ${ROOT_MARKUP} not found in ${indexFile}`);
        writeFileSync(indexFile, html.replace(ROOT_MARKUP, `<div id="root">${renderLanding()}</div>`));
      } finally {
        rmSync(ssrOutDir, { recursive: true, force: true });
      }
    },
  };
}
