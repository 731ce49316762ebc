import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TConfig } from './config.js';
import { openDatabase, type TDatabase } from './db/client.js';
import type { TOnAccountChanged } from './lib/account-changed.js';
import { EmailSender } from './lib/email/sender.js';
import { createAuth, type TAuth } from './modules/auth/better-auth.js';
import { mountAuth } from './modules/auth/mount.js';
import { accountRoutes } from './modules/auth/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { cannedResponseRoutes } from './modules/canned-responses/routes.js';
import { chatWebsocketOptions, registerChat } from './modules/chat/routes.js';
import { coinRoutes } from './modules/coins/routes.js';
import { contentAdminRoutes, contentRoutes } from './modules/content/routes.js';
import { emailLogRoutes } from './modules/emails/routes.js';
import { paymentMethodRoutes } from './modules/payment-methods/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { kycRoutes } from './modules/kyc/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { registerMarket } from './modules/market/routes.js';
import { createLocalStorage } from './lib/storage.js';
import { systemRoutes } from './modules/system/routes.js';
import { staffRoutes } from './modules/staff/routes.js';
import { registerAccess } from './plugins/access.js';
import { frameworkErrors, registerErrorHandler } from './plugins/errors.js';
import { registerInputChecks } from './plugins/input.js';
import { registerSecurity } from './plugins/security.js';
import { registerWeb } from './plugins/web.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: TDatabase;
    auth: TAuth;
    emailSender: EmailSender;
    config: TConfig;
    /** Every route as registered (method, url, access rule, schema): the authorization and fuzz tests walk it. */
    routeTable: { method: string; url: string; access: unknown; schema: FastifySchema | undefined }[];
  }
}

export type TBuildOptions = {
  /** An open, migrated database (tests pass a cloned PGlite). Otherwise opened from config. */
  database?: TDatabase;
  /** Start the background email sender (off in most tests, which call runOnce themselves). */
  startBackgroundJobs?: boolean;
  logger?: boolean;
};

export async function buildApp(config: TConfig, options: TBuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    trustProxy:
      typeof config.trustProxy === 'number'
        ? ((hops: number) => (_address: string, hop: number) => hop < hops)(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }));
  const ownsDatabase = !options.database;
  const db = database.db;

  const emailSender = new EmailSender({
    db,
    log: app.log,
    serverSecret: config.authSecret,
    smtpPassFromEnv: config.smtpPassFromEnv,
    from: config.emailFrom,
    intervalMs: config.emailSendIntervalMs,
  });
  const onEmailQueued = () => {
    if (options.startBackgroundJobs) emailSender.kick();
  };
  const auth = createAuth({ db, config, log: app.log, onEmailQueued });

  app.decorate('database', database);
  app.decorate('auth', auth);
  app.decorate('emailSender', emailSender);
  app.decorate('config', config);

  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, access: route.config?.access, schema: route.schema });
    }
  });

  registerErrorHandler(app);
  await registerSecurity(app, config);
  registerAccess(app, { auth, db });
  registerInputChecks(app);
  // Before every route: each one then answers a WebSocket upgrade attempt (most by closing it).
  await app.register(websocket, chatWebsocketOptions);

  await app.register(swagger, {
    openapi: { info: { title: 'CediCrypto API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  mountAuth(app, auth, config);
  await app.register(systemRoutes, { db });
  await app.register(contentRoutes, { db });
  await app.register(contentAdminRoutes, { db });
  await app.register(paymentMethodRoutes, { db });
  await app.register(coinRoutes, { db });
  await app.register(cannedResponseRoutes, { db });
  await app.register(emailLogRoutes, { db });
  await app.register(settingsRoutes, { db, serverSecret: config.authSecret, smtpPassFromEnv: config.smtpPassFromEnv });
  await app.register(auditRoutes, { db });
  const realtime = await registerChat(app, { database, config });
  // A role change, deletion, ban or second-factor reset closes the person's sockets in every process.
  const onAccountChanged: TOnAccountChanged = (userId) =>
    void realtime.accountChanged(userId).catch((error: unknown) => app.log.warn({ err: error }, 'chat: closing sockets after an account change failed'));
  await app.register(userRoutes, { db, onAccountChanged });
  await app.register(accountRoutes, { auth, db, config, onEmailQueued });
  const market = await registerMarket(app, { database, log: app.log, prices: config.prices });
  await app.register(orderRoutes, { db, market, appUrl: config.appUrl, quoteTtlSeconds: config.quoteTtlSeconds, log: app.log, onEmailQueued });
  await app.register(dashboardRoutes, { db, market });
  await app.register(kycRoutes, { db, storage: createLocalStorage(config.documentsDir), appUrl: config.appUrl, onEmailQueued });
  await app.register(staffRoutes, { db, appUrl: config.appUrl, onEmailQueued, onAccountChanged });

  if (config.serveWeb) await registerWeb(app, config.webDir);

  if (options.startBackgroundJobs) {
    app.addHook('onReady', async () => {
      emailSender.start();
      market.start();
    });
  }
  app.addHook('onClose', async () => {
    await emailSender.stop();
    if (ownsDatabase) await database.close();
  });

  return app;
}
