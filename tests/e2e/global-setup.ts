import { startFakeArkeselServer } from '#test/helpers/fake-arkesel-server.js';
import { enrolSharedStaff } from './support.js';

/**
 * The browser tests' SMS go to a local fake of Arkesel's API (tests/helpers/fake-arkesel-server.ts)
 * on E2E_SMS_PORT (playwright.config.ts): since docs/decisions/021 the SMS Log keeps no code once
 * an SMS is delivered, so a test reads the code from what the "provider" received, as a phone would.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const fake = await startFakeArkeselServer(process.env.E2E_SMS_API_KEY, Number(process.env.E2E_SMS_PORT));
  // The server is up (Playwright starts webServer first): the shared staff accounts enrol once here.
  await enrolSharedStaff();
  return () => fake.close();
}
