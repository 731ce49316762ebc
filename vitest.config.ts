import { defineConfig } from 'vitest/config';

// Two projects: the server and API tests run in Node against a per-file test database
// (tests/setup/global-setup.ts); the web tests render components in happy-dom with
// Testing Library. Both fail on any console.error.
export default defineConfig({
  test: {
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
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
