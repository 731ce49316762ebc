import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.js';
import { ProviderError } from '#server/lib/prices/http.js';
import { MTN_SANDBOX_NUMBERS, startFakeMtnMomoServer, type TFakeMtnServer } from '#test/helpers/fake-mtn-momo-server.js';
import { UNREACHED_TIMEOUT_MS } from '#test/helpers/timeouts.js';
import { createMtnMomoProvider, type TMtnOptions } from './mtn.js';
import { createMomoProvider, type TMomoStatus } from './provider.js';

// The MTN MoMo adapter against the local fake of MTN's Open API (tests/helpers/fake-mtn-momo-server.ts).
describe('MTN MoMo adapter', () => {
  let fake: TFakeMtnServer;
  const options = (more: Partial<TMtnOptions> = {}): TMtnOptions => ({
    baseUrl: fake.url,
    targetEnvironment: fake.targetEnvironment,
    currency: fake.currency,
    collection: fake.credentials.collection,
    disbursement: fake.credentials.disbursement,
    timeoutMs: UNREACHED_TIMEOUT_MS,
    ...more,
  });
  const payment = (phone: string, more: { referenceId?: string; amount?: string } = {}) => ({
    referenceId: more.referenceId ?? randomUUID(),
    amount: more.amount ?? '120.50',
    externalId: 'CC-7F3K2Q',
    phone,
    payerMessage: 'CediCrypto order CC-7F3K2Q',
    payeeNote: 'Buy order 42',
  });

  beforeAll(async () => {
    fake = await startFakeMtnMomoServer({ delayedReads: 2 });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.set({}));

  it('asks a payer to pay and reads the payment back, with one token for both calls', async () => {
    const mtn = createMtnMomoProvider(options({ callbackUrl: 'https://exchange.example/api/momo/mtn/callback' }));
    const request = payment('+233241234567');
    const issued = fake.tokensIssued.collection;
    await mtn.requestToPay(request);
    const status = await mtn.requestToPayStatus(request.referenceId);
    expect(status).toMatchObject({ state: 'successful', amount: '120.50', partyId: '233241234567' });
    expect((status as Extract<TMomoStatus, { state: 'successful' }>).providerTransactionId).toMatch(/^\d+$/);
    expect(fake.tokensIssued.collection - issued).toBe(1);
    // What MTN received: the environment's currency, two decimals, the MSISDN without '+', the callback naming the reference.
    expect(fake.transactions.get(request.referenceId)).toMatchObject({
      body: { amount: '120.50', currency: 'GHS', externalId: 'CC-7F3K2Q', party: '233241234567' },
      callbackUrl: `https://exchange.example/api/momo/mtn/callback/${request.referenceId}`,
    });
  });

  it('takes a reference MTN already has (an earlier try whose answer was lost) as sent, and never makes a second payment', async () => {
    const mtn = createMtnMomoProvider(options());
    const request = payment('+233241234568');
    await mtn.requestToPay(request);
    const before = fake.transactions.size;
    await mtn.requestToPay(request); // 409 RESOURCE_ALREADY_EXIST
    expect(fake.transactions.size).toBe(before);
    expect(await mtn.requestToPayStatus(request.referenceId)).toMatchObject({ state: 'successful' });
  });

  it("answers the sandbox's fixed payers as MTN documents them", async () => {
    const mtn = createMtnMomoProvider(options());
    const outcome = async (phone: string) => {
      const request = payment(phone);
      await mtn.requestToPay(request);
      return mtn.requestToPayStatus(request.referenceId);
    };
    expect(await outcome(MTN_SANDBOX_NUMBERS.failed)).toEqual({ state: 'failed', reason: 'INTERNAL_PROCESSING_ERROR' });
    expect(await outcome(MTN_SANDBOX_NUMBERS.rejected)).toEqual({ state: 'failed', reason: 'APPROVAL_REJECTED' });
    expect(await outcome(MTN_SANDBOX_NUMBERS.expired)).toEqual({ state: 'failed', reason: 'EXPIRED' });
    expect(await outcome(MTN_SANDBOX_NUMBERS.ongoing)).toEqual({ state: 'pending' });
    // Delayed: pending for two reads, then paid.
    const delayed = payment(MTN_SANDBOX_NUMBERS.delayed);
    await mtn.requestToPay(delayed);
    const reads = [];
    for (let i = 0; i < 3; i += 1) reads.push((await mtn.requestToPayStatus(delayed.referenceId)).state);
    expect(reads).toEqual(['pending', 'pending', 'successful']);
  });

  it('says a reference MTN never received is unknown (the request may be sent again with it)', async () => {
    const mtn = createMtnMomoProvider(options());
    expect(await mtn.requestToPayStatus(randomUUID())).toEqual({ state: 'unknown' });
    expect(await mtn.transferStatus(randomUUID())).toEqual({ state: 'unknown' });
  });

  it('gets a new token before the old one expires, and once more when MTN refuses one early', async () => {
    let clock = Date.now();
    const mtn = createMtnMomoProvider(options({ now: () => clock }));
    const issued = () => fake.tokensIssued.collection;
    const start = issued();
    await mtn.isActive('+233241234567');
    await mtn.isActive('+233241234567');
    expect(issued() - start).toBe(1);
    // A minute before the hour MTN gave it, the token is renewed.
    clock += 3600_000 - 59_000;
    await mtn.isActive('+233241234567');
    expect(issued() - start).toBe(2);
    // Refused before its time (401): one new token and the same call again, which succeeds.
    fake.expireTokens();
    expect(await mtn.isActive('+233241234567')).toBe(true);
    expect(issued() - start).toBe(3);
  });

  it('pays a seller out with the Disbursement credentials and reads the transfer back', async () => {
    const mtn = createMtnMomoProvider(options());
    const collectionTokens = fake.tokensIssued.collection;
    const transfer = payment('+233201112233', { amount: '980.00' });
    await mtn.transfer(transfer);
    expect(await mtn.transferStatus(transfer.referenceId)).toMatchObject({
      state: 'successful',
      amount: '980.00',
      partyId: '233201112233',
    });
    expect(fake.transactions.get(transfer.referenceId)?.product).toBe('disbursement');
    expect(fake.tokensIssued.collection).toBe(collectionTokens);
    const refused = payment(MTN_SANDBOX_NUMBERS.rejected);
    await mtn.transfer(refused);
    expect(await mtn.transferStatus(refused.referenceId)).toEqual({ state: 'failed', reason: 'APPROVAL_REJECTED' });
  });

  it('checks an account holder: active or not, and the name MTN has', async () => {
    const mtn = createMtnMomoProvider(options());
    fake.names.set('233241234999', { given_name: 'Ama', family_name: 'Mensah' });
    expect(await mtn.isActive('+233241234999')).toBe(true);
    expect(await mtn.holderName('+233241234999')).toBe('Ama Mensah');
    expect(await mtn.isActive(MTN_SANDBOX_NUMBERS.failed)).toBe(false); // not found
    expect(await mtn.isActive(MTN_SANDBOX_NUMBERS.rejected)).toBe(false); // not active
    expect(await mtn.holderName(MTN_SANDBOX_NUMBERS.failed)).toBeNull();
  });

  it('refuses with a provider error: a wrong subscription key, a service that fails, an answer that never comes', async () => {
    const wrongKey = createMtnMomoProvider(options({ collection: { ...fake.credentials.collection, subscriptionKey: 'not-the-key' } }));
    await expect(wrongKey.requestToPay(payment('+233241234567'))).rejects.toMatchObject({ kind: 'http', message: /HTTP 401/ });
    const mtn = createMtnMomoProvider(options());
    await mtn.isActive('+233241234567'); // a token first
    fake.set({ failWith: 503 });
    await expect(mtn.requestToPay(payment('+233241234567'))).rejects.toMatchObject({
      kind: 'http',
      message: /HTTP 503 SERVICE_UNAVAILABLE/,
    });
    // The timeout itself: a short one against an answer that never comes fires whatever the machine's speed.
    fake.set({ hang: true });
    const impatient = createMtnMomoProvider(options({ timeoutMs: 200 }));
    await expect(impatient.requestToPay(payment('+233241234567'))).rejects.toBeInstanceOf(ProviderError);
    await expect(impatient.requestToPay(payment('+233241234567'))).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('sends amounts with two decimals only, and refuses anything else before calling MTN', async () => {
    const mtn = createMtnMomoProvider(options());
    const calls = fake.calls.length;
    await expect(mtn.requestToPay(payment('+233241234567', { amount: '120.5' }))).rejects.toThrow(/two decimals/);
    expect(fake.calls.length).toBe(calls);
  });
});

describe('MOMO_PROVIDER', () => {
  const secret = { AUTH_SECRET: 'a'.repeat(40) };

  it('is manual by default: no adapter, staff pay by hand', () => {
    const config = loadConfig({ NODE_ENV: 'test', ...secret });
    expect(config.momo.provider).toBe('manual');
    expect(createMomoProvider(config.momo)).toBeNull();
  });

  it('mtn needs the Collection credentials at start, and then builds the adapter', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', MOMO_PROVIDER: 'mtn', ...secret })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', MOMO_PROVIDER: 'mtn', ...secret })).toThrow(/MTN_COLLECTION_SUBSCRIPTION_KEY/);
    const config = loadConfig({
      NODE_ENV: 'test',
      MOMO_PROVIDER: 'mtn',
      MTN_COLLECTION_SUBSCRIPTION_KEY: 'key',
      MTN_COLLECTION_API_USER: randomUUID(),
      MTN_COLLECTION_API_KEY: 'secret',
      ...secret,
    });
    expect(config.momo.mtn).toMatchObject({ baseUrl: 'https://proxy.momoapi.mtn.com', targetEnvironment: 'mtnghana', currency: 'GHS' });
    expect(createMomoProvider(config.momo)?.name).toBe('mtn');
  });
});
