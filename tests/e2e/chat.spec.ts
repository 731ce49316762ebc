import { expect, test } from '@playwright/test';
import { CHAT_MSG } from '#shared/contracts/chat.js';
import { CONTACT_FORM_MSG } from '#shared/contracts/content.js';
import { adminLogin, builtFilesUnder, E2E_STAFF, signUpInBrowser, uniqueUser } from './support.js';

/** A full name no other test uses (letters only, as the signup rule wants). */
function uniqueFullName(): string {
  const letters = Date.now()
    .toString(26)
    .replace(/\d/g, (d) => 'qrstuvwxyz'.charAt(Number(d)));
  return `Yaw Chatter ${letters.charAt(0).toUpperCase()}${letters.slice(1)}`;
}

test('the landing page for visitors does not load the chat widget', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const widgetFiles = builtFilesUnder('features/chat/');
  expect(widgetFiles.length).toBeGreaterThan(0);
  for (const file of widgetFiles) expect(scripts).not.toContain(`/${file}`);
  await expect(page.getByRole('button', { name: /live support chat/i })).toHaveCount(0);
});

test('a customer and support chat in real time: unread marks, typing, a quick reply', async ({ browser }) => {
  // The customer on a 360 px phone, support on a desktop.
  const customerContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const supportContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const support = await supportContext.newPage();
  const user = { ...uniqueUser('chat'), fullName: uniqueFullName() };

  await signUpInBrowser(customer, user);
  await expect(customer).toHaveURL(/#\/dashboard$/);

  // The widget: bottom right, a 'Live Support' panel that fits the phone.
  const toggle = customer.getByRole('button', { name: 'Live support chat', exact: true });
  await toggle.click();
  const panel = customer.getByRole('region', { name: 'Live Support' });
  await expect(panel).toBeVisible();
  const box = await panel.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  const input = panel.getByLabel('Message', { exact: true });
  await expect(input).toHaveAttribute('placeholder', 'Type a message...');
  const sendButton = panel.getByRole('button', { name: 'Send message' });
  await input.fill('    ');
  await expect(sendButton).toBeDisabled();

  const first = 'Hello, my buy order is still pending <img src=x onerror=alert(1)>';
  await input.fill(first);
  await sendButton.click();
  const customerLog = panel.getByRole('log', { name: 'Messages' });
  await expect(customerLog.getByText(first, { exact: true })).toBeVisible();
  await expect(customerLog.locator('img')).toHaveCount(0);
  await expect(input).toHaveValue('');

  // Support sees waiting conversations on the menu from any page, then the conversation on top
  // with the unread dot, and the count in the tab title.
  await adminLogin(support, E2E_STAFF.support.email, E2E_STAFF.support.password);
  await expect(support).toHaveURL(/#\/admin\/dashboard$/);
  const chatLink = support.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /^Live Chat/ });
  await expect(chatLink).toHaveAccessibleName(/^Live Chat \d+ unread$/);
  const waiting = Number((await chatLink.textContent())!.match(/\d+/)![0]);
  await chatLink.click();
  await expect(support.getByRole('heading', { name: 'Live Chat Support' })).toBeVisible();
  await expect(support.getByText('Select a conversation to start chatting')).toBeVisible();
  const conversations = support.getByRole('list', { name: 'Conversations' });
  const item = conversations.getByRole('listitem').filter({ hasText: user.fullName });
  await expect(conversations.getByRole('listitem').first()).toContainText(user.fullName);
  await expect(item.getByTestId('unread-dot')).toBeVisible();
  await expect(item).toContainText(first);
  await expect(support).toHaveTitle(/^\(\d+\) Live Chat Support/);

  // A new message while the page is open moves the conversation to the top, still unread.
  await input.fill('Are you there?');
  await sendButton.click();
  await expect(item).toContainText('Are you there?');
  await expect(conversations.getByRole('listitem').first()).toContainText(user.fullName);

  // Opening it shows name, email and messages, and clears the unread mark.
  await item.getByRole('button').click();
  await expect(support.getByRole('heading', { name: user.fullName })).toBeVisible();
  // The email shows in the list too (issue 26 point 16): here, the open conversation's header.
  await expect(support.getByRole('heading', { name: user.fullName }).locator('xpath=following-sibling::p')).toHaveText(user.email);
  const supportLog = support.getByRole('log', { name: `Messages with ${user.fullName}` });
  await expect(supportLog.getByText(first, { exact: true })).toBeVisible();
  await expect(supportLog.getByText('Are you there?')).toBeVisible();
  await expect(supportLog.locator('time').first()).toHaveText(/^\d{2}:\d{2}$/);
  await expect(item.getByTestId('unread-dot')).toHaveCount(0);
  // The menu badge follows the page's live count at once.
  if (waiting === 1) await expect(chatLink).toHaveAccessibleName('Live Chat');
  else await expect(chatLink).toHaveAccessibleName(`Live Chat ${waiting - 1} unread`);

  // The customer types: support sees it.
  await input.pressSequentially('One more thing', { delay: 60 });
  await expect(support.getByRole('status').filter({ hasText: 'User is typing...' })).toBeVisible();
  await expect(item).toContainText('User is typing...');

  // A quick reply fills the input; typing after it shows on the customer's side.
  await support.getByRole('button', { name: 'Quick reply' }).click();
  const dialog = support.getByRole('dialog', { name: 'Select a Quick Reply' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /^Greeting/ }).click();
  await expect(dialog).toBeHidden();
  const supportInput = support.getByLabel('Message', { exact: true });
  const greeting = 'Hello! Thank you for contacting CediCrypto support. How can I help you today?';
  await expect(supportInput).toHaveValue(greeting);
  await supportInput.press('End');
  await supportInput.pressSequentially(' ', { delay: 50 });
  await expect(panel.getByRole('status').filter({ hasText: 'Support is typing...' })).toBeVisible();

  // The customer closes the panel; the answer arrives: red dot, then read when opened.
  await panel.getByRole('button', { name: 'Close live support chat' }).click();
  await expect(panel).toBeHidden();
  await support.getByRole('button', { name: 'Send message' }).click();
  await expect(supportLog.getByText(greeting)).toBeVisible();
  const unreadToggle = customer.getByRole('button', { name: 'Live support chat, new message from support', exact: true });
  await expect(unreadToggle).toBeVisible();
  await expect(customer.getByTestId('chat-unread-dot')).toBeVisible();
  await unreadToggle.click();
  await expect(customerLog.getByText(greeting)).toBeVisible();
  await expect(customer.getByTestId('chat-unread-dot')).toBeHidden();
  await expect(toggle).toBeVisible();

  await customerContext.close();
  await supportContext.close();
});

test('a visitor’s contact-form message opens a conversation support answers from the inbox (docs/decisions/022)', async ({ browser }) => {
  const visitorContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const supportContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const support = await supportContext.newPage();
  const stamp = Date.now();
  const name = `Esi Visitor ${stamp}`;
  const email = `visitor${stamp}@example.com`;
  const text = `I paid but have not received my coins (${stamp}).`;

  await visitor.goto('/#/contact');
  await visitor.getByLabel('Name').fill(name);
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByLabel('Message').fill(text);
  await visitor.getByRole('button', { name: 'Send message' }).click();
  await expect(visitor.getByText(CONTACT_FORM_MSG.thanks)).toBeVisible();

  await adminLogin(support, E2E_STAFF.support.email, E2E_STAFF.support.password);
  await expect(support).toHaveURL(/#\/admin\/dashboard$/);
  await support
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: /^Live Chat/ })
    .click();
  const item = support.getByRole('list', { name: 'Conversations' }).getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText(CHAT_MSG.contactForm);
  await expect(item).toContainText(CHAT_MSG.visitor);
  await expect(item).toContainText(email);
  await expect(item).toContainText(text);
  await expect(item.getByTestId('unread-dot')).toBeVisible();

  await item.getByRole('button').click();
  await expect(support.getByRole('heading', { name })).toBeVisible();
  await expect(support.getByText(CHAT_MSG.visitorReplies(email))).toBeVisible();
  const log = support.getByRole('log', { name: `Messages with ${name}` });
  await expect(log.getByText(text, { exact: true })).toBeVisible();
  await expect(log.locator('time').first()).toHaveText(new RegExp(`^${CHAT_MSG.viaContactForm} · \\d{2}:\\d{2}$`));
  await expect(item.getByTestId('unread-dot')).toHaveCount(0);

  const answer = 'Your coins were sent this morning.';
  await support.getByLabel('Message', { exact: true }).fill(answer);
  const replied = support.waitForResponse((response) => /\/api\/admin\/chat\/conversations\/\d+\/messages$/.test(response.url()));
  await support.getByRole('button', { name: 'Send message' }).click();
  expect((await replied).status()).toBe(201);
  await expect(log.getByText(answer, { exact: true })).toBeVisible();
  await expect(item).toContainText(answer);

  await visitorContext.close();
  await supportContext.close();
});
