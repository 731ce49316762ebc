import { describe, expect, it } from 'vitest';
import { ConfigError, embeddedDatabaseWarning, loadConfig } from './config.js';

describe('config', () => {
  it('lists everything that is wrong at once', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'test', PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('DATABASE_URL');
    }
  });

  it('refuses the test clock in production', () => {
    const secret = { AUTH_SECRET: 'a-production-secret-of-at-least-32-characters' };
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: 'true', ...secret })).toThrow(/TEST_CLOCK/);
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).testClock).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'true' }).testClock).toBe(true);
  });

  it('warns a production server on the embedded database, and no other (issue 30 point 6)', () => {
    const secret = { AUTH_SECRET: 'a-production-secret-of-at-least-32-characters' };
    expect(embeddedDatabaseWarning(loadConfig({ NODE_ENV: 'production', ...secret }))).toMatch(/^DATABASE_URL is not set: .*PostgreSQL/);
    expect(embeddedDatabaseWarning(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/app', ...secret }))).toBeNull();
    expect(embeddedDatabaseWarning(loadConfig({ NODE_ENV: 'development' }))).toBeNull();
  });

  it('requires AUTH_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
  });

  it('parses TRUST_PROXY forms', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
  });
});
