import { startFakeArkeselServer } from '#test/helpers/fake-arkesel-server.js';
import { startFakeMtnMomoServer } from '#test/helpers/fake-mtn-momo-server.js';
import { E2E_MTN_SECRET } from '../../playwright.config.js';
import { enrolSharedStaff } from './support.js';

/**
 * The browser tests' SMS go to a local fake of Arkesel's API (tests/helpers/fake-arkesel-server.ts)
 * on E2E_SMS_PORT (playwright.config.ts): since docs/decisions/021 the SMS Log keeps no code once
 * an SMS is delivered, so a test reads the code from what the "provider" received, as a phone would.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const fake = await startFakeArkeselServer(process.env.E2E_SMS_API_KEY, Number(process.env.E2E_SMS_PORT));
  // MTN's MoMo API (tests/helpers/fake-mtn-momo-server.ts): 0244000452 expires, 0244000454 pays
  // on the second status read, any other number pays at once.
  const credentials = { subscriptionKey: E2E_MTN_SECRET, apiUser: E2E_MTN_SECRET, apiKey: E2E_MTN_SECRET };
  const mtn = await startFakeMtnMomoServer({
    port: Number(process.env.E2E_MTN_PORT),
    credentials: { collection: credentials, disbursement: credentials },
    delayedReads: 1,
  });
  // The server is up (Playwright starts webServer first): the shared staff accounts enrol once here.
  await enrolSharedStaff();
  return async () => {
    await fake.close();
    await mtn.close();
  };
}
