// npm's prepare step: installs the pre-commit hook (simple-git-hooks, configured in package.json),
// which formats and lints the staged files (lint-staged). Skipped where it has no use: in CI, and
// outside a git checkout (an unpacked tarball). Never fails the install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (process.env.CI || !existsSync('.git')) process.exit(0);
const result = spawnSync(process.execPath, ['node_modules/simple-git-hooks/cli.js'], { stdio: 'inherit' });
if (result.status !== 0) console.warn('The pre-commit hook was not installed; run `npx simple-git-hooks` to install it.');
