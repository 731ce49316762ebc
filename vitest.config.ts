import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { writeRuleRegistry } from './scripts/compliance-rules.mjs';

// The monitoring rules' registry, from the rule files as they are now (docs/decisions/047).
writeRuleRegistry();

// Two projects: the server and API tests run in Node against a per-file test database
// (tests/setup/global-setup.ts); the web tests render components in happy-dom with
// Testing Library. Both fail on any console.error.
export default defineConfig({
  test: {
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    pool: 'forks',
    // Vitest's default leaves one core idle (cores - 1): on a two-core machine that is one file at
    // a time. Most files wait on their database or a child server as much as they compute.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Bounds that only a hang reaches: on a machine kept busy (issue 29: a full run beside other
    // work at load 20) requests take several times as long, and a test that makes hundreds of them
    // (the authorization matrix) passed 30 s. Waits inside a test are on conditions.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'tests/api/**/*.test.ts'],
          globalSetup: ['tests/setup/global-setup.ts'],
        },
      },
      {
        extends: true,
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/setup/web-cleanup.ts'],
        },
      },
    ],
  },
});
