import { expect, test } from '@playwright/test';
import { STATEMENT_MSG } from '#shared/contracts/statements.js';
import { MTN_HEADER, mtnLine } from '#test/helpers/statements.js';
import { adminLogin, E2E_STAFF, paidBuyInBrowser } from './support.js';

/*
 * Statement import and reconciliation (issue 28 point 5, docs/decisions/039) at 1366x768: a customer
 * pays a MoMo buy; the manager imports the wallet's MTN statement holding that payment and an
 * unrelated one; the payment is matched to the order, the unrelated money waits in the exceptions
 * queue and is written off with a reason; the same file again changes nothing; a file with a bad
 * line is refused with the line named.
 */

test('the manager imports a MoMo statement: the payment is matched, the unrelated money is written off from the queue', async ({
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const admin = await adminContext.newPage();
  await adminLogin(admin);
  const { orderId, methodName, context } = await paidBuyInBrowser(browser, admin, baseURL!, {
    amountGhs: '140',
    methodPrefix: 'Statement MoMo',
    payerNumber: '0245550123',
  });
  await context.close();
  const order = (await (await admin.request.get(`/api/admin/orders/${orderId}`)).json()) as {
    order: { paymentReference: string; amountGhs: string; submittedAt: string };
  };
  await adminContext.close();

  const stamp = Date.now();
  const unrelatedId = `49${String(stamp).slice(-9)}`;
  const when = order.order.submittedAt.slice(0, 19).replace('T', ' ');
  // The method's wallet number is addMomoMethod's 0241234567.
  const own = 'FRI:233241234567/MSISDN';
  const csv = [
    MTN_HEADER,
    mtnLine({
      id: `48${String(stamp).slice(-9)}`,
      date: when,
      note: order.order.paymentReference,
      from: 'FRI:233245550123/MSISDN',
      to: own,
      amount: order.order.amountGhs,
      balance: '5140.00',
    }),
    mtnLine({ id: unrelatedId, date: when, note: 'rent', from: 'FRI:233209998877/MSISDN', to: own, amount: '33.00', balance: '5173.00' }),
  ].join('\r\n');

  const managerContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const manager = await managerContext.newPage();
  await adminLogin(manager, E2E_STAFF.manager.email, E2E_STAFF.manager.password);
  await manager.goto('/#/admin/statements');
  await expect(manager.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();

  const importForm = manager.getByRole('region', { name: 'Import a statement' });
  await importForm.getByLabel('Business account').selectOption({ label: `${methodName} (MoMo)` });
  await expect(importForm.getByLabel('File format')).toHaveValue('mtn');
  const file = importForm.getByLabel('Statement file (CSV)');
  await file.setInputFiles({ name: 'momo-statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await importForm.getByRole('button', { name: 'Import statement' }).click();
  await expect(importForm.getByRole('status')).toContainText(STATEMENT_MSG.imported(2, 0));
  await expect(importForm.getByRole('status')).toContainText('Matched: 1');

  // The unrelated money is an open item of the queue; written off with a reason, it leaves it.
  const queue = manager.getByRole('region', { name: 'Exceptions queue' });
  const row = queue.getByRole('row').filter({ hasText: unrelatedId });
  await expect(row).toContainText('Money received with no order');
  await row.getByRole('button', { name: /^Write off item \d+$/ }).click();
  const dialog = manager.getByRole('dialog', { name: /^Write off: item \d+$/ });
  await dialog.getByRole('button', { name: 'Write off' }).click();
  await expect(dialog.getByText(STATEMENT_MSG.reasonRequired)).toBeVisible();
  await dialog.getByLabel('Reason').fill('Tenant paid the wrong number; returned by the landlord directly');
  await dialog.getByRole('button', { name: 'Write off' }).click();
  await expect(dialog).toBeHidden();
  await expect(queue.getByRole('row').filter({ hasText: unrelatedId })).toHaveCount(0);

  // The import's lines: the payment is the order's.
  const imports = manager.getByRole('region', { name: 'Imported statements' });
  await imports
    .getByRole('row')
    .filter({ hasText: 'momo-statement.csv' })
    .first()
    .getByRole('button', { name: /^Show the lines of import \d+$/ })
    .click();
  const lines = imports.getByRole('table', { name: /^Lines of import \d+/ });
  await expect(lines.getByRole('row').filter({ hasText: '245550123' })).toContainText(`Matched: order #${orderId}`);
  await expect(lines.getByRole('row').filter({ hasText: unrelatedId })).toContainText('Written off');

  // The same file again changes nothing; a bad line is named, and nothing of that file is kept.
  await file.setInputFiles({ name: 'momo-statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await importForm.getByRole('button', { name: 'Import statement' }).click();
  await expect(importForm.getByRole('status')).toContainText(STATEMENT_MSG.alreadyImported);
  const bad = [
    MTN_HEADER,
    mtnLine({ id: `47${String(stamp).slice(-9)}`, date: '31/02/2026 10:00', from: 'x', to: own, amount: '10' }),
  ].join('\n');
  await file.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await importForm.getByRole('button', { name: 'Import statement' }).click();
  const refusal = importForm.getByRole('alert');
  await expect(refusal).toContainText(STATEMENT_MSG.badLines(1));
  await expect(refusal).toContainText(`Line 2: ${STATEMENT_MSG.lineDate('31/02/2026 10:00')}`);
  await managerContext.close();
});
