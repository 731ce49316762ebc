import { randomBytes, randomInt } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, request, type APIRequestContext, type APIResponse, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { pickUnusedStep, totpCode, totpStep } from '#test/helpers/totp.js';
import { E2E_ADMIN, E2E_STAFF } from '../../playwright.config.js';

export { E2E_ADMIN, E2E_STAFF };

/** The origin of the server under test (playwright.config.ts), for the Origin header of API calls. */
const ORIGIN = `http://localhost:${process.env.E2E_PORT}`;

let counter = 0;
export function uniqueUser(prefix = 'e2e') {
  counter += 1;
  const username = `${prefix}${Date.now().toString(36)}${counter}`;
  return { username, email: `${username}@example.com`, fullName: 'Akosua Asantewaa', password: 'E2e-Customer-Passw0rd' };
}

/**
 * Signs a new customer up as a person would (issue 26, docs/decisions/024): the form answers
 * "Check your email", the confirmation link of that email signs them in ('Account Created!'),
 * then the dashboard. The e2e server has no SMTP, so the link is read from the Email Log the way
 * a super admin may (verificationLink), in a browser context of its own.
 */
export async function signUpInBrowser(page: Page, user = uniqueUser()) {
  await fillSignupForm(page, user);
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser to read the Email Log from');
  await page.goto(await verificationLink(browser, user.email));
  await page.getByRole('heading', { name: 'Account Created!' }).waitFor();
  await page
    .getByRole('link', { name: 'Go to dashboard' })
    .or(page.getByRole('button', { name: 'Go to dashboard' }))
    .click();
  return user;
}

/** The sign-up form filled in and sent. */
export async function fillSignupForm(page: Page, user: ReturnType<typeof uniqueUser>) {
  await page.goto('/#/signup');
  // Still showing the last sign-up's "Check your email" (same route, no navigation): a new form.
  if (await page.getByRole('heading', { name: 'Check your email' }).isVisible()) await page.reload();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Full name').fill(user.fullName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/**
 * The confirmation link of the latest "Confirm your email address" email to `email`, as a path
 * (`/#/verify-email?token=...`), read from the Email Log by the super admin's reveal (audited,
 * like invitationLink): the e2e server has no SMTP, so the email stays undelivered and its link
 * sealed until then (docs/decisions/021).
 */
export async function verificationLink(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const admin = await superAdminForApi(context);
    let mail: { id: number } | undefined;
    await expect
      .poll(
        async () => {
          const list = (await (await admin.request.get('/api/admin/emails')).json()) as {
            emails: { id: number; to: string; subject: string }[];
          };
          mail = list.emails.find((e) => e.to === email.toLowerCase() && e.subject === 'Confirm your email address for CediCrypto');
          return mail !== undefined;
        },
        { message: `a confirmation email to ${email} in the Email Log` },
      )
      .toBe(true);
    const revealed = await admin.request.post(`/api/admin/emails/${mail!.id}/reveal`, {
      headers: { origin: ORIGIN },
      data: { reason: 'E2e: the new customer opens the confirmation link of their email.' },
    });
    expect(revealed.status(), await revealed.text()).toBe(200);
    const { body } = (await revealed.json()) as { body: string };
    const href = /href="[^"]*(\/#\/verify-email\?token=[^"]*)"/.exec(body)?.[1];
    expect(href, 'a confirmation link in the email').toBeDefined();
    return href!.replaceAll('&amp;', '&');
  } finally {
    await context.close();
  }
}

/**
 * The server's time (GET /api/test/clock): an earlier spec may have moved its clock forward
 * (order-lifecycle.spec.ts moves it 31 minutes), so "today" near midnight is the server's day,
 * not the browser's.
 */
export async function serverNow(page: Page): Promise<Date> {
  const response = await page.request.get('/api/test/clock');
  expect(response.status()).toBe(200);
  return new Date(((await response.json()) as { now: string }).now);
}

/** A new 64-hex transaction hash: a payout reference pays one order for ever (docs/decisions/036). */
export function newTxHash(): string {
  return randomBytes(32).toString('hex');
}

export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
/** A 1x1 PNG: the server checks a payment screenshot by its bytes. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Tiny real images (8x6 pixels, drawn on a canvas) for the KYC documents: the server checks the
 * type from the bytes, and the back-office shows them (naturalWidthOf).
 */
export const DOCUMENT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAYAAAD+Bd/7AAAAPklEQVR4AYSLsQkAIBADw09hZeMa9q7kag5j7xZaJTxf+IEjEC5WZ78/DEkk7HHg4U8Ch9gS2irwUJTAIfYDAAD//w7UzhYAAAAGSURBVAMAvzIaleTUmUwAAAAASUVORK5CYII=',
  'base64',
);
export const DOCUMENT_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAgEAABAgUFAAAAAAAAAAAAAAAAFBUCBREhMSQyUlSh/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAdEQABBAIDAAAAAAAAAAAAAAABAhEhMQCxQWFx/9oADAMBAAIRAxEAPwCYVy9nTNmv7iiLlXZjFvQAFoQEO3M2TuvKyUWsrZ2gNAA1Z7M5/9k=',
  'base64',
);

/** Resolves with the natural width of the <img> named `name` once it has finished loading (0 when broken). */
export function naturalWidthOf(page: Page, name: string) {
  return page.getByRole('img', { name }).evaluate(async (element) => {
    const img = element as HTMLImageElement;
    if (!img.complete) await new Promise((resolve) => img.addEventListener('load', resolve, { once: true }));
    return img.naturalWidth;
  });
}

/**
 * A MoMo payment method named `namePrefix` and the time (and a random tail: workers run at the
 * same time), added through the API as the Payment Methods page does, by a manager of this worker
 * (saveDestination) and approved at once. Returns its name.
 */
export async function addMomoMethod(
  admin: Page,
  baseURL: string,
  namePrefix: string,
  number = '0241234567',
  provider: 'MTN MoMo' | 'Telecel Cash' | 'AirtelTigo Money' = 'MTN MoMo',
): Promise<string> {
  const name = `${namePrefix} ${Date.now().toString(36)}${randomInt(100)}`;
  await saveDestination(admin, baseURL, 'POST', '/api/admin/payment-methods', {
    name,
    details: { type: 'momo', provider, name: 'CediCrypto Ltd', number },
  });
  return name;
}

/**
 * A MoMo payment method added by the staff member signed in on `admin` with their own code, as
 * before addMomoMethod had managers of its own: for a spec about who asked (four-eyes.spec.ts),
 * which runs one at a time. Returns its name.
 */
export async function addMomoMethodAsSignedIn(admin: Page, baseURL: string, namePrefix: string, number = '0241234567'): Promise<string> {
  const name = `${namePrefix} ${Date.now().toString(36)}${randomInt(100)}`;
  const response = await admin.request.post('/api/admin/payment-methods', {
    headers: { origin: baseURL },
    data: { name, details: { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number }, code: await takeCode(E2E_ADMIN.email) },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const { pendingChange } = (await response.json()) as { pendingChange?: { id: number } | null };
  if (pendingChange) await approvePendingChanges(baseURL, [pendingChange.id]);
  return name;
}

/**
 * The manager this worker changes destinations with (a second factor of its own): the shared
 * super admin gives three codes per 30 seconds to every worker together, a manager of one's own
 * gives three to one worker, then its ten backup codes. When this one has used them all, the
 * super admin (signed in on `admin`) makes another rather than anyone waiting for the next
 * 30-second step. Set up through the API: no test is about it (admin-management.spec.ts is).
 */
let currentDestinationsManager: { email: string; api: APIRequestContext } | undefined;
async function destinationsManager(admin: Page): Promise<{ email: string; api: APIRequestContext }> {
  if (currentDestinationsManager && hasCodeNow(currentDestinationsManager.email)) return currentDestinationsManager;
  await currentDestinationsManager?.api.dispose();
  const staff = await createStaffMember(admin, 'manager', 'Kofi Methods');
  currentDestinationsManager = { email: staff.email, api: await enrolThroughApi(staff.email, staff.password) };
  return currentDestinationsManager;
}

/**
 * Signs a staff member without a second factor in through the API and enrols an authenticator
 * for them (kept in the e2e authenticator file with its backup codes); returns the signed-in API
 * context. For accounts no test is about enrolling (admin-management.spec.ts and
 * account-changes.spec.ts enrol on screen).
 */
async function enrolThroughApi(email: string, password: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: ORIGIN });
  const origin = { origin: ORIGIN };
  const signedIn = await api.post('/api/session/login', { headers: origin, data: { email, password, portal: 'admin' } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const enrolment = await api.post('/api/account/two-factor/enable', { headers: origin, data: { password } });
  expect(enrolment.status(), await enrolment.text()).toBe(200);
  const { secret, backupCodes } = (await enrolment.json()) as { secret: string; backupCodes: string[] };
  withDevices((devices) => {
    devices[email.toLowerCase()] = { secret, backupCodes, usedSteps: [] };
  });
  const confirmed = await api.post('/api/account/two-factor/confirm', { headers: origin, data: { code: takeCodeNow(email) } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return api;
}

/**
 * The shared accounts (the super admin, the demo staff) enrolled and signed in once, before any
 * worker starts (tests/e2e/global-setup.ts): workers that signed one in at the same time through
 * the form each enrolled a secret of their own, and the code of the one replaced was refused
 * (seen with 3 workers). Their sessions are saved for adminLogin to reuse.
 */
export async function enrolSharedStaff(): Promise<void> {
  for (const { email, password } of [E2E_ADMIN, ...Object.values(E2E_STAFF)]) {
    const api = await enrolThroughApi(email, password);
    const session = (await api.storageState()).cookies.filter((cookie) => cookie.name.endsWith('session_token'));
    withFileLock(() => writeSessions({ ...readSessions(), [email.toLowerCase()]: session }));
    await api.dispose();
  }
}

/**
 * A change of where money goes (a method added or on again, an address set), made through the
 * API as the screens make it, with the code, by this worker's manager (destinationsManager;
 * `admin` is the super admin, who creates it); when it waits for a second admin
 * (docs/decisions/030 and 035), it is approved at once (approvePendingChanges).
 */
export async function saveDestination(
  admin: Page,
  baseURL: string,
  method: 'POST' | 'PATCH',
  url: string,
  data: Record<string, unknown>,
): Promise<{ pendingChange?: { id: number } | null }> {
  const send = async () => {
    const manager = await destinationsManager(admin);
    return manager.api.fetch(url, { method, headers: { origin: baseURL }, data: { ...data, code: takeCodeNow(manager.email) } });
  };
  // Another worker's change of the same coin may wait for its approval (ensureTradingIsOpen and a
  // spec setting an address at once): ours is sent again once that worker has had it approved.
  const isPendingElsewhere = async (answer: APIResponse) =>
    answer.status() === 409 && ((await answer.json()) as { error?: { code?: string } }).error?.code === 'CHANGE_ALREADY_PENDING';
  let response = await send();
  if (await isPendingElsewhere(response))
    await expect(async () => {
      response = await send();
      expect(await isPendingElsewhere(response)).toBe(false);
    }).toPass();
  expect(response.status(), await response.text()).toBeLessThan(300);
  const body = (await response.json()) as { pendingChange?: { id: number } | null };
  if (body.pendingChange) await approvePendingChanges(baseURL, [body.pendingChange.id]);
  return body;
}

/**
 * Makes sure customers can trade on the shared e2e server, whichever specs ran before: an enabled
 * payment method, and ETH sellable on ERC20. Without them /buy and /sell say "Trading opens soon"
 * instead of showing the forms (issue 16, first-run.spec.ts).
 */
export async function ensureTradingIsOpen(browser: Browser, baseURL: string): Promise<void> {
  const context = await browser.newContext();
  try {
    const admin = await superAdminForApi(context);
    const { paymentMethods } = (await (await admin.request.get('/api/admin/payment-methods')).json()) as {
      paymentMethods: { isEnabled: boolean }[];
    };
    if (!paymentMethods.some((method) => method.isEnabled)) await addMomoMethod(admin, baseURL, 'E2e MoMo');
    const { coins } = (await (await admin.request.get('/api/admin/coins')).json()) as {
      coins: { id: number; symbol: string; isEnabled: boolean; networks: { depositAddress: string | null }[] }[];
    };
    const eth = coins.find((coin) => coin.symbol === 'eth');
    if (eth && !(eth.isEnabled && eth.networks.some((network) => network.depositAddress))) {
      await saveDestination(admin, baseURL, 'PATCH', `/api/admin/coins/${eth.id}`, {
        depositAddresses: { ERC20: '0x52908400098527886E0F7030069857D2E4169EE7' },
        isEnabled: true,
      });
    }
  } finally {
    await context.close();
  }
}

/**
 * Approves the changes of a destination `ids` (every one waiting when none are given: specs of the
 * one-at-a-time project only) as another Super Admin or Manager would
 * (`POST /api/test/destination-changes/approve-all`, browser tests only: the same approval without
 * the approver's code). A spec running in parallel names its own, so a change another spec shows
 * waiting stays so (four-eyes.spec.ts, pending-changes-live.spec.ts approve or reject on screen).
 * Returns how many it approved.
 */
export async function approvePendingChanges(baseURL: string, ids?: number[]): Promise<number> {
  const api = await request.newContext({ baseURL });
  try {
    const answer = await api.post('/api/test/destination-changes/approve-all', { headers: { origin: baseURL }, data: ids ? { ids } : {} });
    expect(answer.status(), await answer.text()).toBe(200);
    return ((await answer.json()) as { approved: number }).approved;
  } finally {
    await api.dispose();
  }
}

/** Buys BTC for `amountGhs` to BTC_ADDRESS, paid with the method `methodName`, on the Buy form; returns the order's id. */
export async function createBuyOrder(page: Page, methodName: string, amountGhs: string, walletAddress = BTC_ADDRESS): Promise<number> {
  await page.goto('/#/buy');
  await page.getByLabel('Amount to spend (GHS)').fill(amountGhs);
  await expect(page.getByTestId('quote-countdown')).toBeVisible();
  await page.getByLabel('Wallet address').fill(walletAddress);
  await page.getByLabel('Payment method').selectOption({ label: methodName });
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page).toHaveURL(/#\/orders\/\d+$/);
  return Number(/#\/orders\/(\d+)$/.exec(page.url())?.[1]);
}

/**
 * The customer says the order's other wallet is an account at an exchange (the Travel Rule,
 * docs/decisions/076): an order of USD 1,000 or more is otherwise held for it too, which specs
 * about another hold do not want.
 */
export async function declareExchangeWallet(page: Page, orderId: number): Promise<void> {
  const answer = await page.request.put(`/api/orders/${orderId}/travel-rule`, {
    headers: { origin: ORIGIN },
    data: { walletType: 'provider', providerName: 'Binance', providerAccount: 'e2e@example.com' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/**
 * A customer on a 360 px phone (a new account, Tier 2 when `tier2`) who placed a MoMo buy of
 * `amountGhs` into a new method (`methodPrefix`, added by `admin`) and said "I have paid", from
 * `payerNumber` when given: the order waits for staff. The phone's page stays open; close
 * `context` when done.
 */
export async function paidBuyInBrowser(
  browser: Browser,
  admin: Page,
  baseURL: string,
  options: {
    amountGhs: string;
    methodPrefix: string;
    tier2?: boolean;
    user?: ReturnType<typeof uniqueUser>;
    payerNumber?: string;
    /** The wallet's network (addMomoMethod's MTN by default) and number. */
    wallet?: { provider: 'MTN MoMo' | 'Telecel Cash' | 'AirtelTigo Money'; number: string };
  },
) {
  const methodName = await addMomoMethod(admin, baseURL, options.methodPrefix, options.wallet?.number, options.wallet?.provider);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const phone = await context.newPage();
  const customer = await signUpInBrowser(phone, options.user);
  if (options.tier2) {
    const verified = await phone.request.post('/api/test/customer-verification', {
      headers: { origin: baseURL },
      data: { email: customer.email, tier: 2 },
    });
    expect(verified.status()).toBe(200);
    await phone.reload();
  }
  const orderId = await createBuyOrder(phone, methodName, options.amountGhs);
  await phone.getByLabel('MoMo TxID').fill(`MP${Date.now()}${randomInt(1000)}`);
  if (options.payerNumber) await phone.getByLabel('Number you paid from (optional)').fill(options.payerNumber);
  await phone.getByRole('button', { name: 'I have paid' }).click();
  await expect(phone.getByRole('heading', { name: 'We are checking your payment' })).toBeVisible();
  return { orderId, customer, methodName, phone, context };
}

/**
 * Signs a staff member in. By default a session this run already made for them is reused (as a
 * person returning to an open tab would): each real sign-in spends an authenticator step, and
 * the server accepts each step once, so back-to-back sign-ins wait up to 30 s for the next one.
 * `fresh: true` always goes through the login form (tests of the sign-in itself). A reused
 * session that has ended (signed out, reset, idle) falls back to the form.
 */
export async function adminLogin(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password, options: { fresh?: boolean } = {}) {
  if (!options.fresh && (await reuseSession(page, email))) {
    await page.goto('/#/admin/dashboard');
    await expect(page).toHaveURL(/#\/admin\/dashboard$/);
    return;
  }
  await page.goto('/#/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await completeSecondFactor(page, email, password);
  const session = (await page.context().cookies()).filter((cookie) => cookie.name.endsWith('session_token'));
  if (session.length > 0) withFileLock(() => writeSessions({ ...readSessions(), [email.toLowerCase()]: session }));
}

/** Whether the session this run saved for `email` is still signed in, now in `page`'s context (else it is cleared). */
async function reuseSession(page: Page, email: string): Promise<boolean> {
  const saved = readSessions()[email.toLowerCase()];
  if (!saved) return false;
  await page.context().addCookies(saved);
  const answer = await page.request.get('/api/session');
  const { user } = (await answer.json()) as { user: { email: string } | null };
  if (user?.email === email.toLowerCase()) return true;
  await page.context().clearCookies();
  return false;
}

/**
 * A page of `context` signed in as the super admin for the helpers' API calls (the Email Log,
 * methods, staff): the session this run saved, without loading a screen the test is not about,
 * else through the sign-in form (adminLogin).
 */
async function superAdminForApi(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  if (!(await reuseSession(page, E2E_ADMIN.email))) await adminLogin(page);
  return page;
}

/**
 * A new staff member of `role`, created by the super admin signed in on `superAdmin` (through the
 * API, as the Admin Management page does), with the password set from their invitation link.
 * They enrol a second factor at their first sign-in (adminLogin with fresh: true).
 */
export async function createStaffMember(superAdmin: Page, role: 'manager' | 'support' | 'compliance', fullName = `E2e ${role}`) {
  counter += 1;
  const email = `${role}-${Date.now().toString(36)}${counter}@e2e.cedicrypto.test`;
  const password = 'E2e-Staff-Passw0rd!';
  const origin = { origin: ORIGIN };
  const created = await superAdmin.request.post('/api/admin/admins', { headers: origin, data: { fullName, email, role } });
  expect(created.status(), await created.text()).toBe(201);
  const { admin } = (await created.json()) as { admin: { id: string } };
  const link = await invitationLink(superAdmin, email);
  const token = new URL(link.replace('/#/', '/')).searchParams.get('token');
  const set = await superAdmin.request.post('/api/account/set-password', { headers: origin, data: { token, password } });
  expect(set.status(), await set.text()).toBe(200);
  return { id: admin.id, email, password, fullName };
}

/**
 * The set-password link of the latest invitation to `email`, read from the Email Log the way a
 * super admin may: its token is masked there, so it is revealed, with a reason (audited, decisions/013 D15).
 */
export async function invitationLink(superAdmin: Page, email: string): Promise<string> {
  const list = (await (await superAdmin.request.get('/api/admin/emails')).json()) as {
    emails: { id: number; to: string; subject: string }[];
  };
  const mail = list.emails.find((e) => e.to === email && e.subject === 'You have been invited to the CediCrypto back-office');
  expect(mail, `no invitation to ${email} in the Email Log`).toBeDefined();
  const revealed = await superAdmin.request.post(`/api/admin/emails/${mail!.id}/reveal`, {
    headers: { origin: ORIGIN },
    data: { reason: 'E2e: the new staff member sets a password in their own browser.' },
  });
  expect(revealed.status(), await revealed.text()).toBe(200);
  const { body } = (await revealed.json()) as { body: string };
  const href = /href="([^"]*\/#\/admin\/set-password\?token=[^"]*)"/.exec(body)?.[1];
  expect(href, 'a set-password link in the invitation').toBeDefined();
  return href!.replaceAll('&amp;', '&');
}

/**
 * The one-time code of the latest SMS to `phone` (+233XXXXXXXXX), read from what the local fake
 * of Arkesel's API received (tests/e2e/global-setup.ts), as the phone would: the SMS Log keeps no
 * code once an SMS is delivered (docs/decisions/021). Waits until the SMS has gone out.
 */
export async function phoneCodeFromSms(phone: string): Promise<string> {
  const to = phone.replace(/^\+/, '');
  const url = `http://127.0.0.1:${process.env.E2E_SMS_PORT}/__test/sent`;
  let code = '';
  await expect
    .poll(
      async () => {
        const { sent } = (await (await fetch(url)).json()) as { sent: { to: string; message: string }[] };
        const latest = sent.filter((sms) => sms.to === to).at(-1);
        code = /\b(\d{6})\b/.exec(latest?.message ?? '')?.[1] ?? '';
        return code;
      },
      { message: `an SMS with a code to ${phone}` },
    )
    .not.toBe('');
  return code;
}

/** A Ghana mobile number no other customer of this run has: 024 and seven digits, as typed and as stored (+233). */
export function uniqueGhanaMobile(): { local: string; international: string } {
  counter += 1;
  const digits = String((Date.now() * 7 + counter * 7919) % 10_000_000).padStart(7, '0');
  return { local: `024${digits}`, international: `+23324${digits}` };
}

/**
 * A Ghana Card number no other customer of this run has (random, whatever the worker): one ID
 * verifies one account (docs/decisions/016).
 */
export function uniqueGhanaCard(): string {
  return `GHA-${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}-${randomInt(0, 10)}`;
}

/**
 * Verifies the phone of the customer signed in on `page` (issue 18, step 1 of /kyc;
 * docs/decisions/016): on the verification page when `viaPage` (it must be open), through the API
 * otherwise; the code is read from the SMS the fake provider received (phoneCodeFromSms).
 * Returns the number in its international form.
 */
export async function verifyPhone(page: Page, options: { viaPage?: boolean } = {}): Promise<string> {
  const phone = uniqueGhanaMobile();
  const origin = { origin: new URL(page.url()).origin };
  if (options.viaPage) {
    const step = page.getByRole('region', { name: 'Step 1: Verify your phone number' });
    await step.getByLabel('Mobile number').fill(phone.local);
    await step.getByRole('button', { name: 'Send code' }).click();
    await expect(step.getByLabel('Verification code')).toBeVisible();
  } else {
    const sent = await page.request.post('/api/account/phone/code', { headers: origin, data: { phone: phone.local } });
    expect(sent.status(), await sent.text()).toBe(200);
  }
  const code = await phoneCodeFromSms(phone.international);
  if (options.viaPage) {
    const step = page.getByRole('region', { name: 'Step 1: Verify your phone number' });
    await step.getByLabel('Verification code').fill(code);
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(step.getByText('Verified number:')).toBeVisible();
  } else {
    const verified = await page.request.post('/api/account/phone/verify', { headers: origin, data: { code } });
    expect(verified.status(), await verified.text()).toBe(200);
  }
  return phone.international;
}

type TSavedCookies = Awaited<ReturnType<ReturnType<Page['context']>['cookies']>>;
const sessionsFile = () => path.join(process.env.E2E_DATA_DIR ?? '.', 'e2e-staff-sessions.json');

function readSessions(): Record<string, TSavedCookies> {
  return existsSync(sessionsFile()) ? (JSON.parse(readFileSync(sessionsFile(), 'utf8')) as Record<string, TSavedCookies>) : {};
}

function writeSessions(sessions: Record<string, TSavedCookies>): void {
  writeFileSync(`${sessionsFile()}.tmp`, JSON.stringify(sessions));
  renameSync(`${sessionsFile()}.tmp`, sessionsFile());
}

/**
 * After the password step of a staff sign-in: enrols an authenticator (first sign-in) or types
 * the current code, as a person with the app would. Returns at once when neither is asked for
 * (a customer at the admin login, a wrong password).
 */
export async function completeSecondFactor(page: Page, email: string, password: string) {
  const codeInput = page.getByLabel('Authentication code');
  const setupHeading = page.getByRole('heading', { name: 'Set up two-factor authentication' });
  const formAlert = page.locator('form [role="alert"]');
  await expect(codeInput.or(setupHeading).or(formAlert).first()).toBeVisible({ timeout: 15_000 });
  if (await setupHeading.isVisible()) {
    await page.getByLabel('Current password').fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
    const key = (await page.getByLabel('Authenticator key').textContent())!.replace(/\s+/g, '');
    const backupCodes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents();
    withDevices((devices) => {
      devices[email.toLowerCase()] = { secret: key, backupCodes, usedSteps: [] };
    });
    await page.getByLabel('Authentication code').fill(await takeCode(email));
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await expect(setupHeading).toBeHidden();
    return;
  }
  if (await codeInput.isVisible()) {
    await codeInput.fill(await takeCode(email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(codeInput).toBeHidden();
  }
}

/**
 * The e2e "authenticator app": secrets of the staff who enrolled, kept beside the server's data
 * (a worker restarted after a failure still knows them), with the steps and backup codes already
 * used: the server refuses a code twice. Workers share the file, so every change of it is made
 * under a lock (withFileLock).
 */
type TDevice = { secret: string; backupCodes: string[]; usedSteps: number[] };
const devicesFile = () => path.join(process.env.E2E_DATA_DIR ?? '.', 'e2e-authenticators.json');

function readDevices(): Record<string, TDevice> {
  return existsSync(devicesFile()) ? (JSON.parse(readFileSync(devicesFile(), 'utf8')) as Record<string, TDevice>) : {};
}

function writeDevices(devices: Record<string, TDevice>): void {
  // Written whole then renamed: a reader never sees half a file.
  writeFileSync(`${devicesFile()}.tmp`, JSON.stringify(devices));
  renameSync(`${devicesFile()}.tmp`, devicesFile());
}

/** Reads, changes and writes the authenticators under the lock; returns what `change` returns. */
function withDevices<T>(change: (devices: Record<string, TDevice>) => T): T {
  return withFileLock(() => {
    const devices = readDevices();
    const result = change(devices);
    writeDevices(devices);
    return result;
  });
}

/**
 * Runs `work` (quick, synchronous) while holding a lock file beside the server's data, so the
 * workers' read-change-write of the shared files never interleave. A lock left by a worker that
 * died holding it (older than 10 s) is taken over.
 */
function withFileLock<T>(work: () => T): T {
  const lock = path.join(process.env.E2E_DATA_DIR ?? '.', 'e2e-files.lock');
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > 10_000) rmSync(lock, { force: true });
      } catch {
        // released meanwhile
      }
      Atomics.wait(pause, 0, 0, 5);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { force: true });
  }
}

/**
 * A code the server has not seen: an authenticator step it accepts now (this one, the next or
 * the previous one) not used yet, else an unused backup code; null when neither is left.
 */
function nextCode(devices: Record<string, TDevice>, email: string): string | null {
  const device = devices[email.toLowerCase()];
  if (!device) throw new Error(`no authenticator enrolled for ${email}`);
  const step = pickUnusedStep((candidate) => device.usedSteps.includes(candidate));
  if (step !== null) {
    // Steps the server no longer accepts are forgotten.
    device.usedSteps = [...device.usedSteps.filter((used) => used >= totpStep() - 2), step];
    return totpCode(device.secret, step);
  }
  return device.backupCodes.shift() ?? null;
}

/** Whether `email` has a code the server accepts now and has not seen (a step of the moment, or a backup code). */
function hasCodeNow(email: string): boolean {
  const device = readDevicesLocked()[email.toLowerCase()];
  return (
    device !== undefined && (device.backupCodes.length > 0 || pickUnusedStep((candidate) => device.usedSteps.includes(candidate)) !== null)
  );
}

function readDevicesLocked(): Record<string, TDevice> {
  return withFileLock(readDevices);
}

/** A code of `email` usable now; throws when there is none (the caller made sure there is). */
function takeCodeNow(email: string): string {
  const code = withDevices((devices) => nextCode(devices, email));
  if (!code) throw new Error(`no unused code of ${email} now`);
  return code;
}

/**
 * A code of `email` not used yet: also the code a signed-in staff member types to confirm a
 * sensitive step (issue 27 point 3). Only when the steps of the moment and the backup codes are
 * all used does it wait for the next 30-second step (the shared super admin, used by few steps:
 * payment methods come from each worker's own manager, addMomoMethod).
 */
export async function takeCode(email: string): Promise<string> {
  for (;;) {
    const code = withDevices((devices) => nextCode(devices, email));
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 200));
  }
}

/** Built files of the chunks whose source lies under one of the given folders (vite manifest). */
export function builtFilesUnder(...sourceDirs: string[]): string[] {
  const manifest = JSON.parse(readFileSync(path.resolve('dist/web/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; src?: string }
  >;
  return Object.values(manifest)
    .filter((entry) => entry.src && sourceDirs.some((dir) => entry.src!.startsWith(dir)))
    .map((entry) => entry.file);
}
