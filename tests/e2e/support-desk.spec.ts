import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { CHAT_MSG } from '#shared/contracts/chat.js';
import { adminLogin, E2E_STAFF, paidBuyInBrowser, uniqueGhanaMobile } from './support.js';

/*
 * Issue 27 point 7 (docs/decisions/034), at a laptop's 1366x768 and a tablet's 768x1024: a customer
 * with a held GHS 60,000 order writes in Live Chat; support sees their tier and last orders beside
 * the conversation (the held order as "Pending", nothing of the hold; "Cancelled" without a reload
 * once the super admin cancels it), takes the conversation
 * ("Assign to me"), and the super admin's open page shows it without a reload; the super admin
 * takes it over and support sees that too. Staff find the order by typing the payer's number in
 * another form than the customer wrote it.
 */

const SIZES = [
  { name: '1366x768', viewport: { width: 1366, height: 768 } },
  { name: '768x1024', viewport: { width: 768, height: 1024 } },
] as const;

/** A Tier 2 customer's paid GHS `amountGhs` BTC buy, paid from `payerNumber`, and a chat message of theirs. */
async function customerWithOrderAndChat(browser: Browser, admin: Page, baseURL: string, amountGhs: string, payerNumber: string) {
  const {
    orderId,
    customer: user,
    phone: customer,
    context,
  } = await paidBuyInBrowser(browser, admin, baseURL, {
    amountGhs,
    methodPrefix: 'Desk MoMo',
    tier2: true,
    payerNumber,
  });
  const sent = await customer.request.post('/api/chat/messages', {
    headers: { origin: baseURL },
    data: { text: 'Hello, when will my coins arrive?' },
  });
  expect(sent.status()).toBe(201);
  await context.close();
  return { orderId, fullName: user.fullName, email: user.email };
}

/** The conversation of the customer with `email` (names repeat; the list shows the email too), opened. */
async function openConversation(page: Page, email: string, fullName: string) {
  await page.goto('/#/admin/chat');
  const item = page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').filter({ hasText: email });
  await item.getByRole('button').click();
  await expect(page.getByRole('heading', { name: fullName })).toBeVisible();
  return item;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.2 AA and best-practice violations axe finds on the page (as tests/e2e/accessibility.spec.ts runs it). */
async function axeViolations(page: Page) {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return (result.violations as { id: string; nodes: { target: string[] }[] }[]).map((v) => ({
      id: v.id,
      targets: v.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  });
}

/**
 * The list's filter (a radio group kept in the URL): the radio is checked once the URL changed,
 * a moment after the click, so the click is made and the check awaited.
 */
async function chooseFilter(page: Page, name: 'Mine' | 'Unassigned' | 'All') {
  const radio = page.getByRole('group', { name: CHAT_MSG.assignFilterLabel }).getByRole('radio', { name });
  await radio.click();
  await expect(radio).toBeChecked();
}

for (const size of SIZES) {
  test(`at ${size.name}: the chat shows the customer's tier and last orders, never the hold; assignment is live; the payer number finds the order`, async ({
    browser,
    baseURL,
  }) => {
    const adminContext = await browser.newContext({ viewport: size.viewport });
    const admin = await adminContext.newPage();
    await adminLogin(admin);
    const adminName = ((await (await admin.request.get('/api/session')).json()) as { user: { fullName: string } }).user.fullName;
    const number = uniqueGhanaMobile();
    // Two customers, three staff pages and a held order: longer than the default minute on a busy machine.
    test.setTimeout(180_000);
    const { orderId, fullName, email } = await customerWithOrderAndChat(browser, admin, baseURL!, '60000', number.local);

    const supportContext = await browser.newContext({ viewport: size.viewport });
    const support = await supportContext.newPage();
    await adminLogin(support, E2E_STAFF.support.email, E2E_STAFF.support.password);

    // Support opens the conversation: the tier, and the held order as the customer sees it.
    await openConversation(support, email, fullName);
    const beside = support.getByRole('region', { name: CHAT_MSG.customerHeading });
    await expect(beside).toContainText(CHAT_MSG.tier(2));
    const order = beside.getByRole('link', { name: new RegExp(`#${orderId} Buy BTC`) });
    await expect(order).toContainText('GHS 60,000.00');
    await expect(order).toContainText('Pending');
    await expect(beside).not.toContainText(/hold|held|alert|case|review/i);
    // The open conversation with its customer, assignment bar and filter: no axe violation.
    expect(await axeViolations(support)).toEqual([]);
    // The super admin cancels the order: the chat's last orders say so without a reload.
    const cancelled = await admin.request.post(`/api/admin/orders/${orderId}/cancel`, {
      headers: { origin: baseURL! },
      data: { reason: 'The payment did not arrive.' },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await expect(order).toContainText('Cancelled');

    // The super admin has the list open; support takes the conversation.
    const adminItem = await openConversation(admin, email, fullName);
    await expect(adminItem).toContainText(CHAT_MSG.unassigned);
    await support.getByRole('button', { name: CHAT_MSG.assignToMe }).click();
    await expect(support.getByTestId('conversation-assignee')).toHaveText(CHAT_MSG.assignedTo('Demo Support'));
    // Live on the other agent's page, list and open conversation.
    await expect(adminItem).toContainText(CHAT_MSG.assignedTo('Demo Support'));
    await expect(admin.getByTestId('conversation-assignee')).toHaveText(CHAT_MSG.assignedTo('Demo Support'));

    // Support's own filter shows it under Mine, not under Unassigned.
    await chooseFilter(support, 'Unassigned');
    await expect(support.getByRole('list', { name: 'Conversations' }).getByText(email)).toHaveCount(0);
    await chooseFilter(support, 'Mine');
    await expect(support.getByRole('list', { name: 'Conversations' }).getByText(email)).toBeVisible();
    await expect(support).toHaveURL(/assigned=mine/);

    // The super admin takes it over (their role may); support's page says so without a reload.
    await admin.getByRole('button', { name: CHAT_MSG.assignToMe }).click();
    await expect(admin.getByTestId('conversation-assignee')).toHaveText(CHAT_MSG.assignedTo(adminName));
    await expect(support.getByRole('list', { name: 'Conversations' }).getByText(email)).toHaveCount(0);
    await chooseFilter(support, 'All');
    await expect(support.getByRole('list', { name: 'Conversations' }).getByRole('listitem').filter({ hasText: email })).toContainText(
      CHAT_MSG.assignedTo(adminName),
    );

    // Support finds the order by the payer's number typed another way (+233 ...).
    await support.goto('/#/admin/orders?status=all');
    await support
      .getByLabel('Search orders')
      .fill(`${number.international.slice(0, 4)} ${number.international.slice(4, 6)} ${number.international.slice(6)}`);
    await expect(support.getByRole('button', { name: `View order #${orderId}` })).toBeVisible();

    await supportContext.close();
    await adminContext.close();
  });
}
