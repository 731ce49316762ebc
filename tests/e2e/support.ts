import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_ADMIN, E2E_STAFF } from '../../playwright.config.js';

export { E2E_ADMIN, E2E_STAFF };

let counter = 0;
export function uniqueUser(prefix = 'e2e') {
  counter += 1;
  const username = `${prefix}${Date.now().toString(36)}${counter}`;
  return { username, email: `${username}@example.com`, fullName: 'Akosua Asantewaa', password: 'E2e-Customer-Passw0rd' };
}

export async function signUpInBrowser(page: Page, user = uniqueUser()) {
  await page.goto('/#/signup');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Full name').fill(user.fullName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Account Created!' }).waitFor();
  await page.getByRole('link', { name: 'Go to dashboard' }).or(page.getByRole('button', { name: 'Go to dashboard' })).click();
  return user;
}

export async function adminLogin(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password) {
  await page.goto('/#/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Built files of the chunks whose source lies under one of the given folders (vite manifest). */
export function builtFilesUnder(...sourceDirs: string[]): string[] {
  const manifest = JSON.parse(readFileSync(path.resolve('dist/web/.vite/manifest.json'), 'utf8')) as Record<string, { file: string; src?: string }>;
  return Object.values(manifest)
    .filter((entry) => entry.src && sourceDirs.some((dir) => entry.src!.startsWith(dir)))
    .map((entry) => entry.file);
}
