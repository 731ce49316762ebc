import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TSmsOptions } from '#server/config.js';
import { maskPhone } from '#server/lib/log-masking.js';
import { sendArkeselSms } from './arkesel.js';
import { deliverableSms, maskSmsBody } from './templates.js';

/**
 * Who delivers an SMS (issue 18). One method: `send` hands the message to the provider and
 * answers the provider's id of it, or throws (a ProviderError for a provider's refusal, a
 * timeout or a network failure); the outbox (sender.ts) retries. `to` is in international form
 * (+233XXXXXXXXX); `body` is the text as the SMS log stores it, a one-time code still between
 * the markers of templates.ts: a provider that delivers sends deliverableSms(body).
 */
export type TSmsProvider = {
  /** Written into sms_log.provider. */
  readonly name: TSmsOptions['provider'];
  send(to: string, body: string): Promise<string>;
};

/**
 * SMS_PROVIDER=log, the default: no account needed. The message goes to the server log at info
 * level and counts as sent, as an email is logged while SMTP is not set up (lib/email/sender.ts).
 * With `masked` (NODE_ENV=production) a one-time code is written masked, as staff see it in
 * the SMS Log, and the number with all but its last 3 digits masked: whoever reads a production
 * server's log can neither verify a customer's phone nor collect numbers with it; both stay in
 * the SMS Log, where reading a code is a super admin's audited reveal
 * (docs/decisions/019-sms-log-provider-in-production.md).
 */
export function createLogSmsProvider(log: FastifyBaseLogger, { masked = false } = {}): TSmsProvider {
  return {
    name: 'log',
    send: async (to, body) => {
      const id = `log-${randomUUID()}`;
      const text = masked ? maskSmsBody(body).body : deliverableSms(body);
      log.info({ sms: { id, to: masked ? maskPhone(to) : to, body: text } }, 'SMS (SMS_PROVIDER=log: written to the log, not sent)');
      return id;
    },
  };
}

/** Said when a production server starts without an SMS provider (docs/decisions/019). */
export const SMS_LOG_IN_PRODUCTION =
  'SMS_PROVIDER=log: no SMS leaves this server. Customers get no phone verification code (a super admin can read one in the SMS Log, audited) and no order SMS. Set SMS_PROVIDER=arkesel to send them.';

/**
 * The provider SMS_PROVIDER names, with its settings (config.ts checks that Arkesel has a key).
 * Made once per server, at its start: a production server without a provider says so then.
 */
export function createSmsProvider(options: TSmsOptions, log: FastifyBaseLogger, env: 'development' | 'production' | 'test'): TSmsProvider {
  switch (options.provider) {
    case 'log':
      if (env === 'production') log.warn(SMS_LOG_IN_PRODUCTION);
      return createLogSmsProvider(log, { masked: env === 'production' });
    case 'arkesel':
      return {
        name: 'arkesel',
        send: (to, body) =>
          sendArkeselSms(
            { baseUrl: options.arkesel.baseUrl, apiKey: options.arkesel.apiKey, timeoutMs: options.timeoutMs },
            { sender: options.senderId, to, message: deliverableSms(body) },
          ),
      };
  }
}
