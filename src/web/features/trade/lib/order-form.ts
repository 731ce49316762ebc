import { z } from 'zod';
import {
  ORDER_MSG,
  PAYOUT_SHAPES,
  ZFiatAmount,
  ZFiatCurrency,
  ZOrderNotes,
  ZWalletAddress,
  type TCoinPublic,
} from '#shared/contracts/orders.js';
import { findDestinationIssues } from '#shared/contracts/order-destination.js';
import { USDT_NETWORKS } from '#shared/wallet-address.js';

/**
 * The buy and sell forms' schemas, made of the order contract's own rules and messages
 * (src/shared/contracts/orders.ts): what the browser checks is what the server checks.
 */

type TCoinName = { symbol: string; name: string };

/** Coin, currency and amount: what a quote is asked for. */
const tradeAmountShape = {
  coinSymbol: z.string(),
  fiatCurrency: ZFiatCurrency,
  amountFiat: z.string().trim().min(1, ORDER_MSG.amountRequired).pipe(ZFiatAmount),
};

/** The coin the form is on: the chosen one, or the first while none is chosen (as the select shows). */
export function findCoin<T extends TCoinName>(coins: readonly T[], symbol: string): T | null {
  return coins.find((coin) => coin.symbol === symbol) ?? coins[0] ?? null;
}

export function buyFormSchema(coins: readonly TCoinName[]) {
  return z
    .object({
      ...tradeAmountShape,
      walletAddress: ZWalletAddress,
      network: z.union([z.literal(''), z.enum(USDT_NETWORKS)]),
      destinationTag: z.string(),
      paymentMethodId: z.string().min(1, ORDER_MSG.required),
      notes: ZOrderNotes,
    })
    .superRefine((values, context) => {
      const coin = findCoin(coins, values.coinSymbol);
      if (!coin) return;
      const destination = {
        walletAddress: values.walletAddress,
        network: coin.symbol === 'usdt' && values.network ? values.network : undefined,
        destinationTag: coin.symbol === 'xrp' ? values.destinationTag : undefined,
      };
      for (const issue of findDestinationIssues(coin, destination)) {
        if (issue.field === 'network' && coin.symbol === 'usdt' && !values.network) {
          context.addIssue({ code: 'custom', path: ['network'], message: ORDER_MSG.required });
        } else {
          context.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
        }
      }
    });
}

export type TBuyFormValues = z.input<ReturnType<typeof buyFormSchema>>;

/** The networks a coin may be sold on now: those with a deposit address (`canSell`). */
export function sellableNetworks(coin: Pick<TCoinPublic, 'networks'> | null): TCoinPublic['networks'] {
  return coin ? coin.networks.filter((network) => network.canSell) : [];
}

/**
 * The network a sell order is sent on: the one chosen, or the coin's only sellable one (shown,
 * not asked). Null while the customer still has to choose, or when none is possible.
 */
export function sellNetworkOf(coin: Pick<TCoinPublic, 'networks'> | null, chosen: string): TCoinPublic['networks'][number] | null {
  const networks = sellableNetworks(coin);
  if (networks.length === 1) return networks[0] ?? null;
  return networks.find((network) => network.network === chosen) ?? null;
}

/**
 * The sell form: coin and amount, the network the customer will send on (sending on another
 * one loses the coins, so a coin with several must have one chosen), and the payout account.
 */
export function sellFormSchema(coins: readonly TCoinPublic[]) {
  return z
    .object({
      ...tradeAmountShape,
      network: z.string(),
      payout: z.discriminatedUnion('type', [z.object(PAYOUT_SHAPES.momo), z.object(PAYOUT_SHAPES.bank)]),
      notes: ZOrderNotes,
    })
    .superRefine(
      (values, context) => {
        const coin = findCoin(coins, String(values.coinSymbol));
        if (sellableNetworks(coin).length > 1 && !sellNetworkOf(coin, String(values.network))) {
          context.addIssue({ code: 'custom', path: ['network'], message: ORDER_MSG.chooseNetwork });
        }
      },
      // Judged with the other fields, not only once they all pass: the choice is never skipped unseen.
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    );
}

/** What the sell form holds: both payout kinds' fields, so switching back keeps what was typed. */
export type TSellFormValues = Omit<z.input<ReturnType<typeof sellFormSchema>>, 'payout'> & {
  payout: { type: 'momo' | 'bank'; provider: string; name: string; number: string; bankName: string; accountNumber: string };
};
