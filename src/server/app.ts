import Fastify, { type FastifyInstance, type FastifyRequest, type FastifySchema } from 'fastify';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TConfig } from './config.js';
import type { MarketService } from './modules/market/service.js';
import { PgNotifyBus } from './modules/realtime/bus.js';
import { RedisBus } from './modules/realtime/redis-bus.js';
import { RealtimeHub, registerRealtime } from './modules/realtime/hub.js';
import { databaseOptionsOf, openDatabase, type TDatabase } from './db/client.js';
import type { TOnAccountChanged } from './lib/account-changed.js';
import { EmailSender } from './lib/email/sender.js';
import { maskPhonesInUrl } from './lib/log-masking.js';
import { createSmsProvider } from './lib/sms/provider.js';
import { SmsSender } from './lib/sms/sender.js';
import { createAuth, type TAuth } from './modules/auth/better-auth.js';
import { mountAuth } from './modules/auth/mount.js';
import { accountRoutes } from './modules/auth/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { sealAuditLog } from './modules/audit/chain.js';
import { cannedResponseRoutes } from './modules/canned-responses/routes.js';
import { chatWebsocketOptions, registerChat } from './modules/chat/routes.js';
import { chatSource } from './modules/chat/service.js';
import { destinationChangeRoutes } from './modules/destination-changes/routes.js';
import { applyDueDestinationChanges, type TDestinationDeps } from './modules/destination-changes/service.js';
import { coinRoutes } from './modules/coins/routes.js';
import { contactRoutes } from './modules/contact/routes.js';
import { liveRoutes } from './modules/live/routes.js';
import { contentAdminRoutes, contentRoutes } from './modules/content/routes.js';
import { emailLogRoutes } from './modules/emails/routes.js';
import { phoneRoutes } from './modules/phone/routes.js';
import { smsLogRoutes } from './modules/sms/routes.js';
import { paymentMethodRoutes } from './modules/payment-methods/routes.js';
import { statementRoutes } from './modules/payments/routes.js';
import { smsForwarderRoutes } from './modules/payments/sms-routes.js';
import { confirmEarlierMatches, lastStatementBalance, type TPaymentsDeps } from './modules/payments/service.js';
import { confirmPayment } from './modules/orders/settlement.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { kycRoutes } from './modules/kyc/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { exportRoutes } from './modules/exports/routes.js';
import { registerMarket } from './modules/market/routes.js';
import { createLocalStorage } from './lib/storage.js';
import { systemRoutes } from './modules/system/routes.js';
import { Metrics } from './modules/metrics/metrics.js';
import { registerMetrics } from './modules/metrics/routes.js';
import { staffRoutes } from './modules/staff/routes.js';
import { treasuryRoutes } from './modules/treasury/routes.js';
import { registerAccess } from './plugins/access.js';
import { BODY_LIMITS, registerBodyLimits, registerBodyTimeouts } from './plugins/body-limits.js';
import { frameworkErrors, registerErrorHandler, registerNotFound } from './plugins/errors.js';
import { registerInputChecks } from './plugins/input.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurity } from './plugins/security.js';
import { registerWeb } from './plugins/web.js';
import { registerRateLimits } from './plugins/rate-limit.js';
import { RateLimitStore } from './lib/rate-limit-store.js';
import { eraseStaleSealedSecrets } from './lib/sealed-secrets.js';
import { PeriodicJob } from './lib/periodic-job.js';
import { expireDueOrders } from './modules/orders/lifecycle.js';
import { pruneUnusedQuotes } from './modules/orders/quotes.js';
import type { TOrderDeps } from './modules/orders/deps.js';
import { OrderEvents } from './modules/orders/events.js';
import { testClockRoutes } from './modules/system/test-clock-routes.js';
import { testVerificationRoutes } from './modules/system/test-verification-routes.js';
import { complianceRoutes } from './modules/compliance/routes.js';
import { travelRuleRoutes } from './modules/travel-rule/routes.js';
import { sanctionsRoutes } from './modules/sanctions/routes.js';
import { screenCustomerName, screenDepositSender } from './modules/sanctions/screening.js';
import { anonymiseDueAccounts } from './modules/compliance/retention.js';
import { produceDueLargeCashReport } from './modules/compliance/large-cash.js';
import { ServerClock } from './lib/clock.js';
import { JobEngine } from './modules/jobs/engine.js';
import { pollNetwork, type TPollResult } from './modules/chain-watch/service.js';
import { chainWatchRoutes } from './modules/chain-watch/routes.js';
import { WATCHED_NETWORKS, type TWatchedNetwork } from './lib/chain-options.js';
import { jobRoutes } from './modules/jobs/routes.js';
import { createMomoProvider } from './lib/momo/provider.js';
import { momoPaymentRoutes } from './modules/momo-payments/routes.js';
import { checkDueMomoPayments, type TMomoPaymentsDeps } from './modules/momo-payments/service.js';
import { onDepositConfirmed } from './modules/momo-payments/payouts.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: TDatabase;
    auth: TAuth;
    emailSender: EmailSender;
    /** Delivers the SMS log's pending rows through SMS_PROVIDER (lib/sms/sender.ts); runOnce() in tests. */
    smsSender: SmsSender;
    config: TConfig;
    /** The price service: start()/stop() its refresher, refreshOnce() in tests. */
    market: MarketService;
    /** The live sockets of this process (chat, orders, back office); accountChanged() closes a user's sockets everywhere. */
    realtime: RealtimeHub;
    /** Request counters shared by every process on the database (plugins/rate-limit.ts). */
    rateLimits: RateLimitStore;
    /** Prunes expired rate-limit counters and unused quotes every HOUSEKEEPING_INTERVAL_MS. */
    housekeeping: PeriodicJob;
    /** Expires orders not paid (or sent) by their deadline, every ORDER_EXPIRY_INTERVAL_MS (docs/decisions/014). */
    orderExpiry: PeriodicJob;
    /** Confirms orders marked paid after their payment was matched (docs/decisions/059). */
    matchedPayments: PeriodicJob;
    /** Seals new audit log rows into its hash chain (docs/decisions/073). */
    auditSeal: PeriodicJob;
    /** Anonymises closed accounts once their retention period has ended, every hour (docs/decisions/017). */
    retention: PeriodicJob;
    /** Writes the previous Accra day's large cash transaction report once, checked every hour (docs/decisions/077). */
    largeCashReport: PeriodicJob;
    /** Reads the status of pending "Pay with MTN MoMo" prompts (docs/decisions/060); runOnce() in tests. */
    momoPoller: PeriodicJob;
    /** The chain watchers (docs/decisions/058): one periodic job per watched network; poll() runs one now (tests). */
    chainWatch: { poll: (network: TWatchedNetwork) => Promise<TPollResult>; jobs: Map<TWatchedNetwork, PeriodicJob> };
    /** Background jobs on pg-boss (docs/decisions/052): the periodic jobs and the outboxes' delivery runs. */
    jobs: JobEngine;
    /** Every route as registered (method, url, access rule, schema): the authorization and fuzz tests walk it. */
    routeTable: { method: string; url: string; access: unknown; isRateLimited: boolean; schema: FastifySchema | undefined }[];
  }
}

const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;
/** Pending MoMo prompts are looked at this often (each one's own reads back off: modules/momo-payments). */
const MOMO_POLL_INTERVAL_MS = 5_000;
const MOMO_POLL = 'momo_status';
/** Closed accounts past the retention period are anonymised within this long (docs/decisions/017). */
const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
/** An unpaid order ends at most this long after its deadline. */
const ORDER_EXPIRY_INTERVAL_MS = 15 * 1000;
/** How often orders marked paid after their payment was matched are confirmed (docs/decisions/059). */
const MATCHED_PAYMENTS_INTERVAL_MS = 30 * 1000;
/** How often the audit log's new rows are sealed into its hash chain (docs/decisions/073). */
export const AUDIT_SEAL_INTERVAL_MS = 30 * 1000;
/** The queues of the outboxes' delivery runs (lib/email/sender.ts, lib/sms/sender.ts). */
const EMAIL_DELIVERY = 'email_delivery';
const SMS_DELIVERY = 'sms_delivery';

export type TBuildOptions = {
  /** An open, migrated database (tests pass a cloned PGlite). Otherwise opened from config. */
  database?: TDatabase;
  /** Start the background work: the job engine's workers and ticks, the price refresher (off in most tests, which call runOnce themselves). */
  startBackgroundJobs?: boolean;
  /**
   * Start the job engine (pg-boss, docs/decisions/052) without the rest of the background work:
   * `workers` runs jobs in this app, `tickers` sends the periodic ones. Jobs tests; implied by startBackgroundJobs.
   */
  jobs?: { workers: boolean; tickers: boolean };
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read what a production server would log). */
  logStream?: { write: (line: string) => void };
};

/** Fastify's request serializer (fastify/lib/logger-pino.js) with phone numbers masked in the query. */
function productionRequestLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskPhonesInUrl(request.url),
    version: typeof request.headers['accept-version'] === 'string' ? request.headers['accept-version'] : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

export async function buildApp(config: TConfig, options: TBuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            // In production a phone number in a query (a staff search) is logged masked
            // (docs/decisions/019); otherwise Fastify's own request serializer, as it is.
            ...(config.env === 'production' ? { serializers: { req: productionRequestLog } } : {}),
          },
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // Routes get their own limit (plugins/body-limits.ts); this one covers requests no route matches.
    bodyLimit: BODY_LIMITS.public,
    // Slow clients (docs/decisions/020): Node ends a request whose headers or whole message take
    // too long (checked every few seconds); plugins/body-limits.ts times each body on its own.
    requestTimeout: config.timeouts.requestMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: Math.min(5_000, config.timeouts.headersMs),
    },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? (await openDatabase(databaseOptionsOf(config)));
  const ownsDatabase = !options.database;
  const db = database.db;

  const clock = new ServerClock();
  // Prometheus metrics (issue 30 point 4, docs/decisions/049): only with a token to read them.
  const metrics = config.metricsToken ? new Metrics({ db, ...(config.testClock ? { now: () => clock.now() } : {}) }) : undefined;
  /** The `observe` option of a background job named `job` (lib/periodic-job.ts), when metrics are on. */
  const observed = (job: string) =>
    metrics ? { observe: (outcome: 'ok' | 'failed', seconds: number) => metrics.observeJob(job, outcome, seconds) } : {};

  const emailSender = new EmailSender({
    db,
    log: app.log,
    serverSecret: config.authSecret,
    smtpPassFromEnv: config.smtpPassFromEnv,
    from: config.emailFrom,
    intervalMs: config.emailSendIntervalMs,
    concurrency: config.emailConcurrency,
    ...observed('email_outbox'),
  });
  const smsSender = new SmsSender({
    db,
    log: app.log,
    provider: createSmsProvider(config.sms, app.log, config.env),
    intervalMs: config.sms.sendIntervalMs,
    concurrency: config.sms.concurrency,
    serverSecret: config.authSecret,
    ...observed('sms_outbox'),
  });
  const jobs = new JobEngine({ database, log: app.log });
  const jobsStart = options.jobs ?? (options.startBackgroundJobs ? { workers: true, tickers: true } : undefined);
  /** A delivery run soon: a job on the outbox's queue (docs/decisions/052); a failed wake is left to the next tick. */
  const wake = (name: string) => {
    if (jobsStart) void jobs.wake(name).catch((error: unknown) => app.log.warn({ err: error }, `jobs: ${name} not woken`));
  };
  const onSmsQueued = () => wake(SMS_DELIVERY);
  // Each sender is woken only by what it delivers: waking the SMS sender with every email made
  // it look for SMS 57 times a second under bench:peak, one statement each, nearly always none.
  const onEmailQueued = () => wake(EMAIL_DELIVERY);
  const auth = createAuth({
    db,
    config,
    log: app.log,
    onEmailQueued,
    // Sanctions screening of the name (docs/decisions/075), after the sign-up is answered: in the
    // background, so a new address's sign-up takes no longer than an existing one's
    // (docs/decisions/024), and the customer is not told of a hit (tipping off).
    onCustomerCreated: (customer) => {
      setImmediate(() => {
        db.transaction((tx) => screenCustomerName(tx, { userId: customer.id, name: customer.name }, 'sign_up', new Date())).catch(
          (error: unknown) => app.log.error({ err: error, userId: customer.id }, 'sanctions screening at sign-up failed'),
        );
      });
    },
  });

  app.decorate('database', database);
  app.decorate('auth', auth);
  app.decorate('emailSender', emailSender);
  app.decorate('smsSender', smsSender);
  app.decorate('jobs', jobs);
  metrics?.readJobQueuesWith(() => jobs.queues());
  app.decorate('config', config);
  // PGlite is one process (server.lock): its short windows are counted in memory (lib/rate-limit-store.ts).
  const rateLimits = new RateLimitStore(db, Date.now, { inMemory: database.kind === 'pglite' });
  app.decorate('rateLimits', rateLimits);
  const housekeeping = new PeriodicJob({
    name: 'housekeeping',
    intervalMs: HOUSEKEEPING_INTERVAL_MS,
    log: app.log,
    ...observed('housekeeping'),
    run: async () => {
      const counters = await rateLimits.prune();
      const quotes = await pruneUnusedQuotes(db);
      const sealed = await eraseStaleSealedSecrets(db);
      const destinationChanges = await applyDueDestinationChanges(destinations);
      if (destinationChanges > 0)
        app.log.info({ destinationChanges }, 'housekeeping: applied changes of destinations after their cooling-off period');
      if (counters + quotes + sealed > 0)
        app.log.info(
          { counters, quotes, sealed },
          'housekeeping: pruned expired rate-limit counters, unused quotes and stale sealed secrets',
        );
    },
  });
  app.decorate('housekeeping', housekeeping);

  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routeTable.push({
          method,
          url: route.url,
          access: route.config?.access,
          isRateLimited: Boolean(route.config?.rateLimit),
          schema: route.schema,
        });
    }
  });

  registerErrorHandler(app);
  // Before every route: each one then answers a WebSocket upgrade attempt (most by closing it).
  // And before every hook that may refuse a request: its own onRequest hook marks an upgrade, so
  // that a refused one has its socket closed instead of left hanging.
  await app.register(websocket, chatWebsocketOptions);
  // First: the body's clock starts with its headers, before any other hook has awaited anything.
  registerBodyTimeouts(app, { bodyTimeoutMs: config.timeouts.bodyMs, uploadTimeoutMs: config.timeouts.requestMs });
  await registerSecurity(app, config);
  registerAccess(app, { auth, db });
  registerBodyLimits(app);
  registerInputChecks(app);
  await registerRateLimits(app, rateLimits);

  await registerOpenApi(app, config);

  // Before every route: its hook times each of them.
  if (metrics && config.metricsToken) registerMetrics(app, { metrics, token: config.metricsToken });
  mountAuth(app, auth, config);
  await app.register(systemRoutes, { db });
  await app.register(contentRoutes, { db });
  await app.register(contentAdminRoutes, { db });
  // Four eyes on money destinations (issue 27 point 3, docs/decisions/030), on the order clock.
  const destinations: TDestinationDeps = {
    db,
    account: { auth, db, config, onEmailQueued, rateLimits },
    appUrl: config.appUrl,
    onEmailQueued,
    ...(config.testClock ? { now: () => clock.now() } : {}),
    onDepositAddressesChanged: () => app.market?.invalidateReference(),
  };
  await app.register(paymentMethodRoutes, { db, destinations });
  await app.register(coinRoutes, { db, destinations });
  await app.register(destinationChangeRoutes, destinations);
  await app.register(cannedResponseRoutes, { db });
  await app.register(emailLogRoutes, { db, serverSecret: config.authSecret });
  await app.register(smsLogRoutes, { db, serverSecret: config.authSecret });
  await app.register(settingsRoutes, {
    db,
    serverSecret: config.authSecret,
    smtpPassFromEnv: config.smtpPassFromEnv,
    smtpAllowPrivate: config.smtpAllowPrivate,
  });
  await app.register(auditRoutes, { db });
  await app.register(treasuryRoutes, {
    db,
    // The settlement compares each account with its last imported statement (docs/decisions/039).
    lastStatementBalance: (reader, account, asOf) => {
      const [, rail, first, network] = account.code.split(':');
      if (rail === 'wallet' && first && network) return lastStatementBalance(reader, { coin: first, network }, asOf);
      const paymentMethodId = Number(first);
      return (rail === 'momo' || rail === 'bank') && Number.isInteger(paymentMethodId)
        ? lastStatementBalance(reader, { paymentMethodId }, asOf)
        : Promise.resolve(null);
    },
    ...(config.testClock ? { now: () => clock.now() } : {}),
  });
  // One realtime channel for chat, orders and the back office live (docs/decisions/042).
  // Redis when several app servers share the database and REDIS_URL is set (docs/decisions/051).
  const bus = config.redisUrl ? new RedisBus({ url: config.redisUrl, database, log: app.log }) : new PgNotifyBus(database, app.log);
  const realtime = registerRealtime(app, new RealtimeHub({ db, log: app.log, bus, chat: chatSource({ db, bus }) }));
  await registerChat(app, { db, realtime, config, onEmailQueued });
  // The back office live on the same channel (docs/decisions/032): KYC, the desk, holds, chat unread.
  await app.register(liveRoutes, { db, realtime });
  await app.register(contactRoutes, {
    db,
    bus: realtime.bus,
    rateLimits,
    rateLimitScale: config.rateLimitScale,
    appUrl: config.appUrl,
    onEmailQueued,
  });
  // A role change, deletion, ban or second-factor reset closes the person's sockets in every process.
  const onAccountChanged: TOnAccountChanged = (userId) =>
    void realtime
      .accountChanged(userId)
      .catch((error: unknown) => app.log.warn({ err: error }, 'chat: closing sockets after an account change failed'));
  await app.register(userRoutes, { db, onAccountChanged, ...(config.testClock ? { now: () => clock.now() } : {}) });
  await app.register(accountRoutes, { auth, db, config, onEmailQueued, rateLimits });
  await app.register(phoneRoutes, {
    db,
    serverSecret: config.authSecret,
    rateLimits,
    rateLimitScale: config.rateLimitScale,
    onSmsQueued,
  });
  const market = await registerMarket(app, { database, log: app.log, prices: config.prices });
  const documents = createLocalStorage(config.documentsDir);
  // The order-events step (docs/decisions/042): what follows each order change, in its transaction.
  const orderEvents = new OrderEvents();
  // Order changes reach the order page and the staff queue in every process (docs/decisions/014).
  orderEvents.onOrderChange((tx, change) => realtime.bus.publish({ t: 'order', id: change.id, u: change.userId, s: change.status }, tx));
  const orderDeps: TOrderDeps = {
    db,
    market,
    appUrl: config.appUrl,
    quoteTtlSeconds: config.quoteTtlSeconds,
    log: app.log,
    onEmailQueued,
    onSmsQueued,
    storage: documents,
    events: orderEvents,
    ...(config.testClock ? { now: () => clock.now() } : {}),
  };
  await app.register(orderRoutes, { ...orderDeps, realtime });
  // The Travel Rule data of an order (docs/decisions/076-travel-rule-data.md).
  await app.register(travelRuleRoutes, { db, events: orderEvents, ...(config.testClock ? { now: () => clock.now() } : {}) });
  const orderExpiry = new PeriodicJob({
    name: 'order expiry',
    intervalMs: ORDER_EXPIRY_INTERVAL_MS,
    log: app.log,
    ...observed('order_expiry'),
    run: async () => {
      const expired = await expireDueOrders(orderDeps);
      if (expired > 0) app.log.info({ expired }, 'order expiry: ended orders not paid by their deadline');
    },
  });
  app.decorate('orderExpiry', orderExpiry);
  if (config.testClock) await app.register(testClockRoutes, { clock, orderExpiry });
  if (config.testClock) await app.register(testVerificationRoutes, { db, destinations });
  await app.register(dashboardRoutes, { db, market, ...(config.testClock ? { now: () => clock.now() } : {}) });
  await app.register(kycRoutes, { db, storage: documents, appUrl: config.appUrl, onEmailQueued });
  await app.register(staffRoutes, {
    db,
    appUrl: config.appUrl,
    serverSecret: config.authSecret,
    onEmailQueued,
    onAccountChanged,
    account: destinations.account,
  });
  await app.register(exportRoutes, { db });
  // Statement import and reconciliation (docs/decisions/039).
  const paymentsDeps: TPaymentsDeps = {
    db,
    log: app.log,
    // "Confirm payments matched by a statement" (docs/decisions/039): the lifecycle confirms, as the system.
    confirmMatchedPayment: ({ id, confirmation }) =>
      confirmPayment(orderDeps, {
        actor: 'system',
        id,
        ip: null,
        confirmation: {
          amountReceived: confirmation.amountReceived,
          receivedInto: confirmation.accountId,
          receivedAt: confirmation.receivedAt.toISOString(),
          evidenceKind: confirmation.evidenceKind,
          evidence: confirmation.evidence,
        },
      }),
    ...(config.testClock ? { now: () => clock.now() } : {}),
  };
  await app.register(statementRoutes, paymentsDeps);
  // The SMS forwarder (docs/decisions/059): its texts are matched and confirmed like a statement's lines.
  await app.register(smsForwarderRoutes, { ...paymentsDeps, serverSecret: config.authSecret, appUrl: config.appUrl });
  // A payment matched before "I have paid" (the wallet's text comes first) is confirmed once the order is marked paid.
  const matchedPayments = new PeriodicJob({
    name: 'matched payments',
    intervalMs: MATCHED_PAYMENTS_INTERVAL_MS,
    log: app.log,
    ...observed('matched_payments'),
    run: async () => {
      const confirmed = await confirmEarlierMatches(paymentsDeps);
      if (confirmed > 0) app.log.info({ confirmed }, 'matched payments: confirmed orders marked paid after their payment was matched');
    },
  });
  app.decorate('matchedPayments', matchedPayments);
  // The audit log's hash chain (issue 34 point 5, docs/decisions/073): new rows sealed in order.
  const auditSeal = new PeriodicJob({
    name: 'audit seal',
    intervalMs: AUDIT_SEAL_INTERVAL_MS,
    log: app.log,
    ...observed('audit_seal'),
    run: async () => {
      await sealAuditLog(db);
    },
  });
  app.decorate('auditSeal', auditSeal);
  // The compliance desk and records retention (docs/decisions/017): the desk's timers on the order clock.
  const complianceNow = config.testClock ? { now: () => clock.now() } : {};
  await app.register(complianceRoutes, { db, storage: documents, ...complianceNow });
  // Sanctions screening's lists and the operator's own entries (docs/decisions/075).
  await app.register(sanctionsRoutes, { db, ...complianceNow });
  const retention = new PeriodicJob({
    name: 'records retention',
    intervalMs: RETENTION_INTERVAL_MS,
    log: app.log,
    ...observed('retention'),
    run: async () => {
      const anonymised = await anonymiseDueAccounts({ db, storage: documents, ...complianceNow });
      if (anonymised > 0) app.log.info({ anonymised }, 'records retention: anonymised closed accounts past the retention period');
    },
  });
  app.decorate('retention', retention);
  // The large cash transaction report (issue 34 point 3, docs/decisions/077): yesterday's, once.
  const largeCashReport = new PeriodicJob({
    name: 'large cash report',
    intervalMs: RETENTION_INTERVAL_MS,
    log: app.log,
    ...observed('large_cash_report'),
    run: async () => {
      if (await produceDueLargeCashReport({ db, ...complianceNow }))
        app.log.info('large cash report: the previous day’s report was written');
    },
  });
  app.decorate('largeCashReport', largeCashReport);
  // "Pay with MTN MoMo" (docs/decisions/060): off unless MOMO_PROVIDER names a provider.
  const momoDeps: TMomoPaymentsDeps = {
    db,
    provider: createMomoProvider(config.momo),
    currency: config.momo.mtn.currency,
    orders: orderDeps,
    log: app.log,
    wake: () => wake(MOMO_POLL),
    ...(config.testClock ? { now: () => clock.now() } : {}),
  };
  await app.register(momoPaymentRoutes, momoDeps);
  // A sell's deposit confirmed: the auto-payout policy decides in the same transaction (docs/decisions/061).
  orderEvents.onOrderTransition((tx, transition) =>
    onDepositConfirmed(
      tx,
      {
        provider: momoDeps.provider?.name ?? null,
        currency: momoDeps.currency,
        now: () => (momoDeps.now ? momoDeps.now() : new Date()),
        wake: momoDeps.wake,
      },
      transition,
    ),
  );
  const momoPoller = new PeriodicJob({
    name: 'momo status',
    intervalMs: MOMO_POLL_INTERVAL_MS,
    log: app.log,
    ...observed('momo_status'),
    run: async () => {
      await checkDueMomoPayments(momoDeps);
    },
  });
  app.decorate('momoPoller', momoPoller);
  // One run per interval across every process, and the outboxes' delivery runs (docs/decisions/052).
  jobs.every('housekeeping', HOUSEKEEPING_INTERVAL_MS, housekeeping);
  jobs.every('order_expiry', ORDER_EXPIRY_INTERVAL_MS, orderExpiry);
  jobs.every('retention', RETENTION_INTERVAL_MS, retention);
  jobs.every('matched_payments', MATCHED_PAYMENTS_INTERVAL_MS, matchedPayments);
  jobs.every('audit_seal', AUDIT_SEAL_INTERVAL_MS, auditSeal);
  jobs.every('large_cash_report', RETENTION_INTERVAL_MS, largeCashReport);
  // The chain watchers (docs/decisions/058): one job per network, so one watcher per network runs at a time across processes.
  // A deposit's sender, when the chain names it, screened against the sanctions lists (docs/decisions/075).
  const chainWatchDeps = { db, orderDeps, options: config.chain, onDepositSender: screenDepositSender };
  const chainJobs = new Map<TWatchedNetwork, PeriodicJob>();
  for (const network of WATCHED_NETWORKS) {
    const job = new PeriodicJob({
      name: `chain watcher ${network}`,
      intervalMs: config.chain.pollMs,
      log: app.log,
      ...observed(`chain_watch_${network.toLowerCase()}`),
      run: async () => {
        const result = await pollNetwork(chainWatchDeps, network);
        if ('transfers' in result && (result.transfers > 0 || result.reorged > 0))
          app.log.info({ network, ...result }, 'chain watcher: transfers to order addresses');
      },
    });
    chainJobs.set(network, job);
    jobs.every(`chain_watch_${network.toLowerCase()}`, config.chain.pollMs, job);
  }
  await app.register(chainWatchRoutes, { db, options: config.chain });
  app.decorate('chainWatch', { poll: (network: TWatchedNetwork) => pollNetwork(chainWatchDeps, network), jobs: chainJobs });
  jobs.wakeable(EMAIL_DELIVERY, config.emailSendIntervalMs, emailSender.deliveryJob);
  jobs.wakeable(SMS_DELIVERY, config.sms.sendIntervalMs, smsSender.deliveryJob);
  if (momoDeps.provider) jobs.wakeable(MOMO_POLL, MOMO_POLL_INTERVAL_MS, momoPoller);
  await app.register(jobRoutes, { db, jobs });

  const servesWeb = config.serveWeb && (await registerWeb(app, config.webDir));
  registerNotFound(app, { pages: servesWeb });

  if (jobsStart) app.addHook('onReady', () => jobs.start(jobsStart));
  if (options.startBackgroundJobs) {
    app.addHook('onReady', async () => {
      market.start();
    });
  }
  app.addHook('onClose', async () => {
    // Together: a sender's stop() ends its delivery run after the batch under way, which the engine's stop() waits for.
    await Promise.all([
      jobs.stop(),
      emailSender.stop(),
      smsSender.stop(),
      housekeeping.stop(),
      orderExpiry.stop(),
      retention.stop(),
      largeCashReport.stop(),
      momoPoller.stop(),
      ...[...chainJobs.values()].map((job) => job.stop()),
    ]);
    if (ownsDatabase) await database.close();
  });

  return app;
}
