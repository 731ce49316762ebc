import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait for their condition up to the test's own timeout, not Testing
// Library's 1 s, which a loaded machine can pass before a correct page has rendered
// (docs/decisions/044).
configure({ asyncUtilTimeout: 25_000 });

// Unmount what a test rendered so the next test starts from an empty document.
afterEach(() => {
  cleanup();
});
