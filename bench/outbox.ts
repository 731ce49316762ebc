/**
 * bench:outbox (issue 31, "emails that keep up"): 1,000 order emails wait in the email log, then
 * a password reset is queued behind them; the email sender (lib/email/sender.ts, pooled SMTP,
 * EMAIL_CONCURRENCY at once, the most urgent first) delivers to a local SMTP sink. Prints when
 * the reset arrived, how long the backlog took and the emails per second, on PGlite on disk (as
 * `npm start` runs) or DATABASE_URL's PostgreSQL.
 *
 *   npm run bench:outbox                 # BENCH_EMAILS=1000, EMAIL_CONCURRENCY=4
 */
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { emailLog, settings } from '#server/db/schema/app.js';
import { queueEmail } from '#server/lib/email/outbox.js';
import { EmailSender } from '#server/lib/email/sender.js';
import { renderOrderStatusEmail, renderPasswordResetEmail } from '#server/lib/email/templates.js';
import { encryptSecret } from '#server/lib/secrets.js';
import { buildResetUrl } from '#server/modules/auth/better-auth.js';
import { openBenchDatabase, runBench } from './support.js';

const EMAILS = Number(process.env.BENCH_EMAILS ?? 1000);
const CONCURRENCY = Number(process.env.EMAIL_CONCURRENCY ?? 4);
const SECRET = 'bench-outbox-secret-bench-outbox-secret-01';
const RESET_TO = 'reset@outbox.bench';

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function main() {
  const received: { to: string; at: number }[] = [];
  const sink = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    disableReverseLookup: true,
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'bench' }),
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo[0]?.address ?? '', at: performance.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const port = (sink.server.address() as AddressInfo).port;
  const bench = await openBenchDatabase('outbox', { onDisk: true });
  try {
    const { db } = bench.database;
    await db
      .update(settings)
      .set({
        smtpHost: '127.0.0.1',
        smtpPort: port,
        smtpSecure: false,
        smtpUser: 'bench',
        smtpPassEncrypted: encryptSecret('pass', SECRET),
      })
      .where(eq(settings.id, 1));
    const order = { id: 1, type: 'buy' as const, coinSymbol: 'btc', amountCrypto: '0.001', amountFiat: '1000.00', fiatCurrency: 'GHS' };
    const company = {
      companyName: 'CediCrypto Ltd',
      registrationNumber: 'CS000000000',
      licenceNumber: '',
      streetAddress: '1 Independence Avenue, Accra',
      supportEmail: 'support@outbox.bench',
      supportPhone: '+233302000000',
      whatsappNumber: '',
    };
    for (let i = 0; i < EMAILS; i += 1) {
      await queueEmail(
        db,
        `customer-${i}@outbox.bench`,
        renderOrderStatusEmail({
          fullName: `Customer ${i}`,
          order: { ...order, id: i + 1 },
          status: 'completed',
          appUrl: 'http://bench',
          company,
        }),
      );
    }
    await queueEmail(
      db,
      RESET_TO,
      renderPasswordResetEmail({ fullName: 'Esi', resetUrl: buildResetUrl('http://bench', 'Bench_Token-0123456789') }),
      SECRET,
    );

    const sender = new EmailSender({
      db,
      log: pino({ level: 'warn' }),
      serverSecret: SECRET,
      from: 'no-reply@outbox.bench',
      intervalMs: 60_000,
      concurrency: CONCURRENCY,
    });
    console.log(
      `bench:outbox on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (on disk)'}, Node ${process.version}, load average ${loadAverage()}: ${EMAILS} order emails, then a password reset, EMAIL_CONCURRENCY=${CONCURRENCY}`,
    );
    const started = performance.now();
    for (let run = 0; run < 100; run += 1) {
      await sender.runOnce();
      const [pending] = await db.select({ id: emailLog.id }).from(emailLog).where(eq(emailLog.status, 'pending')).limit(1);
      if (!pending) break;
    }
    const seconds = (performance.now() - started) / 1000;
    const reset = received.find((mail) => mail.to === RESET_TO);
    const resetSeconds = reset ? (reset.at - started) / 1000 : Number.NaN;
    console.log(
      `the reset arrived ${resetSeconds.toFixed(2)} s after the sender started (${received.findIndex((mail) => mail.to === RESET_TO) + 1}th of ${received.length});` +
        ` all ${received.length} delivered in ${seconds.toFixed(1)} s: ${(received.length / seconds).toFixed(0)} emails/s; load average ${loadAverage()}`,
    );
    console.log(`goal (issue 31): a reset queued behind 1,000 order emails delivered within 5 s: ${resetSeconds < 5 ? 'met' : 'MISSED'}`);
    if (received.length !== EMAILS + 1) throw new Error(`expected ${EMAILS + 1} emails at the sink, got ${received.length}`);
  } finally {
    await bench.close();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  }
}

runBench(main);
