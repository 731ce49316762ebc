import { eq, sql } from 'drizzle-orm';
import { ADMIN_MSG } from '#shared/contracts/admin.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coins, settings } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { createAccount } from '#server/db/seed.js';
import { createTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { firstOrThrow } from '#server/db/rows.js';

describe('back-office', () => {
  let t: TTestApp;
  let admin: string;
  let manager: string;
  let managerEmail: string;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_PASS: '' });
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    ({ cookie: manager, email: managerEmail } = await t.createStaff('manager'));
  });
  afterAll(() => t.close());

  it('never returns the SMTP password, stores it encrypted, and audits without it', async () => {
    const saved = await t.request({
      method: 'PUT',
      url: '/api/admin/settings',
      cookie: admin,
      payload: {
        smtpHost: 'smtp.example.com',
        smtpPort: 465,
        smtpSecure: true,
        smtpUser: 'mailer',
        smtpPassword: 'Sup3r-Secret-Pass',
        serviceFeePercentage: '',
        notificationEmail: 'ops@example.com',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('Sup3r-Secret-Pass');
    expect(saved.json()).toMatchObject({ hasSmtpPassword: true, serviceFeePercentage: '2.50', smtpPort: 465 });
    const read = await t.request({ method: 'GET', url: '/api/admin/settings', cookie: admin });
    expect(read.body).not.toContain('Sup3r-Secret-Pass');
    expect(read.body).not.toContain('smtpPass');
    const row = firstOrThrow(await t.database.db.select().from(settings).where(eq(settings.id, 1)));
    expect(row.smtpPassEncrypted).toBeTruthy();
    expect(row.smtpPassEncrypted).not.toContain('Sup3r-Secret-Pass');
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(JSON.stringify(audits)).not.toContain('Sup3r-Secret-Pass');
    expect(JSON.stringify(audits)).not.toContain(row.smtpPassEncrypted!);
    const list = await t.request({ method: 'GET', url: '/api/admin/audit?action=settings', cookie: admin });
    expect(list.body).not.toContain('Sup3r-Secret-Pass');
  });

  it('takes a service fee from 0 to 50 % with one decimal, and refuses anything else on the field', async () => {
    const put = (serviceFeePercentage: string) =>
      t.request({ method: 'PUT', url: '/api/admin/settings', cookie: admin, payload: { serviceFeePercentage } });
    for (const [fee, stored] of [
      ['0', '0.00'],
      ['50', '50.00'],
      ['49.9', '49.90'],
      ['3.5', '3.50'],
      ['07', '7.00'],
      ['', '2.50'],
    ] as const) {
      const saved = await put(fee);
      expect(saved.statusCode, fee).toBe(200);
      expect(saved.json().serviceFeePercentage, fee).toBe(stored);
    }
    for (const fee of ['50.1', '51', '99.9', '60']) {
      const refused = await put(fee);
      expect(refused.statusCode, fee).toBe(400);
      expect(refused.json().error, fee).toEqual({
        code: 'VALIDATION',
        message: 'The service fee must be between 0 and 50%.',
        fields: { serviceFeePercentage: 'The service fee must be between 0 and 50%.' },
      });
    }
    for (const fee of ['2.55', '-1', '1e1', 'abc', '100', '5.']) {
      const refused = await put(fee);
      expect(refused.statusCode, fee).toBe(400);
      expect(refused.json().error.fields.serviceFeePercentage, fee).toMatch(/^The service fee must be /);
    }
    const row = firstOrThrow(await t.database.db.select().from(settings).where(eq(settings.id, 1)));
    expect(row.serviceFeePercentage).toBe('2.50');
  });

  it('validates and audits deposit address changes per network, with before and after', async () => {
    const usdt = firstOrThrow(await t.database.db.select().from(coins).where(eq(coins.symbol, 'usdt')));
    const patch = (payload: Record<string, unknown>) =>
      t.request({ method: 'PATCH', url: `/api/admin/coins/${usdt.id}`, cookie: manager, payload });
    // A TRON address is not an Ethereum one, and USDT is not offered on Bitcoin.
    const wrongNetwork = await patch({ depositAddresses: { ERC20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' } });
    expect(wrongNetwork.statusCode).toBe(400);
    expect(wrongNetwork.json().error).toMatchObject({
      message: 'Enter a valid Tether address on Ethereum (ERC20).',
      fields: { 'depositAddresses.ERC20': 'Enter a valid Tether address on Ethereum (ERC20).' },
    });
    const notOffered = await patch({ depositAddresses: { BTC: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' } });
    expect(notOffered.statusCode).toBe(400);
    const badChecksum = await patch({ depositAddresses: { TRC20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' } });
    expect(badChecksum.statusCode).toBe(400);

    // Setting addresses waits for a second admin (docs/decisions/035), with the code; the change is audited with before and after.
    const ok = await patch({
      depositAddresses: { TRC20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', ERC20: '0x52908400098527886E0F7030069857D2E4169EE7' },
      code: t.secondFactorCode(managerEmail),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const change = ok.json().pendingChange as { id: number };
    const approved = await t.request({
      method: 'POST',
      url: `/api/admin/destination-changes/${change.id}/approve`,
      cookie: admin,
      payload: { code: t.secondFactorCode(SUPER_ADMIN.email) },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const listed = (await t.request({ method: 'GET', url: '/api/admin/coins', cookie: manager })).json();
    expect(listed.coins.find((c: { symbol: string }) => c.symbol === 'usdt').networks).toEqual([
      {
        network: 'TRC20',
        label: 'TRON (TRC20)',
        decimals: 6,
        hasTag: false,
        depositAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        takesKey: true,
        depositKey: null,
      },
      {
        network: 'ERC20',
        label: 'Ethereum (ERC20)',
        decimals: 6,
        hasTag: false,
        depositAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
        takesKey: true,
        depositKey: null,
      },
      {
        network: 'BEP20',
        label: 'BNB Smart Chain (BEP20)',
        decimals: 6,
        hasTag: false,
        depositAddress: null,
        takesKey: true,
        depositKey: null,
      },
    ]);
    const entry = firstOrThrow(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'destination.approve')));
    expect(entry.before).toMatchObject({ depositAddresses: { TRC20: null, ERC20: null } });
    expect(entry.after).toMatchObject({
      depositAddresses: { TRC20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', ERC20: '0x52908400098527886E0F7030069857D2E4169EE7' },
    });
    // Removing one is a safety action and applies at once, audited; the public list says where
    // selling is possible, never the address.
    const removal = await patch({ depositAddresses: { ERC20: '' } });
    expect(removal.statusCode, removal.body).toBe(200);
    expect(removal.json().pendingChange).toBeNull();
    const removed = firstOrThrow(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'coin.wallet_change')));
    expect(removed.after).toMatchObject({ depositAddresses: { TRC20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' } });
    const publicCoins = (await t.request({ method: 'GET', url: '/api/coins' })).json();
    const networks = publicCoins.coins.find((c: { symbol: string }) => c.symbol === 'usdt').networks;
    expect(networks.map((n: { network: string; canSell: boolean }) => [n.network, n.canSell])).toEqual([
      ['TRC20', true],
      ['ERC20', false],
      ['BEP20', false],
    ]);
    expect(JSON.stringify(publicCoins)).not.toContain('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });

  it('manages payment methods: add, edit, toggle, delete; customers see only enabled ones', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/payment-methods',
      cookie: manager,
      payload: {
        name: 'Telecel Cash',
        details: { type: 'momo', provider: 'Telecel Cash', name: 'CediCrypto Ltd', number: '0201112222' },
        code: t.secondFactorCode(managerEmail),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().paymentMethod.id;
    const badNumber = await t.request({
      method: 'PUT',
      url: `/api/admin/payment-methods/${id}`,
      cookie: manager,
      payload: { name: 'Telecel Cash', details: { type: 'momo', provider: 'Telecel Cash', name: 'CediCrypto Ltd', number: '12' } },
    });
    expect(badNumber.json().error.message).toBe('Enter a valid Ghana mobile number.');
    await t.request({ method: 'PATCH', url: `/api/admin/payment-methods/${id}`, cookie: manager, payload: { isEnabled: false } });
    const customer = await t.signUp();
    const visible = await t.request({ method: 'GET', url: '/api/payment-methods', cookie: customer.cookie });
    expect(visible.json().paymentMethods.some((m: { id: number }) => m.id === id)).toBe(false);
    expect((await t.request({ method: 'DELETE', url: `/api/admin/payment-methods/${id}`, cookie: manager })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/admin/payment-methods/${id}`, cookie: manager })).statusCode).toBe(404);
  });

  it('requires title and message for canned responses', async () => {
    const bad = await t.request({
      method: 'POST',
      url: '/api/admin/canned-responses',
      cookie: manager,
      payload: { title: ' ', message: '' },
    });
    expect(bad.json().error.fields).toMatchObject({ title: 'Title is required.', message: 'Message is required.' });
    const ok = await t.request({
      method: 'POST',
      url: '/api/admin/canned-responses',
      cookie: manager,
      payload: { title: 'Thanks', message: 'Thank you!' },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('saves the contact page content that the public page shows', async () => {
    const content = {
      headline: 'Talk to us',
      introParagraph: 'We answer fast.',
      supportEmail: 'help@example.com',
      supportPhone: '+233 20 000 0000',
    };
    expect((await t.request({ method: 'PUT', url: '/api/admin/contact', cookie: manager, payload: content })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/content/contact' })).json()).toMatchObject(content);
  });

  it('searches 10 000 customers on the server with filters, sorting and pages of 10', async () => {
    await t.database.db.execute(sql`
      INSERT INTO users (id, name, full_name, email, username, role, kyc_status, trading_volume_usd, banned, phone, created_at)
      SELECT 'bulk' || g, 'Bulk ' || g, 'Bulk Person ' || g, 'bulk' || g || '@example.com', 'bulk' || g, 'customer',
             (ARRAY['unverified','pending','verified','rejected'])[1 + g % 4], (g % 500)::numeric, g % 10 = 0,
             '024' || lpad(g::text, 7, '0'), now() - (g || ' minutes')::interval
      FROM generate_series(1, 10000) AS g`);
    const page = await t.request({
      method: 'GET',
      url: '/api/admin/users?q=bulk&kyc=verified&account=active&sort=tradingVolumeUsd&dir=desc&page=2',
      cookie: manager,
    });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.pageSize).toBe(10);
    expect(body.users).toHaveLength(10);
    // g % 4 = 2 (verified) and g % 10 != 0 (active)
    expect(body.total).toBe(2000);
    expect(body.users.every((u: { kycStatus: string; isBanned: boolean }) => u.kycStatus === 'verified' && !u.isBanned)).toBe(true);
    const volumes = body.users.map((u: { tradingVolumeUsd: string }) => Number(u.tradingVolumeUsd));
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    const byPhone = await t.request({ method: 'GET', url: '/api/admin/users?q=0240001234', cookie: manager });
    expect(byPhone.json().users.map((u: { email: string }) => u.email)).toEqual(['bulk1234@example.com']);
  });

  it('bans a customer: their session ends at once; staff cannot be banned here', async () => {
    const customer = await t.signUp();
    const banned = await t.request({
      method: 'POST',
      url: `/api/admin/users/${customer.id}/ban`,
      cookie: manager,
      payload: { reason: 'Chargeback fraud on three orders.' },
    });
    expect(banned.json().user).toMatchObject({ isBanned: true, banReason: 'Chargeback fraud on three orders.' });
    expect((await t.request({ method: 'GET', url: '/api/session', cookie: customer.cookie })).json().user).toBeNull();
    expect((await t.login(customer.email, customer.password)).statusCode).toBe(403);
    await t.request({ method: 'POST', url: `/api/admin/users/${customer.id}/unban`, cookie: manager });
    expect((await t.login(customer.email, customer.password)).statusCode).toBe(200);
    const superAdmin = firstOrThrow(await t.database.db.select().from(users).where(eq(users.role, 'super_admin')));
    expect(
      (await t.request({ method: 'POST', url: `/api/admin/users/${superAdmin.id}/ban`, cookie: manager, payload: { reason: 'x' } }))
        .statusCode,
    ).toBe(403);
    const staffId = await createAccount(t.database.db, {
      email: 'other-staff@example.com',
      password: 'Staff-Passw0rd!',
      fullName: 'Other Staff',
      username: 'otherstaff',
      role: 'support',
    });
    expect(
      (await t.request({ method: 'POST', url: `/api/admin/users/${staffId}/ban`, cookie: manager, payload: { reason: 'x' } })).statusCode,
    ).toBe(403);
  });

  it('refuses a ban without its reason (issue 27 point 5), and audits the reason of a ban', async () => {
    const customer = await t.signUp();
    for (const payload of [{}, { reason: '   ' }]) {
      const refused = await t.request({ method: 'POST', url: `/api/admin/users/${customer.id}/ban`, cookie: manager, payload });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'VALIDATION', fields: { reason: ADMIN_MSG.banReasonRequired } });
    }
    expect((await t.request({ method: 'GET', url: '/api/session', cookie: customer.cookie })).json().user).not.toBeNull();
    const banned = await t.request({
      method: 'POST',
      url: `/api/admin/users/${customer.id}/ban`,
      cookie: manager,
      payload: { reason: '  Shared stolen ID.  ' },
    });
    expect(banned.statusCode, banned.body).toBe(200);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, customer.id));
    expect(entry).toMatchObject({ action: 'user.ban', after: { isBanned: true, reason: 'Shared stolen ID.' } });
    const detail = await t.request({ method: 'GET', url: `/api/admin/users/${customer.id}`, cookie: manager });
    expect(detail.json().user.banReason).toBe('Shared stolen ID.');
  });

  it('refuses to ban a banned account or unban an active one, with a clear message and no audit entry', async () => {
    const customer = await t.signUp();
    const post = (action: 'ban' | 'unban') =>
      t.request({
        method: 'POST',
        url: `/api/admin/users/${customer.id}/${action}`,
        cookie: manager,
        ...(action === 'ban' ? { payload: { reason: 'Fraud.' } } : {}),
      });
    const entries = async () =>
      (await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, customer.id)).orderBy(auditLog.id)).map(
        (entry) => entry.action,
      );

    const notBanned = await post('unban');
    expect(notBanned.statusCode).toBe(409);
    expect(notBanned.json().error).toEqual({ code: 'USER_NOT_BANNED', message: 'This user is not banned. Nothing was changed.' });
    expect(await entries()).toEqual([]);

    expect((await post('ban')).statusCode).toBe(200);
    const again = await post('ban');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'USER_ALREADY_BANNED', message: 'This user is already banned. Nothing was changed.' });
    expect(await entries()).toEqual(['user.ban']);

    expect((await post('unban')).statusCode).toBe(200);
    expect((await post('unban')).json().error.code).toBe('USER_NOT_BANNED');
    expect(await entries()).toEqual(['user.ban', 'user.unban']);
    // The refusals changed nothing: the account is active and can sign in.
    expect((await t.login(customer.email, customer.password)).statusCode).toBe(200);
  });

  it('never reopens a closed account: unban is refused for every role, and the list and profile say Closed', async () => {
    const customer = await t.signUp();
    const closed = await t.request({
      method: 'POST',
      url: `/api/admin/users/${customer.id}/close`,
      cookie: admin,
      payload: { reason: 'Asked to leave.' },
    });
    expect(closed.statusCode).toBe(200);
    for (const cookie of [manager, admin]) {
      const unban = await t.request({ method: 'POST', url: `/api/admin/users/${customer.id}/unban`, cookie });
      expect(unban.statusCode).toBe(409);
      expect(unban.json().error).toEqual({
        code: 'ACCOUNT_CLOSED',
        message: 'This account is closed and cannot be reopened. Its records are kept for the retention period.',
      });
    }
    expect((await t.login(customer.email, customer.password)).statusCode).toBe(403);
    const row = firstOrThrow(await t.database.db.select().from(users).where(eq(users.id, customer.id)));
    expect(row).toMatchObject({ banned: true });
    const unbans = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, customer.id));
    expect(unbans.map((entry) => entry.action)).toEqual(['user.close']);
    const profile = await t.request({ method: 'GET', url: `/api/admin/users/${customer.id}`, cookie: manager });
    expect(profile.json().user).toMatchObject({ isBanned: true, closedAt: row.closedAt!.toISOString() });
    const list = await t.request({ method: 'GET', url: `/api/admin/users?q=${encodeURIComponent(customer.email)}`, cookie: manager });
    expect(list.json().users).toEqual([expect.objectContaining({ id: customer.id, closedAt: row.closedAt!.toISOString() })]);
  });

  // Found by the fuzz test: a date that passed the YYYY-MM-DD pattern but is no day became an
  // invalid timestamp in the query (500).
  it('refuses date filters that are no real day', async () => {
    for (const url of [
      '/api/admin/audit?to=0000-00-00',
      '/api/admin/audit?from=2024-02-30',
      '/api/admin/orders?to=2024-13-01',
      '/api/admin/orders?from=9999-99-99',
    ]) {
      const response = await t.request({ method: 'GET', url, cookie: admin });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION');
    }
    const fine = await t.request({ method: 'GET', url: '/api/admin/audit?from=2024-02-29&to=2024-03-01', cookie: admin });
    expect(fine.statusCode).toBe(200);
  });

  it('lists the email log newest first for the super admin only', async () => {
    const list = await t.request({ method: 'GET', url: '/api/admin/emails', cookie: admin });
    expect(list.statusCode).toBe(200);
    const emails = list.json().emails;
    expect(emails.length).toBeGreaterThan(0);
    const detail = await t.request({ method: 'GET', url: `/api/admin/emails/${emails[0].id}`, cookie: admin });
    expect(detail.json().body).toContain('<html>');
    expect((await t.request({ method: 'GET', url: '/api/admin/emails', cookie: manager })).statusCode).toBe(403);
  });
});
