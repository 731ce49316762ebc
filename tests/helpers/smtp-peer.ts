import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type TReceivedMail = { from: string; to: string[]; data: string; user: string };
/** `connections`: how many clients connected so far (a refused host must not be reached at all). */
export type TSmtpPeer = { received: TReceivedMail[]; connections: number; port: number; close: () => Promise<void> };

/**
 * A real SMTP peer on a local port (smtp-server), accepting one user, for the email tests and
 * the browser tests of Settings' "Send test email".
 */
export async function startSmtpPeer(
  credentials: { user: string; pass: string },
  /** Answers each message only once this settles (a slow mail server holding a delivery). */
  holdEachMessage?: () => Promise<void>,
): Promise<TSmtpPeer> {
  const received: TReceivedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const accept = () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
            user: String(session.user),
          });
          callback();
        };
        if (holdEachMessage) void holdEachMessage().then(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    get connections() {
      return connections;
    },
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a quoted-printable MIME part (how nodemailer sends long HTML lines). */
export function decodeQuotedPrintable(data: string): string {
  return data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
