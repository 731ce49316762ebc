import { z } from 'zod';
import { DB_INT_MAX } from './common.js';

/**
 * The SMS forwarder (issue 33 point 6, docs/decisions/059): a phone holding a business MoMo
 * wallet's SIM forwards the network's "payment received" texts to a signed webhook; they are read
 * and matched to orders like the lines of a statement.
 */

/** What became of a forwarded text. */
export const SMS_MESSAGE_STATUSES = ['parsed', 'unparsed', 'duplicate', 'not_payment'] as const;
export type TSmsMessageStatus = (typeof SMS_MESSAGE_STATUSES)[number];

/** The networks whose "payment received" texts are read (src/server/modules/payments/sms-parse.ts). */
export const SMS_NETWORKS = ['mtn', 'telecel', 'airteltigo'] as const;
export type TSmsNetwork = (typeof SMS_NETWORKS)[number];

/** The request headers of the webhook (docs/deployment.md "How to set up the SMS forwarder"). */
export const SMS_FORWARDER_HEADERS = { signature: 'X-Signature', timestamp: 'X-Timestamp' } as const;
/** A request's X-Timestamp may differ from the server's clock by at most this much. */
export const SMS_FORWARDER_MAX_SKEW_SECONDS = 5 * 60;
/** The webhook's path; `:deviceId` is the device's id. */
export const SMS_FORWARDER_PATH = '/api/sms-forwarder';

export const SMS_FORWARDER_MSG = {
  labelRequired: 'Name the phone (for example "MTN wallet phone, shop").',
  methodRequired: 'Choose the MoMo wallet whose texts this phone forwards.',
  methodNotMomo: 'Choose a mobile money wallet: the forwarder reads MTN, Telecel and AirtelTigo texts.',
  methodUnknown: 'This payment method does not exist.',
  created: 'Forwarder added. Copy the secret now: it is not shown again.',
  revoked: 'Forwarder revoked: its requests are refused from now on.',
  notFound: 'Forwarder not found.',
  alreadyRevoked: 'This forwarder was already revoked.',
  // The webhook's refusals: the forwarder app shows them in its log.
  unknownDevice: 'Unknown forwarder: add it in the back-office (Statements, SMS forwarders).',
  deviceRevoked: 'This forwarder was revoked in the back-office.',
  badSignature: 'The signature does not match: check the signing key in the app.',
  missingHeaders: 'X-Signature and X-Timestamp headers are required.',
  staleTimestamp: 'X-Timestamp is more than 5 minutes from the server time: check the phone clock.',
  replayed: 'This request was received before.',
  badBody: 'The body is not an sms:received event.',
} as const;

export const ZCreateSmsForwarder = z
  .object({
    label: z.string().trim().min(1, SMS_FORWARDER_MSG.labelRequired).max(100),
    paymentMethodId: z.number({ message: SMS_FORWARDER_MSG.methodRequired }).int().min(1).max(DB_INT_MAX),
  })
  .strict();
export type TCreateSmsForwarder = z.infer<typeof ZCreateSmsForwarder>;

export const ZSmsForwarder = z.object({
  id: z.string(),
  label: z.string(),
  paymentMethodId: z.number(),
  paymentMethodLabel: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Texts received, and of them not understood. */
  messageCount: z.number(),
  unparsedCount: z.number(),
});
export type TSmsForwarder = z.infer<typeof ZSmsForwarder>;
export const ZSmsForwarders = z.object({ forwarders: z.array(ZSmsForwarder) });

/** The answer to creating a forwarder: the secret, once, with what the app needs. */
export const ZSmsForwarderCreated = z.object({
  forwarder: ZSmsForwarder,
  secret: z.string(),
  webhookUrl: z.string(),
  headers: z.object({ signature: z.string(), timestamp: z.string() }),
  message: z.string(),
});
export type TSmsForwarderCreated = z.infer<typeof ZSmsForwarderCreated>;
export const ZSmsForwarderRevoked = z.object({ forwarder: ZSmsForwarder, message: z.string() });

/** The webhook's answer. */
export const ZSmsWebhookResult = z.object({ ok: z.literal(true), status: z.enum([...SMS_MESSAGE_STATUSES, 'ignored']) });

/**
 * The body the webhook reads: SMS Gateway for Android's `sms:received` event (docs.sms-gate.app,
 * "Webhooks"): `id` is the event's, `payload.messageId` is derived from the content and not unique.
 * Other events (system:ping) are acknowledged and mark the device seen.
 */
export const ZSmsReceivedEvent = z.object({
  event: z.literal('sms:received'),
  id: z.string().min(1).max(200),
  payload: z.object({
    messageId: z.string().max(200).optional(),
    message: z.string().max(2000),
    phoneNumber: z.string().max(100),
    receivedAt: z.string().max(64),
    simNumber: z.number().int().nullable().optional(),
  }),
});
export type TSmsReceivedEvent = z.infer<typeof ZSmsReceivedEvent>;
