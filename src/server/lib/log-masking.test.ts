import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.js';
import { queueSms } from '#server/lib/sms/outbox.js';
import { renderPhoneCodeSms } from '#server/lib/sms/templates.js';
import { openTestDatabase, testConfig } from '#test/helpers/test-app.js';
import { maskPhone, maskPhonesInUrl } from './log-masking.js';

type TLine = { msg: string; req?: { url: string }; sms?: { to: string; body: string } };

describe('phone numbers in the log (issue 26)', () => {
  it('masks every digit of a number but the last 3', () => {
    expect(maskPhone('+233241234567')).toBe('+•••••••••567');
    expect(maskPhone('0241234567')).toBe('•••••••567');
    expect(maskPhone('%2B233241234567')).toBe('%2B•••••••••567');
  });

  it('masks numbers of 7 digits or more in the query of a URL, nothing in its path or shorter', () => {
    expect(maskPhonesInUrl('/api/admin/users?q=%2B233241234567&page=2')).toBe('/api/admin/users?q=%2B•••••••••567&page=2');
    expect(maskPhonesInUrl('/api/admin/users?q=024+123+4567')).toBe('/api/admin/users?q=•••+•••+•567');
    expect(maskPhonesInUrl('/api/admin/users?q=0241234')).toBe('/api/admin/users?q=••••234');
    expect(maskPhonesInUrl('/api/orders/1234567890?limit=50&from=2026-11-01')).toBe('/api/orders/1234567890?limit=50&from=2026-11-01');
    expect(maskPhonesInUrl('/api/orders/12')).toBe('/api/orders/12');
  });

  describe('what a server writes to its log', () => {
    let app: FastifyInstance | undefined;
    afterEach(async () => {
      await app?.close();
      app = undefined;
    });

    const logOf = async (env: 'production' | 'development') => {
      const lines: TLine[] = [];
      app = await buildApp(testConfig({ NODE_ENV: env, LOG_LEVEL: 'info', AUTH_SECRET: 'a-production-secret-of-at-least-32-characters' }), {
        database: await openTestDatabase(),
        logStream: { write: (line) => lines.push(JSON.parse(line) as TLine) },
      });
      await app.ready();
      await app.inject({ method: 'GET', url: '/api/admin/users?q=%2B233241234567' });
      await queueSms(
        app.database.db,
        { userId: null, to: '+233201234567', kind: 'phone_code', body: renderPhoneCodeSms('318406') },
        app.config.authSecret,
      );
      await app.smsSender.runOnce();
      const text = lines.map((line) => JSON.stringify(line)).join('\n');
      return {
        text,
        url: lines.find((line) => line.req?.url.startsWith('/api/admin/users'))?.req?.url,
        sms: lines.find((line) => line.sms)?.sms,
      };
    };

    it('in production: the searched number and the SMS recipient masked but their last 3 digits', async () => {
      const log = await logOf('production');
      expect.soft(log.url).toBe('/api/admin/users?q=%2B•••••••••567');
      expect.soft(log.sms?.to).toBe('+•••••••••567');
      expect(log.text).not.toMatch(/233241234567|233201234567/);
    });

    it('outside production: whole', async () => {
      const log = await logOf('development');
      expect(log.url).toBe('/api/admin/users?q=%2B233241234567');
      expect(log.sms?.to).toBe('+233201234567');
    });
  });
});
