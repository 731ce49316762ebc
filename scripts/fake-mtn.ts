// The local fake of MTN's MoMo Open API (tests/helpers/fake-mtn-momo-server.ts) for `npm run dev`
// with MOMO_PROVIDER=mtn and no MTN_BASE_URL (scripts/dev.mjs starts it with the credentials it
// gives the API server): the sandbox's fixed numbers (46733123450 fails, ...451 is rejected,
// ...452 expires, ...453 stays pending, ...454 pays after two reads; any other number pays).
// Standalone, `npx tsx scripts/fake-mtn.ts` makes up credentials and prints the variables a
// server needs to use it.
import { startFakeMtnMomoServer } from '../tests/helpers/fake-mtn-momo-server.js';

const env = process.env;
const given = (product: 'COLLECTION' | 'DISBURSEMENT') => {
  const [subscriptionKey, apiUser, apiKey] = ['SUBSCRIPTION_KEY', 'API_USER', 'API_KEY'].map((name) => env[`MTN_${product}_${name}`]);
  return subscriptionKey && apiUser && apiKey ? { subscriptionKey, apiUser, apiKey } : undefined;
};
const collectionGiven = given('COLLECTION');
const disbursementGiven = given('DISBURSEMENT');
const fake = await startFakeMtnMomoServer({
  port: Number(env.FAKE_MTN_PORT ?? 3011),
  ...(collectionGiven && disbursementGiven ? { credentials: { collection: collectionGiven, disbursement: disbursementGiven } } : {}),
});
const { collection, disbursement } = fake.credentials;
console.log(
  [
    `fake MTN MoMo API on ${fake.url} (tests/helpers/fake-mtn-momo-server.ts); a server uses it with:`,
    `MOMO_PROVIDER=mtn MTN_BASE_URL=${fake.url} MTN_TARGET_ENVIRONMENT=${fake.targetEnvironment} MTN_CURRENCY=${fake.currency}`,
    `MTN_COLLECTION_SUBSCRIPTION_KEY=${collection.subscriptionKey} MTN_COLLECTION_API_USER=${collection.apiUser} MTN_COLLECTION_API_KEY=${collection.apiKey}`,
    `MTN_DISBURSEMENT_SUBSCRIPTION_KEY=${disbursement.subscriptionKey} MTN_DISBURSEMENT_API_USER=${disbursement.apiUser} MTN_DISBURSEMENT_API_KEY=${disbursement.apiKey}`,
  ].join('\n'),
);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
