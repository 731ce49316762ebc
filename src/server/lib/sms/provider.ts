import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TSmsOptions } from '#server/config.js';
import { sendArkeselSms } from './arkesel.js';

/**
 * Who delivers an SMS (issue 18). One method: `send` hands the message to the provider and
 * answers the provider's id of it, or throws (a ProviderError for a provider's refusal, a
 * timeout or a network failure); the outbox (sender.ts) retries. `to` is in international form
 * (+233XXXXXXXXX).
 */
export type TSmsProvider = {
  /** Written into sms_log.provider. */
  readonly name: TSmsOptions['provider'];
  send(to: string, body: string): Promise<string>;
};

/**
 * SMS_PROVIDER=log, the default: no account needed. The message goes to the server log at info
 * level and counts as sent, as an email is logged while SMTP is not set up (lib/email/sender.ts).
 */
export function createLogSmsProvider(log: FastifyBaseLogger): TSmsProvider {
  return {
    name: 'log',
    send: async (to, body) => {
      const id = `log-${randomUUID()}`;
      log.info({ sms: { id, to, body } }, 'SMS (SMS_PROVIDER=log: written to the log, not sent)');
      return id;
    },
  };
}

/** The provider SMS_PROVIDER names, with its settings (config.ts checks that Arkesel has a key). */
export function createSmsProvider(options: TSmsOptions, log: FastifyBaseLogger): TSmsProvider {
  switch (options.provider) {
    case 'log':
      return createLogSmsProvider(log);
    case 'arkesel':
      return {
        name: 'arkesel',
        send: (to, body) =>
          sendArkeselSms(
            { baseUrl: options.arkesel.baseUrl, apiKey: options.arkesel.apiKey, timeoutMs: options.timeoutMs },
            { sender: options.senderId, to, message: body },
          ),
      };
  }
}
