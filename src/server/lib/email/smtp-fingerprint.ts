import { createHmac } from 'node:crypto';

/** What decides where and as whom an email goes out: the settings row's SMTP fields and the sender address (EMAIL_FROM). */
export type TSmtpIdentity = { host: string; port: number; secure: boolean; user: string; pass: string; from: string };

/**
 * A keyed hash of the SMTP settings (issue 27 point 7, docs/decisions/033): a test email that went
 * out records the hash of the settings it used, and the setup checklist compares it with the hash
 * of the settings now, so a change of host, port, SSL/TLS, username, password or sender makes the
 * SMTP item not done again. Keyed with the server secret: the stored value tells nothing about
 * the password to someone who reads the database without the secret.
 */
export function smtpFingerprint(smtp: TSmtpIdentity, serverSecret: string): string {
  return createHmac('sha256', `smtp-settings-fingerprint:${serverSecret}`)
    .update(JSON.stringify([smtp.host.trim().toLowerCase(), smtp.port, smtp.secure, smtp.user, smtp.pass, smtp.from]))
    .digest('hex');
}
