import { expect } from 'vitest';
import type { TDestinationChange } from '#shared/contracts/destination-changes.js';
import { SUPER_ADMIN, type TTestApp } from './test-app';

/**
 * A coin's watch-only key on a network, as the Currencies page sets it (docs/decisions/056): asked
 * for by a manager with their second factor, approved by the super admin (four eyes on where money
 * goes). Then each new sell of the coin on that network gets an address of its own.
 */
export async function setDepositKey(
  t: TTestApp,
  people: { admin: string; manager: { email: string; cookie: string } },
  coinSymbol: string,
  network: string,
  key: string,
): Promise<void> {
  const coins = (await t.request({ method: 'GET', url: '/api/admin/coins', cookie: people.admin })).json().coins as {
    id: number;
    symbol: string;
  }[];
  const coin = coins.find((each) => each.symbol === coinSymbol);
  if (!coin) throw new Error(`no coin ${coinSymbol}`);
  const asked = await t.request({
    method: 'PATCH',
    url: `/api/admin/coins/${coin.id}`,
    cookie: people.manager.cookie,
    payload: { depositKeys: { [network]: key }, code: t.secondFactorCode(people.manager.email) },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const approved = await t.request({
    method: 'POST',
    url: `/api/admin/destination-changes/${(asked.json().pendingChange as TDestinationChange).id}/approve`,
    cookie: people.admin,
    payload: { code: t.secondFactorCode(SUPER_ADMIN.email) },
  });
  expect(approved.statusCode, approved.body).toBe(200);
}
