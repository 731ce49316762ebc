import type { TPeriodicJobOptions } from '#server/lib/periodic-job.js';
import { eq, inArray, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '#shared/messages.js';
import type { TDb } from '#server/db/client.js';
import { emailLog, settings } from '#server/db/schema/app.js';
import {
  afterFailedDelivery,
  DELIVERY_PRIORITY,
  deliverConcurrently,
  deliveryErrorText,
  inDeliveryOrder,
  dueForDelivery,
  holdLease,
  LEASE_SECONDS,
  leaseUntil,
  OutboxSender,
} from '#server/lib/outbox.js';
import { decryptSecret } from '#server/lib/secrets.js';
import { firstOrThrow } from '#server/db/rows.js';
import { deliverableBody, maskedAtRest, unsealBody } from './secrets.js';
import { checkSmtpHost } from './smtp-host.js';
import { smtpFingerprint } from './smtp-fingerprint.js';
import type { TRenderedEmail } from './templates.js';

/** Emails one pooled SMTP connection carries before it is closed and another opened (nodemailer's maxMessages). */
const MESSAGES_PER_CONNECTION = 100;

/** `servername`: the host's name when `host` is the address it was checked to have (TLS verifies the name). */
type TSmtp = { host: string; port: number; secure: boolean; user: string; pass: string; servername?: string };

/**
 * What became of an email sent at once (sendNow): never tried (SMTP incomplete, or a host that
 * is or resolves to a non-public address), delivered, or refused with the SMTP client's error.
 */
export type TImmediateDelivery =
  | { status: 'notConfigured' }
  | { status: 'nonPublicHost' }
  | { status: 'sent'; emailId: number; smtpFingerprint: string }
  | { status: 'failed'; emailId: number; error: unknown };

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export type TEmailSenderOptions = {
  db: TDb;
  log: FastifyBaseLogger;
  serverSecret: string;
  smtpPassFromEnv?: string;
  from: string;
  intervalMs: number;
  /** Told of every delivery run (lib/periodic-job.ts). */
  observe?: TPeriodicJobOptions['observe'];
  /** SMTP connections at once, and emails under way at once (EMAIL_CONCURRENCY); 1 when not given. */
  concurrency?: number;
  /** How long a batch is leased between renewals (lib/outbox.ts LEASE_SECONDS when not given; tests shorten it). */
  leaseSeconds?: number;
};

/**
 * Delivers queued emails over SMTP when the settings row is complete. Each batch is leased with
 * a conditional update (FOR UPDATE SKIP LOCKED), so several server processes never send one
 * email twice, and no transaction is held open while talking to the SMTP server. The most
 * urgent first (lib/outbox.ts DELIVERY_PRIORITY), over pooled connections, `concurrency` at once.
 */
export class EmailSender extends OutboxSender {
  private pool: { fingerprint: string; transport: ReturnType<typeof nodemailer.createTransport> } | undefined;

  constructor(private readonly options: TEmailSenderOptions) {
    super({
      name: 'email delivery run',
      intervalMs: options.intervalMs,
      log: options.log,
      ...(options.observe ? { observe: options.observe } : {}),
    });
  }

  private async readSmtp(): Promise<TSmtp | null> {
    const [row] = await this.options.db.select().from(settings).where(eq(settings.id, 1));
    if (!row) return null;
    let pass = this.options.smtpPassFromEnv ?? '';
    if (!pass && row.smtpPassEncrypted) pass = decryptSecret(row.smtpPassEncrypted, this.options.serverSecret);
    if (!row.smtpHost || !row.smtpPort || !row.smtpUser || !pass) return null;
    return { host: row.smtpHost, port: row.smtpPort, secure: row.smtpSecure, user: row.smtpUser, pass };
  }

  private fingerprintOf(smtp: TSmtp): string {
    return smtpFingerprint({ ...smtp, from: this.options.from }, this.options.serverSecret);
  }

  /** The fingerprint of the SMTP settings as they are now (smtp-fingerprint.ts); null while they are incomplete. */
  async currentSmtpFingerprint(): Promise<string | null> {
    const smtp = await this.readSmtp();
    return smtp ? this.fingerprintOf(smtp) : null;
  }

  private transport(smtp: TSmtp, timeouts = TIMEOUTS) {
    return nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: { user: smtp.user, pass: smtp.pass },
      ...(smtp.servername ? { tls: { servername: smtp.servername } } : {}),
      ...timeouts,
    });
  }

  /**
   * Logs `email` to `to` and delivers it now, with the saved SMTP settings, answering what
   * happened (Settings' "Send test email", issue 16). The row is written already leased, so the
   * background runs leave it alone; a failure is final, not retried. With incomplete SMTP
   * settings nothing is written or tried.
   *
   * With `publicHostOnly` (the test button, unless SMTP_ALLOW_PRIVATE: it tells the person what
   * the server answered, which would make it a port scanner of the server's own network) a host
   * that is or resolves to a non-public address is not contacted, nothing is written, and the
   * client connects to the very address checked (docs/decisions/012).
   */
  async sendNow(to: string, email: TRenderedEmail, { publicHostOnly = false } = {}): Promise<TImmediateDelivery> {
    const { db, log } = this.options;
    let smtp = await this.readSmtp();
    if (!smtp) return { status: 'notConfigured' };
    // Of the settings as saved (before the host is replaced by the address it was checked to have).
    const fingerprint = this.fingerprintOf(smtp);
    let lookupError: unknown = null;
    if (publicHostOnly) {
      try {
        const checked = await checkSmtpHost(smtp.host);
        if (!checked.isPublic) return { status: 'nonPublicHost' };
        smtp = { ...smtp, host: checked.address, ...(checked.servername ? { servername: checked.servername } : {}) };
      } catch (error) {
        // A name that does not resolve: tried and failed, as when the SMTP client looks it up.
        lookupError = error;
      }
    }
    const row = firstOrThrow(
      await db
        .insert(emailLog)
        .values({
          to,
          subject: email.subject,
          body: email.body,
          priority: DELIVERY_PRIORITY[email.priority],
          attempts: 1,
          nextAttemptAt: sql`now() + interval '1 day'`,
        })
        .returning({ id: emailLog.id }),
    );
    const transport = this.transport(smtp, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 });
    try {
      if (lookupError) throw lookupError;
      await transport.sendMail({ from: this.options.from, to, subject: email.subject, html: deliverableBody(email.body) });
      await db.update(emailLog).set({ status: 'sent', deliveredAt: new Date(), lastError: null }).where(eq(emailLog.id, row.id));
      return { status: 'sent', emailId: row.id, smtpFingerprint: fingerprint };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ emailId: row.id, err: message }, 'test email delivery failed');
      await db
        .update(emailLog)
        .set({ status: 'failed', lastError: message.slice(0, 500) })
        .where(eq(emailLog.id, row.id));
      return { status: 'failed', emailId: row.id, error };
    } finally {
      transport.close();
    }
  }

  private async leaseBatch() {
    const rows = await this.options.db
      .update(emailLog)
      .set({ attempts: sql`${emailLog.attempts} + 1`, nextAttemptAt: leaseUntil(this.leaseSeconds) })
      .where(dueForDelivery(emailLog, this.batchSize))
      .returning();
    return inDeliveryOrder(rows);
  }

  private get leaseSeconds(): number {
    return this.options.leaseSeconds ?? LEASE_SECONDS;
  }

  /** At most this many emails are leased by one batch: enough to keep every pooled connection busy. */
  private get batchSize(): number {
    return this.concurrency * 5;
  }

  private get concurrency(): number {
    return Math.max(1, this.options.concurrency ?? 1);
  }

  /**
   * The pooled SMTP transport of the settings as they are now: reused from batch to batch of a
   * run (one connection carries up to MESSAGES_PER_CONNECTION emails, at most `concurrency`
   * connections), closed when the run is over, built again when the settings change.
   */
  private pooledTransport(smtp: TSmtp) {
    const fingerprint = this.fingerprintOf(smtp);
    if (this.pool?.fingerprint === fingerprint) return this.pool.transport;
    this.pool?.transport.close();
    const transport = nodemailer.createTransport({
      pool: true,
      maxConnections: this.concurrency,
      maxMessages: MESSAGES_PER_CONNECTION,
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: { user: smtp.user, pass: smtp.pass },
      ...TIMEOUTS,
    });
    this.pool = { fingerprint, transport };
    return transport;
  }

  protected override endRun(): void {
    this.pool?.transport.close();
    this.pool = undefined;
  }

  protected async deliverBatch(): Promise<{ leased: number; full: boolean }> {
    const { db, log } = this.options;
    const batch = await this.leaseBatch();
    const outcome = { leased: batch.length, full: batch.length === this.batchSize };
    if (batch.length === 0) return outcome;
    const smtp = await this.readSmtp();
    if (!smtp) {
      log.warn(MSG.smtpNotConfigured);
      await db
        .update(emailLog)
        .set({ status: 'skipped' })
        .where(
          inArray(
            emailLog.id,
            batch.map((email) => email.id),
          ),
        );
      return outcome;
    }
    const transport = this.pooledTransport(smtp);
    const sent: { id: number; body: string }[] = [];
    const lease = holdLease({ db, table: emailLog, leased: batch, seconds: this.leaseSeconds, log });
    try {
      await deliverConcurrently(batch, this.concurrency, async (email) => {
        try {
          // The link's token goes out from its sealed copy; once sent, only the masked body stays.
          const html = deliverableBody(unsealBody(email, this.options.serverSecret));
          await transport.sendMail({ from: this.options.from, to: email.to, subject: email.subject, html });
          sent.push({ id: email.id, body: maskedAtRest(email.body) });
        } catch (error) {
          lease.release(email.id);
          log.error({ emailId: email.id, err: deliveryErrorText(error) }, 'email delivery failed');
          await db.update(emailLog).set(afterFailedDelivery(email.attempts, error)).where(eq(emailLog.id, email.id));
        }
      });
    } finally {
      lease.stop();
    }
    // Every delivered email of the batch in one statement.
    if (sent.length > 0) {
      const rows = sql.join(
        sent.map((email) => sql`(${email.id}::bigint, ${email.body}::text)`),
        sql`, `,
      );
      await db.execute(sql`UPDATE ${emailLog} SET status = 'sent', delivered_at = ${new Date().toISOString()}::timestamptz,
        last_error = NULL, secrets_sealed = NULL, body = delivered.body
        FROM (VALUES ${rows}) AS delivered(id, body) WHERE ${emailLog.id} = delivered.id`);
    }
    return outcome;
  }
}
