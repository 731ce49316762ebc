import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MAX_LENGTH, type TChatMessage, type TConversationSummary } from '#shared/contracts/chat.js';
import { CONTACT_FORM_LIMITS, CONTACT_FORM_MSG } from '#shared/contracts/content.js';
import { MSG } from '#shared/messages.js';
import { emailLog } from '#server/db/schema/app.js';
import { createTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { decodeQuotedPrintable, startSmtpPeer, type TSmtpPeer } from '#test/helpers/smtp-peer.js';

/**
 * The contact form sends its message (issue 26 point 13, docs/decisions/022): before, the page
 * thanked the person and nothing reached anyone (there was no POST /api/contact).
 */
describe('contact form messages reach the support inbox (docs/decisions/022)', () => {
  let t: TTestApp;
  let support: string;
  let peer: TSmtpPeer;

  beforeAll(async () => {
    t = await createTestApp();
    support = (await t.createStaff('support')).cookie;
    peer = await startSmtpPeer({ user: 'mailer', pass: 'mail-pass' });
    const admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    const saved = await t.request({
      method: 'PUT',
      url: '/api/admin/settings',
      cookie: admin,
      payload: { smtpHost: '127.0.0.1', smtpPort: peer.port, smtpSecure: false, smtpUser: 'mailer', smtpPassword: 'mail-pass' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  const send = (payload: Record<string, unknown>, options: { cookie?: string; ip?: string } = {}) =>
    t.request({ method: 'POST', url: '/api/contact', payload, cookie: options.cookie, remoteAddress: options.ip ?? '203.0.113.7' });
  const inbox = async () =>
    (
      (await t.request({ method: 'GET', url: '/api/admin/chat/conversations', cookie: support })).json() as {
        conversations: TConversationSummary[];
      }
    ).conversations;
  const conversation = async (id: number) =>
    (await t.request({ method: 'GET', url: `/api/admin/chat/conversations/${id}`, cookie: support })).json() as {
      conversation: TConversationSummary;
      messages: TChatMessage[];
    };
  const emailsTo = (to: string) => t.database.db.select().from(emailLog).where(eq(emailLog.to, to)).orderBy(emailLog.id);

  it('puts a visitor’s message in the inbox with their name and address, marked as from the contact form, and queues the acknowledgement', async () => {
    const response = await send({
      name: 'Ama Owusu',
      email: 'Ama.Owusu@Example.com',
      message: 'I paid for order 12 and have no coins yet.',
    });
    expect(response.statusCode, response.body).toBe(201);

    const listed = (await inbox()).find((item) => item.userEmail === 'ama.owusu@example.com');
    expect(listed).toMatchObject({
      userId: null,
      isVisitor: true,
      userName: 'Ama Owusu',
      lastMessageText: 'I paid for order 12 and have no coins yet.',
      lastMessageSender: 'user',
      lastMessageVia: 'contact_form',
      hasUnreadUserMessage: true,
    });
    const unread = await t.request({ method: 'GET', url: '/api/admin/chat/unread', cookie: support });
    expect(unread.json()).toEqual({ count: 1 });
    const detail = await conversation(listed!.id);
    expect(detail.messages.map(({ sender, text, via }) => ({ sender, text, via }))).toEqual([
      { sender: 'user', text: 'I paid for order 12 and have no coins yet.', via: 'contact_form' },
    ]);

    const [ack, ...others] = await emailsTo('ama.owusu@example.com');
    expect(others).toEqual([]);
    expect(ack?.subject).toBe('We received your message');
    // Anyone may type any address: the acknowledgement carries nothing the sender wrote.
    expect(ack?.body).not.toContain('order 12');
    expect(ack?.body).not.toContain('Ama Owusu');
    expect(ack?.body).toContain('this address was given on the CediCrypto contact form');
  });

  it('joins a later message from the same address to the same conversation', async () => {
    expect((await send({ name: 'Ama', email: 'ama.owusu@example.com', message: 'Any news?' })).statusCode).toBe(201);
    const mine = (await inbox()).filter((item) => item.userEmail === 'ama.owusu@example.com');
    expect(mine).toHaveLength(1);
    expect((await conversation(mine[0]!.id)).messages.map((message) => message.text)).toEqual([
      'I paid for order 12 and have no coins yet.',
      'Any news?',
    ]);
  });

  it('emails a staff answer to the visitor, delivered with the acknowledgements through the SMTP peer', async () => {
    const [listed] = (await inbox()).filter((item) => item.userEmail === 'ama.owusu@example.com');
    const answer = 'Hello Ama, your coins were sent <today>.';
    const reply = await t.request({
      method: 'POST',
      url: `/api/admin/chat/conversations/${listed!.id}/messages`,
      cookie: support,
      payload: { text: answer },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const emails = await emailsTo('ama.owusu@example.com');
    expect(emails.map((email) => email.subject)).toEqual([
      'We received your message',
      'We received your message',
      'Reply from CediCrypto support',
    ]);
    expect(emails[2]?.body).toContain('Hello Ama, your coins were sent &lt;today&gt;.');

    await t.app.emailSender.runOnce();
    const delivered = peer.received.filter((mail) => mail.to.includes('ama.owusu@example.com'));
    const subjectOf = (mail: { data: string }) => /^Subject: (.*)$/m.exec(mail.data)?.[1];
    // The sender may deliver one batch in any order.
    expect(delivered.map(subjectOf).sort()).toEqual([
      'Reply from CediCrypto support',
      'We received your message',
      'We received your message',
    ]);
    const replyMail = delivered.find((mail) => subjectOf(mail) === 'Reply from CediCrypto support');
    expect(decodeQuotedPrintable(replyMail!.data)).toContain('Hello Ama, your coins were sent &lt;today&gt;.');
  });

  it('puts a signed-in customer’s message in their own conversation, acknowledged at their account address', async () => {
    const customer = await t.signUp({ fullName: 'Kofi Mensah' });
    const response = await send(
      { name: 'Kofi', email: 'someone-else@example.com', message: 'Question about KYC.' },
      { cookie: customer.cookie },
    );
    expect(response.statusCode, response.body).toBe(201);

    const own = await t.request({ method: 'GET', url: '/api/chat/messages', cookie: customer.cookie });
    expect(own.json().messages.map(({ text, via }: TChatMessage) => ({ text, via }))).toEqual([
      { text: 'Question about KYC.', via: 'contact_form' },
    ]);
    const listed = (await inbox()).find((item) => item.userId === customer.id);
    expect(listed).toMatchObject({ isVisitor: false, userName: 'Kofi Mensah', userEmail: customer.email, lastMessageVia: 'contact_form' });
    expect((await emailsTo(customer.email)).map((email) => email.subject)).toContain('We received your message');
    expect(await emailsTo('someone-else@example.com')).toEqual([]);

    // The answer waits in their chat, and they are emailed since they wrote with the form.
    await t.request({
      method: 'POST',
      url: `/api/admin/chat/conversations/${listed!.id}/messages`,
      cookie: support,
      payload: { text: 'We are on it.' },
    });
    const [latest] = await t.database.db.select().from(emailLog).where(eq(emailLog.to, customer.email)).orderBy(desc(emailLog.id)).limit(1);
    expect(latest?.subject).toBe('Reply from CediCrypto support');
    expect(latest?.body).toContain('We are on it.');

    // Once they write in the chat itself, answers stay in the chat.
    expect(
      (await t.request({ method: 'POST', url: '/api/chat/messages', cookie: customer.cookie, payload: { text: 'Thanks!' } })).statusCode,
    ).toBe(201);
    const before = (await emailsTo(customer.email)).length;
    await t.request({
      method: 'POST',
      url: `/api/admin/chat/conversations/${listed!.id}/messages`,
      cookie: support,
      payload: { text: 'You are welcome.' },
    });
    expect(await emailsTo(customer.email)).toHaveLength(before);
  });

  it('refuses an empty or too long name or message with the form’s messages, a bad address, and unknown fields', async () => {
    const empty = await send({ name: ' ', email: 'x@example.com', message: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ name: CONTACT_FORM_MSG.nameRequired, message: CONTACT_FORM_MSG.messageRequired });
    const long = await send({ name: 'n'.repeat(CONTACT_FORM_LIMITS.name + 1), email: 'nope', message: 'm'.repeat(CHAT_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({
      name: CONTACT_FORM_MSG.nameTooLong,
      email: MSG.emailInvalid,
      message: CONTACT_FORM_MSG.messageTooLong,
    });
    expect((await send({ name: 'A', email: 'a@example.com', message: 'Hi', userId: 'x' })).statusCode).toBe(400);
    expect(await emailsTo('x@example.com')).toEqual([]);
  });

  it('keeps a visitor’s conversation from customers and from staff without the chat area', async () => {
    const [listed] = (await inbox()).filter((item) => item.userEmail === 'ama.owusu@example.com');
    const url = `/api/admin/chat/conversations/${listed!.id}`;
    for (const role of ['manager', 'compliance'] as const) {
      const { cookie } = await t.createStaff(role);
      expect((await t.request({ method: 'GET', url, cookie })).statusCode, role).toBe(403);
      expect((await t.request({ method: 'POST', url: `${url}/messages`, cookie, payload: { text: 'Hi' } })).statusCode, role).toBe(403);
    }
    const customer = await t.signUp();
    expect((await t.request({ method: 'GET', url, cookie: customer.cookie })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('contact form rate limits (docs/decisions/022)', () => {
  let t: TTestApp;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => t.close());

  const send = (email: string, ip: string) =>
    t.request({ method: 'POST', url: '/api/contact', payload: { name: 'Spam', email, message: 'Buy now' }, remoteAddress: ip });
  const acknowledgements = async (to: string) =>
    (
      await t.database.db
        .select()
        .from(emailLog)
        .where(and(eq(emailLog.to, to), eq(emailLog.subject, 'We received your message')))
    ).length;

  it('sends at most 3 acknowledgements an hour to one address, from any number of client addresses', async () => {
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) expect((await send('victim@example.com', ip)).statusCode).toBe(201);
    const refused = await send('victim@example.com', '198.51.100.4');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED', message: CONTACT_FORM_MSG.tooMany });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await acknowledgements('victim@example.com')).toBe(3);
  });

  it('takes at most 10 messages an hour from one client address', async () => {
    for (let index = 0; index < 10; index += 1) expect((await send(`person${index}@example.com`, '198.51.100.50')).statusCode).toBe(201);
    const refused = await send('person10@example.com', '198.51.100.50');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(CONTACT_FORM_MSG.tooMany);
    expect(await acknowledgements('person10@example.com')).toBe(0);
  });
});
