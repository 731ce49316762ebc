import { Link } from '#web/lib/router.js';
import { CHAT_MSG } from '#shared/contracts/chat.js';
import { ORDER_STATUS_LABELS } from '#shared/contracts/orders.js';
import { formatFiat } from '#shared/format.js';
import { KycBadge } from '#web/components/kyc-badge.js';
import { paths } from '#web/lib/paths.js';
import { useChatCustomerContext } from '#web/features/admin/chat/api/chat-admin.js';

/** The Order Management list searched for one order ('#12'), as the other back-office links do. */
function orderHref(id: number): string {
  return `${paths.admin.orders.getHref()}?${new URLSearchParams({ q: `#${id}` }).toString()}`;
}

/**
 * Beside the open conversation (issue 27 point 7, docs/decisions/034): the customer's tier and KYC
 * status and their last orders as the customer sees them, each linked to the order. The answer
 * holds nothing of compliance (no hold, alert or case: tipping-off), so nothing here can show it.
 */
export function CustomerContext({ conversationId }: { conversationId: number }) {
  const query = useChatCustomerContext(conversationId);
  if (query.isPending) return null;
  if (query.isError) return <p className="border-b border-slate-200 bg-white px-4 py-2 text-sm text-red-700">{query.error.message}</p>;
  const { customer, orders } = query.data;
  return (
    <section aria-label={CHAT_MSG.customerHeading} className="border-b border-slate-200 bg-white px-4 py-2 text-sm">
      {customer === null ? (
        <p className="text-slate-600">{CHAT_MSG.visitorNoAccount}</p>
      ) : (
        <div className="flex min-w-0 items-center gap-3">
          <p className="flex shrink-0 items-center gap-2 font-medium text-slate-800">
            <span>{CHAT_MSG.tier(customer.tier)}</span>
            <KycBadge status={customer.kycStatus} />
          </p>
          {orders.length === 0 ? (
            <p className="text-slate-600">{CHAT_MSG.noOrders}</p>
          ) : (
            <ul aria-label={CHAT_MSG.lastOrders} className="flex min-w-0 gap-2 overflow-x-auto py-1">
              {orders.map((order) => (
                <li key={order.id} className="shrink-0">
                  <Link
                    to={orderHref(order.id)}
                    className="inline-block rounded-md border border-slate-200 px-2 py-1 text-xs whitespace-nowrap text-slate-800 hover:bg-slate-50"
                  >
                    <span className="font-semibold">#{order.id}</span> {order.type === 'buy' ? 'Buy' : 'Sell'}{' '}
                    {order.coinSymbol.toUpperCase()} · {formatFiat(order.amountFiat, order.fiatCurrency)} ·{' '}
                    {ORDER_STATUS_LABELS[order.status]}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
