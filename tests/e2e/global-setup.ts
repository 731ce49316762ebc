import os from 'node:os';
import { deployTestToken, startAnvil } from '#test/helpers/anvil.js';
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
  // A local EVM chain (anvil, tests/helpers/anvil.ts) with the test ERC20 standing for USDT, for
  // chain-deposit.spec.ts (issue 32): started once, its URL and the token's contract handed to the
  // workers in the environment. No network watches it until that spec sets the ERC20 endpoint.
  const anvil = await startAnvil();
  const loadavg = os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
  console.log(`anvil answered ${anvil.startMs.toFixed(0)} ms after its start (load average ${loadavg})`);
  process.env.E2E_ANVIL_URL = anvil.url;
  process.env.E2E_USDT_CONTRACT = await deployTestToken(anvil, 10n ** 15n);
  try {
    // The server is up (Playwright starts webServer first): the shared staff accounts enrol once here.
    await enrolSharedStaff();
  } catch (error) {
    await Promise.all([fake.close(), mtn.close(), anvil.close()]);
    throw error;
  }
  return async () => {
    await fake.close();
    await mtn.close();
    await anvil.close();
  };
}
