import { z } from 'zod';
import { ZDecimalString } from './common.js';
import { ZAdminOrder, ZOrder } from './orders.js';

/** Customer portfolio: net completed holdings valued at the base price (docs/product.md §9). */
export const ZPortfolio = z.object({
  holdings: z.array(z.object({ symbol: z.string(), amountCrypto: ZDecimalString, valueGhs: ZDecimalString })),
  totalGhs: ZDecimalString,
  /** Change of the total against the same holdings at the prices of 24 h ago, in percent; null while a held coin has none ('0.00' holding nothing). */
  change24hPercent: ZDecimalString.nullable(),
  recentOrders: z.array(ZOrder),
});
export type TPortfolio = z.infer<typeof ZPortfolio>;

export const ZAdminDashboard = z.object({
  totalUsers: z.number(),
  pendingOrders: z.number(),
  totalVolumeUsd: ZDecimalString,
  totalVolumeGhs: ZDecimalString,
  /** The last 7 days (Africa/Accra), oldest first, completed volume per day. */
  volumeByDay: z.array(z.object({ day: z.string(), volumeUsd: ZDecimalString })),
  recentOrders: z.array(ZAdminOrder),
  /**
   * Issue 28 point 6: the fees of the orders completed today and this month (Africa/Accra days, by
   * the time they were completed), each order's fee in cedis and dollars as its quote showed it,
   * summed. Null for the roles without the treasury area (support, compliance).
   */
  revenue: z
    .object({
      todayGhs: ZDecimalString,
      todayUsd: ZDecimalString,
      todayOrders: z.number().int(),
      monthGhs: ZDecimalString,
      monthUsd: ZDecimalString,
      monthOrders: z.number().int(),
    })
    .strict()
    .nullable(),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;
