import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * The web app's features (docs/architecture.md, "Web app"): each folder of src/web/features, and
 * each folder of src/web/features/admin but `pages`, which composes the admin features into
 * routes. A feature imports shared code (src/shared, src/web/components, src/web/lib) and its own
 * files, never another feature: what two features share moves to components/ or lib/.
 */
const adminFeatures = folders('./src/web/features/admin').filter((name) => name !== 'pages');
const features = [
  ...folders('./src/web/features')
    .filter((name) => name !== 'admin')
    .map((name) => `src/web/features/${name}`),
  ...adminFeatures.map((name) => `src/web/features/admin/${name}`),
];
const featureZones = features.map((feature) => ({
  target: `./${feature}`,
  from: './src/web/features',
  except: [`./${feature.replace('src/web/features/', '')}`],
  message: 'A feature does not import another feature: move what they share to src/web/components or src/web/lib.',
}));

/**
 * The server's layers (docs/architecture.md, "Server modules", docs/decisions/042), lowest first:
 * a unit may import its own files and the units listed before it, never one after it, so
 * modules cannot form cycles and nothing imports against the layering. Each entry is one unit
 * (a module of src/server/modules, or a folder or file of src/server); `plugins` and `auth` are
 * one unit because the access check is both. Every module folder must be listed: a new one is
 * placed here (scripts/docs-modules.ts draws this list into docs/architecture.md).
 */
export const serverLayers = [
  ['db'],
  ['lib', 'config.ts'],
  ['modules/limits'],
  ['modules/metrics'],
  ['plugins', 'modules/auth'],
  ['modules/audit'],
  ['modules/jobs'],
  ['modules/settings'],
  ['modules/realtime'],
  ['modules/ledger'],
  ['modules/order-reads'],
  ['modules/content'],
  ['modules/canned-responses'],
  ['modules/emails'],
  ['modules/sms'],
  ['modules/market'],
  ['modules/phone'],
  ['modules/deposit-keys'],
  ['modules/destination-changes'],
  ['modules/coins'],
  ['modules/payment-methods'],
  ['modules/chat'],
  ['modules/staff'],
  ['modules/system'],
  ['modules/payments'],
  ['modules/live'],
  ['modules/orders'],
  ['modules/momo-payments'],
  ['modules/chain-watch'],
  ['modules/treasury'],
  ['modules/contact'],
  ['modules/users'],
  ['modules/compliance'],
  ['modules/travel-rule'],
  ['modules/sanctions'],
  ['modules/exports'],
  ['modules/dashboard'],
  ['modules/kyc'],
  ['commands', 'app.ts', 'main.ts'],
];
const unlisted = folders('./src/server/modules').filter((name) => !serverLayers.flat().includes(`modules/${name}`));
if (unlisted.length > 0) throw new Error(`eslint.config.js: place ${unlisted.join(', ')} in serverLayers`);
const serverPath = (entry) => `./src/server/${entry}`;
const serverZones = serverLayers.flatMap((unit, index) => {
  const higher = serverLayers.slice(index + 1).flat();
  if (higher.length === 0) return [];
  return [
    {
      target: unit.map(serverPath),
      from: higher.map(serverPath),
      message: `Against the layering (eslint.config.js serverLayers): ${unit.join(' + ')} imports only what is listed before it; invert the call (an event, a parameter) or move the code down.`,
    },
  ];
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'src/server/db/migrations/**',
      'playwright-report/**',
      'test-results/**',
      '.tsbuild/**',
      // Written by scripts/compliance-rules.mjs, not committed (docs/decisions/047).
      'src/shared/compliance-rules/rules.gen.ts',
      'src/server/modules/compliance/rules/registry.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.shared.json', 'tsconfig.server.json', 'tsconfig.web.json', 'tsconfig.tests.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
    },
  },
  // Rules that read types: a forgotten await on a promise, a switch that misses a case.
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: jsxA11y.flatConfigs.strict.languageOptions,
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.strict.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['#server/*', '**/server/**'], message: 'The web app never imports server code.' }] },
      ],
      'import-x/no-restricted-paths': ['error', { zones: featureZones }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['#web/*', '**/web/**'], message: 'The server never imports web code.' }] }],
    },
  },
  {
    // Production code only: a test may drive its module through higher ones (an order placed to test a limit).
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#web/*', '#server/*', '**/web/**', '**/server/**'], message: 'Shared code imports neither web nor server code.' },
            { group: ['node:*'], message: 'Shared code runs in the browser too: no Node modules.' },
          ],
        },
      ],
    },
  },
  {
    // One API client on the web (docs/decisions/043): only src/web/lib/api.ts sends requests.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/api.ts', 'src/web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest'].map((name) => ({
          name,
          message: 'Requests go through src/web/lib/api.ts (apiRequest, apiDownload).',
        })),
      ],
    },
  },
);
