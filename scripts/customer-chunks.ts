import type { Rollup } from 'vite';

/** Where the back-office code lives: it keeps its own chunks (customers never download it). */
const ADMIN_CODE = /\/src\/web\/(features\/admin\/|app\/layouts\/admin-)/;

/** The code customer pages share: components, lib, the contracts, and the libraries forms and amounts need. */
const SHARED_CODE = /\/src\/(web\/components|web\/lib|shared)\/|\/node_modules\/(zod|decimal\.js|react-hook-form)\//;

/** zod and what is written with it. */
const CONTRACT_CODE = /\/src\/shared\/(contracts\/|zod-messages)|\/node_modules\/zod\//;

/**
 * Rollup's manualChunks for the web build: the shared code that customer pages load after the
 * entry chunk goes into two chunks instead of the few dozen small chunks Rollup makes from the
 * combinations of pages that use each module: `customer-shared`, what the page a link opens needs
 * to show itself (components, lib, contracts, zod), and `customer-forms`, what its lazily loaded
 * form adds (react-hook-form, the form components; issue 26 point 15). decimal.js, which only
 * the trade pages' arithmetic needs, keeps Rollup's chunk. On a phone with 1.5 s
 * round trips and 6 connections per server, each request costs about what 12 KB of download does
 * (docs/decisions/025). What the entry chunk loads stays in it (the landing page's download does
 * not change), and code only the back-office reaches keeps Rollup's split.
 */
export function customerChunks(linkedPage: string, formModules: string[], ruleModules: string[] = []): Rollup.GetManualChunk {
  let entryCode: Set<string> | undefined;
  let customerCode: Set<string> | undefined;
  let formCode: Set<string> | undefined;
  let rulesCode: Set<string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!entryCode || !customerCode || !formCode || !rulesCode) {
      const ids = [...getModuleIds()];
      entryCode = reach(
        ids.filter((moduleId) => getModuleInfo(moduleId)?.isEntry),
        getModuleInfo,
      );
      const find = (source: string) => {
        const found = ids.find((moduleId) => moduleId.endsWith(`/src/${source}`));
        if (!found) throw new Error(`customer-chunks: ${source} is not in the build`);
        return found;
      };
      customerCode = reach([find(linkedPage)], getModuleInfo);
      formCode = reach(formModules.map(find), getModuleInfo);
      rulesCode = reach(ruleModules.map(find), getModuleInfo);
    }
    // Rollup adds a manual chunk's dependencies to it unless they are in a manual chunk already:
    // the entry's code is one, named as Vite names the entry, so it stays where it was.
    if (entryCode.has(id)) return 'index';
    if (!SHARED_CODE.test(id)) return undefined;
    if (customerCode.has(id)) return 'customer-shared';
    if (formCode.has(id)) return 'customer-forms';
    // zod, the contracts and the zod resolver, which the order page loads after it is usable (the
    // payment form's rules, docs/decisions/055) and the other customer pages with their code.
    if (rulesCode.has(id) && CONTRACT_CODE.test(id)) return 'customer-contracts';
    return undefined;
  };
}

/** The modules `from` import statically, outside the back-office. */
function reach(from: string[], getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  const seen = new Set<string>();
  const queue = [...from];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id) || ADMIN_CODE.test(id)) continue;
    seen.add(id);
    const info = getModuleInfo(id);
    if (!info) continue;
    queue.push(...info.importedIds);
  }
  return seen;
}
