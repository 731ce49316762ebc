import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { TPriceOptions } from './lib/prices/options.js';
import type { TChainWatchOptions } from '#server/lib/chain-options.js';

const ZBool = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads; .env.example lists the same. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DOCUMENTS_DIR: z.string().optional(),
  BACKUP_DIR: z.string().default('./backups'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * A direct connection to the same database when DATABASE_URL goes through PgBouncer in
   * transaction pooling (docs/decisions/050): LISTEN, session locks and migrations use it.
   */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Realtime events between app servers over Redis pub/sub (docs/decisions/051); unset: PostgreSQL NOTIFY. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: z.string().default('false'),
  ADMIN_EMAIL: z.string().email().default('admin@cedicrypto.local'),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  SMTP_PASS: z.string().optional(),
  /** "Send test email" may reach a private or local SMTP host (docs/decisions/012). */
  SMTP_ALLOW_PRIVATE: ZBool.default(false),
  EMAIL_FROM: z.string().default('CediCrypto <no-reply@cedicrypto.local>'),
  EMAIL_SEND_INTERVAL_MS: z.coerce.number().int().min(50).default(5000),
  /** SMTP connections (and emails under way) at once (lib/email/sender.ts). */
  EMAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(1_000_000).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SERVE_WEB: ZBool.default(true),
  API_DOCS: ZBool.optional(),
  /** Browser tests only: the order clock can be moved forward (POST /api/test/clock). Refused in production. */
  TEST_CLOCK: ZBool.default(false),
  QUOTE_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  PRICE_FEED: z.enum(['live', 'simulated']).default('live'),
  PRICE_REFRESH_SECONDS: z.coerce.number().int().min(5).default(60),
  COINGECKO_BASE_URL: z.string().url().default('https://api.coingecko.com'),
  COINGECKO_API_KEY: z.string().optional(),
  BINANCE_BASE_URL: z.string().url().default('https://api.binance.com'),
  ER_API_BASE_URL: z.string().url().default('https://open.er-api.com'),
  CURRENCY_API_BASE_URL: z.string().url().default('https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@latest'),
  PRICE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** Listening sockets on PORT in this process (lib/acceptors.ts): each accepts one connection per event-loop turn. */
  ACCEPT_SOCKETS: z.coerce.number().int().min(1).max(64).default(8),
  /** Diagnostic: log the process's memory every n seconds (0: never). */
  MEMORY_LOG_SECONDS: z.coerce.number().min(0).default(0),
  /** GET /metrics (Prometheus) answers only a request with `Authorization: Bearer <this>`; unset, there is no /metrics. */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Who moves mobile money by API (lib/momo/provider.ts): 'manual', staff by hand (the default), or 'mtn' (MTN MoMo Open API). */
  MOMO_PROVIDER: z.enum(['manual', 'mtn']).default('manual'),
  MOMO_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /**
   * Where MTN sends its notice of a final status, each to `<this>/<reference>` (a hint only, the
   * status is read back); APP_URL's /api/momo/mtn/callback when unset.
   */
  MOMO_CALLBACK_URL: z.string().url().optional(),
  MTN_BASE_URL: z.string().url().default('https://proxy.momoapi.mtn.com'),
  /** 'mtnghana' in production; 'sandbox' on momodeveloper.mtn.com's sandbox. */
  MTN_TARGET_ENVIRONMENT: z.string().trim().min(1).default('mtnghana'),
  /** The environment's currency: GHS in Ghana (the sandbox only takes EUR). */
  MTN_CURRENCY: z.string().trim().length(3).default('GHS'),
  MTN_COLLECTION_SUBSCRIPTION_KEY: z.string().optional(),
  MTN_COLLECTION_API_USER: z.string().optional(),
  MTN_COLLECTION_API_KEY: z.string().optional(),
  MTN_DISBURSEMENT_SUBSCRIPTION_KEY: z.string().optional(),
  MTN_DISBURSEMENT_API_USER: z.string().optional(),
  MTN_DISBURSEMENT_API_KEY: z.string().optional(),
  /** Who delivers SMS (lib/sms/provider.ts): 'log' writes them to the server log; 'arkesel' sends them. */
  SMS_PROVIDER: z.enum(['log', 'arkesel']).default('log'),
  ARKESEL_API_KEY: z.string().optional(),
  ARKESEL_BASE_URL: z.string().url().default('https://sms.arkesel.com'),
  /** The name an SMS comes from: at most 11 letters, digits or spaces (mobile networks cut longer ones). */
  SMS_SENDER_ID: z
    .string()
    .trim()
    .min(1)
    .max(11, 'at most 11 characters')
    .regex(/^[A-Za-z0-9 ]+$/, 'letters, digits and spaces only')
    .default('CediCrypto'),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  SMS_SEND_INTERVAL_MS: z.coerce.number().int().min(50).default(5000),
  /** SMS handed to the provider at once (lib/sms/sender.ts). */
  SMS_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  /** Slow clients (docs/decisions/020): headers, an ordinary body, and a whole request (uploads included). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(50).default(20_000),
  BODY_TIMEOUT_MS: z.coerce.number().int().min(50).default(20_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(50).default(300_000),
  // Chain watchers (docs/decisions/058, docs/deployment.md "Chain watchers"): a network is watched
  // when it has an endpoint (here or in its settings row, chain_networks.rpc_url).
  CHAIN_ERC20_RPC_URL: z.string().url().optional(),
  CHAIN_BEP20_RPC_URL: z.string().url().optional(),
  // Bitcoin and Litecoin: the base URL of an Esplora REST API (docs/decisions/062), e.g. https://mempool.space/api.
  CHAIN_BTC_ESPLORA_URL: z.string().url().optional(),
  CHAIN_LTC_ESPLORA_URL: z.string().url().optional(),
  // Dogecoin: the base URL of a Blockbook (trezor/blockbook, its REST API v2 under /api/v2; docs/decisions/071). None by default.
  CHAIN_DOGE_BLOCKBOOK_URL: z.string().url().optional(),
  // A Blockbook provider's limit is not published either: a request every 250 ms at most by default.
  CHAIN_BLOCKBOOK_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  // USDT on TRON: TronGrid's REST API (https://api.trongrid.io) or your own java-tron's HTTP API (docs/decisions/065).
  CHAIN_TRC20_TRONGRID_URL: z.string().url().optional(),
  CHAIN_TRONGRID_API_KEY: z.string().trim().min(1).optional(),
  // 'fullnode': the URL is your own java-tron's HTTP API (no /v1 index): each block's transactions are read.
  CHAIN_TRC20_API: z.enum(['trongrid', 'fullnode']).default('trongrid'),
  CHAIN_TRC20_USDT_CONTRACT: z
    .string()
    .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/)
    .default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
  // TronGrid allows a few requests a second per key (15 QPS with a key at the time of writing): 100 ms apart by default.
  CHAIN_TRONGRID_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(100),
  // XRP: the JSON-RPC URL of a rippled or Clio server (docs/decisions/072), e.g. your own node's http://127.0.0.1:51234
  // or a public one (https://xrplcluster.com, https://s1.ripple.com:51234); payments tagged to the fixed XRP address.
  CHAIN_XRP_RPC_URL: z.string().url().optional(),
  // Public XRP Ledger servers answer slowDown when pressed: a request every 250 ms at most by default.
  CHAIN_XRPL_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  CHAIN_ERC20_USDT_CONTRACT: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .default('0xdAC17F958D2ee523a2206206994597C13D831ec7'),
  CHAIN_BEP20_USDT_CONTRACT: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .default('0x55d398326f99059fF775485246999027B3197955'),
  CHAIN_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(15),
  CHAIN_RPC_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(100),
  // Public Esplora providers limit harder than an EVM node: a request every 250 ms at most by default.
  CHAIN_ESPLORA_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  CHAIN_RPC_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  CHAIN_MAX_BLOCKS_PER_POLL: z.coerce.number().int().min(1).max(10_000).default(500),
  CHAIN_START_BLOCKS_BACK: z.coerce.number().int().min(0).default(1000),
  CHAIN_PAYOUT_CHECK_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
});

export type TConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  appOrigin: string;
  dataDir: string;
  /** Private KYC document storage (local folder). */
  documentsDir: string;
  /** Where `npm run backup` writes (kept private like the data directory). */
  backupDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_DIRECT_URL: session connections when databaseUrl is a transaction pooler. */
  databaseDirectUrl: string | undefined;
  /** REDIS_URL: realtime over Redis pub/sub instead of NOTIFY. */
  redisUrl: string | undefined;
  authSecret: string;
  /** Fastify's trustProxy: false, true, a hop count, or a list of proxy addresses. */
  trustProxy: boolean | number | string[];
  adminEmail: string;
  adminPassword: string | undefined;
  smtpPassFromEnv: string | undefined;
  /** Settings' "Send test email" may reach an SMTP host that is or resolves to a private or local address. */
  smtpAllowPrivate: boolean;
  emailFrom: string;
  emailSendIntervalMs: number;
  emailConcurrency: number;
  authRateLimit: { window: number; max: number };
  /** Multiplies every request limit of plugins/rate-limit.ts (1 in production; tests raise it). */
  rateLimitScale: number;
  logLevel: string;
  serveWeb: boolean;
  /** /api/docs (OpenAPI and its viewer): on outside production, in production only with API_DOCS=true. */
  apiDocs: boolean;
  /** The order clock can be moved forward through POST /api/test/clock (browser tests; never in production). */
  testClock: boolean;
  webDir: string;
  prices: TPriceOptions;
  quoteTtlSeconds: number;
  /** Log memory figures every this many seconds (0: off; lib/memory-log.ts). */
  memoryLogSeconds: number;
  /** Listening sockets sharing PORT (lib/acceptors.ts). */
  acceptSockets: number;
  /** The token GET /metrics asks for (modules/metrics); undefined: no /metrics route. */
  metricsToken: string | undefined;
  /** SMS delivery (lib/sms/): the provider, its settings, and how often the outbox is read. */
  sms: TSmsOptions;
  /** Mobile money by API (lib/momo/): 'manual' (none) or MTN's Open API with its credentials. */
  momo: TMomoOptions;
  /** The chain watchers' environment (modules/chain-watch/config.ts). */
  chain: TChainWatchOptions;
  /** How long a client may take to send its headers, an ordinary body, a whole request (an upload). */
  timeouts: { headersMs: number; bodyMs: number; requestMs: number };
};

export type TSmsOptions = {
  provider: 'log' | 'arkesel';
  senderId: string;
  arkesel: { apiKey: string; baseUrl: string };
  timeoutMs: number;
  sendIntervalMs: number;
  /** SMS_CONCURRENCY (lib/sms/sender.ts); 1 when not given. */
  concurrency?: number;
};

type TMtnCredentials = { subscriptionKey: string; apiUser: string; apiKey: string };

export type TMomoOptions = {
  provider: 'manual' | 'mtn';
  timeoutMs: number;
  callbackUrl?: string;
  mtn: { baseUrl: string; targetEnvironment: string; currency: string; collection: TMtnCredentials; disbursement: TMtnCredentials };
};

export class ConfigError extends Error {}

/**
 * What a production server on the embedded database says at start (issue 30 point 6): PGlite
 * serves one process and does not flush its writes to disk (no fsync), so a crash or a power cut
 * can lose the last orders and payments. Null when the server is on PostgreSQL or not in production.
 */
export function embeddedDatabaseWarning(config: Pick<TConfig, 'env' | 'databaseUrl'>): string | null {
  if (config.env !== 'production' || config.databaseUrl) return null;
  return (
    'DATABASE_URL is not set: this production server keeps its data in the embedded database (PGlite), which serves ' +
    'one process and does not flush writes to disk, so a crash or power cut can lose the last orders and payments. ' +
    'Set DATABASE_URL to a PostgreSQL 15+ database (docs/deployment.md).'
  );
}

function parseTrustProxy(raw: string): TConfig['trustProxy'] {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The auth secret signs session cookies. Production must set AUTH_SECRET; for `npm start` on a
 * laptop a random one is made once and kept in the data directory (mode 0600).
 */
function resolveSecret(fromEnv: string | undefined, dataDir: string, env: string): string {
  if (fromEnv) return fromEnv;
  if (env === 'production') throw new ConfigError('AUTH_SECRET: required in production (at least 32 characters)');
  if (env === 'test') return 'test-secret-test-secret-test-secret-0123456789';
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: Record<string, string | undefined> = process.env, overrides: Partial<TConfig> = {}): TConfig {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const config: TConfig = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    appOrigin: new URL(appUrl).origin,
    dataDir,
    documentsDir: path.resolve(e.DOCUMENTS_DIR ?? path.join(dataDir, 'documents')),
    backupDir: path.resolve(e.BACKUP_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    redisUrl: e.REDIS_URL,
    authSecret: '',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    smtpPassFromEnv: e.SMTP_PASS,
    smtpAllowPrivate: e.SMTP_ALLOW_PRIVATE,
    emailFrom: e.EMAIL_FROM,
    emailSendIntervalMs: e.EMAIL_SEND_INTERVAL_MS,
    emailConcurrency: e.EMAIL_CONCURRENCY,
    authRateLimit: { window: e.AUTH_RATE_LIMIT_WINDOW_SECONDS, max: e.AUTH_RATE_LIMIT_MAX },
    rateLimitScale: e.RATE_LIMIT_SCALE,
    logLevel: e.LOG_LEVEL,
    serveWeb: e.SERVE_WEB,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    testClock: e.TEST_CLOCK,
    webDir: path.resolve('dist/web'),
    prices: {
      feed: e.PRICE_FEED,
      refreshSeconds: e.PRICE_REFRESH_SECONDS,
      coingeckoBaseUrl: e.COINGECKO_BASE_URL,
      coingeckoApiKey: e.COINGECKO_API_KEY || undefined,
      binanceBaseUrl: e.BINANCE_BASE_URL,
      erApiBaseUrl: e.ER_API_BASE_URL,
      currencyApiBaseUrl: e.CURRENCY_API_BASE_URL,
      timeoutMs: e.PRICE_TIMEOUT_MS,
    },
    quoteTtlSeconds: e.QUOTE_TTL_SECONDS,
    memoryLogSeconds: e.MEMORY_LOG_SECONDS,
    acceptSockets: e.ACCEPT_SOCKETS,
    metricsToken: e.METRICS_TOKEN,
    sms: {
      provider: e.SMS_PROVIDER,
      senderId: e.SMS_SENDER_ID,
      arkesel: { apiKey: e.ARKESEL_API_KEY?.trim() ?? '', baseUrl: e.ARKESEL_BASE_URL.replace(/\/+$/, '') },
      timeoutMs: e.SMS_TIMEOUT_MS,
      sendIntervalMs: e.SMS_SEND_INTERVAL_MS,
      concurrency: e.SMS_CONCURRENCY,
    },
    chain: {
      rpcUrls: {
        ERC20: e.CHAIN_ERC20_RPC_URL,
        BEP20: e.CHAIN_BEP20_RPC_URL,
        BTC: e.CHAIN_BTC_ESPLORA_URL,
        LTC: e.CHAIN_LTC_ESPLORA_URL,
        TRC20: e.CHAIN_TRC20_TRONGRID_URL,
        DOGE: e.CHAIN_DOGE_BLOCKBOOK_URL,
        XRP: e.CHAIN_XRP_RPC_URL,
      },
      // USDT's contracts; its decimals on chain: 6 on Ethereum, 18 on BNB Smart Chain.
      tokens: {
        ERC20: { USDT: { contract: e.CHAIN_ERC20_USDT_CONTRACT, decimals: 6 } },
        BEP20: { USDT: { contract: e.CHAIN_BEP20_USDT_CONTRACT, decimals: 18 } },
        BTC: {},
        LTC: {},
        // USDT on TRON: 6 decimals on chain.
        TRC20: { USDT: { contract: e.CHAIN_TRC20_USDT_CONTRACT, decimals: 6 } },
        DOGE: {},
        XRP: {},
      },
      pollMs: Math.round(e.CHAIN_POLL_SECONDS * 1000),
      minIntervalMs: e.CHAIN_RPC_MIN_INTERVAL_MS,
      esploraMinIntervalMs: e.CHAIN_ESPLORA_MIN_INTERVAL_MS,
      blockbookMinIntervalMs: e.CHAIN_BLOCKBOOK_MIN_INTERVAL_MS,
      tronGridApiKey: e.CHAIN_TRONGRID_API_KEY,
      tronGridMinIntervalMs: e.CHAIN_TRONGRID_MIN_INTERVAL_MS,
      xrplMinIntervalMs: e.CHAIN_XRPL_MIN_INTERVAL_MS,
      tronApi: e.CHAIN_TRC20_API,
      timeoutMs: e.CHAIN_RPC_TIMEOUT_MS,
      maxBlocksPerPoll: e.CHAIN_MAX_BLOCKS_PER_POLL,
      startBlocksBack: e.CHAIN_START_BLOCKS_BACK,
      payoutCheckMinutes: e.CHAIN_PAYOUT_CHECK_MINUTES,
    },
    momo: {
      provider: e.MOMO_PROVIDER,
      timeoutMs: e.MOMO_TIMEOUT_MS,
      // MTN's notices come to this server unless told otherwise (docs/decisions/060).
      callbackUrl: (e.MOMO_CALLBACK_URL ?? `${appUrl}/api/momo/mtn/callback`).replace(/\/+$/, ''),
      mtn: {
        baseUrl: e.MTN_BASE_URL.replace(/\/+$/, ''),
        targetEnvironment: e.MTN_TARGET_ENVIRONMENT,
        currency: e.MTN_CURRENCY.toUpperCase(),
        collection: {
          subscriptionKey: e.MTN_COLLECTION_SUBSCRIPTION_KEY?.trim() ?? '',
          apiUser: e.MTN_COLLECTION_API_USER?.trim() ?? '',
          apiKey: e.MTN_COLLECTION_API_KEY?.trim() ?? '',
        },
        disbursement: {
          subscriptionKey: e.MTN_DISBURSEMENT_SUBSCRIPTION_KEY?.trim() ?? '',
          apiUser: e.MTN_DISBURSEMENT_API_USER?.trim() ?? '',
          apiKey: e.MTN_DISBURSEMENT_API_KEY?.trim() ?? '',
        },
      },
    },
    timeouts: {
      headersMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
      bodyMs: Math.min(e.BODY_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
      requestMs: e.REQUEST_TIMEOUT_MS,
    },
    ...overrides,
  };
  if (config.testClock && config.env === 'production') throw new ConfigError('TEST_CLOCK: not allowed in production');
  // Without a key every SMS would be refused by Arkesel: say so at start, not at the first order.
  if (config.sms.provider === 'arkesel' && !config.sms.arkesel.apiKey) {
    throw new ConfigError('ARKESEL_API_KEY: required when SMS_PROVIDER=arkesel (the SMS API key of your Arkesel account)');
  }
  // MTN refuses every call without the Collection credentials: say so at start.
  const collection = config.momo.mtn.collection;
  if (config.momo.provider === 'mtn' && !(collection.subscriptionKey && collection.apiUser && collection.apiKey)) {
    throw new ConfigError(
      'MTN_COLLECTION_SUBSCRIPTION_KEY, MTN_COLLECTION_API_USER, MTN_COLLECTION_API_KEY: required when MOMO_PROVIDER=mtn (docs/deployment.md, "Mobile money by API")',
    );
  }
  config.authSecret = overrides.authSecret ?? resolveSecret(e.AUTH_SECRET, dataDir, e.NODE_ENV);
  return config;
}
