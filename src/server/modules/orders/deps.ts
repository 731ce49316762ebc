import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RealtimeHub } from '#server/modules/realtime/hub.js';
import type { TOrderStatus } from '#shared/contracts/orders.js';
import type { TDb } from '#server/db/client.js';
import type { TDocumentStorage } from '#server/lib/storage.js';
import type { MarketService } from '#server/modules/market/service.js';
import type { OrderEvents } from './events.js';

/** An order's status changed: who should hear of it (the customer, staff with the orders area). */
export type TOrderChange = { id: number; userId: string; status: TOrderStatus };

export type TOrderDeps = {
  db: TDb;
  market: MarketService;
  appUrl: string;
  quoteTtlSeconds: number;
  log: FastifyBaseLogger;
  onEmailQueued: () => void;
  /** An order SMS was queued (a customer who asked for them): the SMS sender runs soon. */
  onSmsQueued?: () => void;
  /** Private storage of payment screenshots (the same kind as KYC documents). */
  storage: TDocumentStorage;
  /**
   * The order-events step (events.ts, docs/decisions/042): what subscribers do after each change,
   * in its transaction (the realtime notice tells open order screens in every process, sent only
   * on commit: docs/decisions/014).
   */
  events?: OrderEvents;
  /** The server's clock (tests pass their own, so deadlines need no sleeping). */
  now?: () => Date;
};

export type TOrderRouteDeps = TOrderDeps & { realtime: RealtimeHub };

/** The Fastify instance the orders plugin (routes.ts) hands to its route files: zod-typed. */
export type TOrdersApp = Parameters<FastifyPluginAsyncZod>[0];
