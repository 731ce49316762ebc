import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdminPaymentMethodList } from '#shared/contracts/admin.js';
import { ZPaymentMethodList } from '#shared/contracts/orders.js';
import { canAccess } from '#shared/permissions.js';
import { apiRequest } from '#web/lib/api.js';
import { useSession } from '#web/lib/session.js';

/** A business payment method as the money dialogs offer it: the account cedis arrive in or leave from. */
export type TBusinessAccount = {
  id: number;
  name: string;
  /** The provider or bank and the number: which account it is. */
  detail: string;
  isEnabled: boolean;
};

/**
 * The business's MoMo wallets and bank accounts (issue 28 point 2). The Payment Methods area's list
 * has them all, disabled ones too; a role without that area (support) reads the methods customers
 * are offered, the enabled ones.
 */
async function listBusinessAccounts(all: boolean, signal?: AbortSignal): Promise<TBusinessAccount[]> {
  const methods = all
    ? (await apiRequest('/api/admin/payment-methods', { schema: ZAdminPaymentMethodList, operation: 'Loading payment methods', signal }))
        .paymentMethods
    : (
        await apiRequest('/api/payment-methods', { schema: ZPaymentMethodList, operation: 'Loading payment methods', signal })
      ).paymentMethods.map((method) => ({ ...method, isEnabled: true }));
  return methods.map((method) => ({
    id: method.id,
    name: method.name,
    detail:
      method.details.type === 'momo'
        ? `${method.details.provider} ${method.details.number}`
        : `${method.details.bankName} ${method.details.accountNumber}`,
    isEnabled: method.isEnabled,
  }));
}

/**
 * `all`: the Payment Methods area's list; otherwise the enabled methods. Not under the orders' key:
 * a decision re-reads the orders, not the accounts. In memory only (decisions/013 D10).
 */
export const businessAccountsKey = (all: boolean) => ['admin', 'business-accounts', all ? 'all' : 'enabled'] as const;

export function useBusinessAccounts() {
  const all = canAccess(useSession().user?.role, 'paymentMethods');
  return useQuery(
    queryOptions({
      queryKey: businessAccountsKey(all),
      queryFn: ({ signal }) => listBusinessAccounts(all, signal),
      staleTime: 60_000,
    }),
  );
}

/** 'MTN MoMo business · MTN MoMo 0241112222', with '(disabled)' after one customers are not offered. */
export function businessAccountLabel(account: TBusinessAccount): string {
  return `${account.name} · ${account.detail}${account.isEnabled ? '' : ' (disabled)'}`;
}
