import { z } from 'zod';

/**
 * The back office's live socket, /api/admin/live/socket (issue 27 point 6, docs/decisions/032):
 * what changed, never what it says. Each staff socket hears only what its role may see
 * (src/shared/permissions.ts): a role without the compliance desk never hears of an alert, a
 * hold or a case (tipping-off); a hold placed or released reaches the order screens only as
 * "order changed, read it again".
 */
export const ZStaffLiveEvent = z.discriminatedUnion('type', [
  /** A KYC submission was made or decided: the KYC lists read again (the `kyc` area). */
  z.object({ type: z.literal('kyc') }),
  /** An alert, a hold or a case changed: the desk and its menu count read again (the `compliance` area). */
  z.object({ type: z.literal('compliance') }),
  /** Order `orderId` changed in a way its status does not show: its screens read it again (`orderViews`). */
  z.object({ type: z.literal('order'), orderId: z.number().int() }),
  /** Order `orderId` now waits for staff: paid, or coins sent (the `orders` area; the optional notification). */
  z.object({ type: z.literal('paid'), orderId: z.number().int() }),
  /** A chat message or read mark in a conversation: the unread badge reads again (the `chat` area). */
  z.object({ type: z.literal('chat'), conversationId: z.number().int(), fromCustomer: z.boolean() }),
  /** A change of where money goes was asked, approved, rejected, cancelled or applied (`destinationChanges`, docs/decisions/035). */
  z.object({ type: z.literal('destination') }),
  /** Events may have been missed: read everything again. */
  z.object({ type: z.literal('resync') }),
]);
export type TStaffLiveEvent = z.infer<typeof ZStaffLiveEvent>;

/** A staff member's live notifications: off by default, kept on the server (docs/decisions/032). */
export const ZStaffNotificationSettings = z
  .object({
    /** A short sound for a new paid order, a new chat and an overdue case. */
    sound: z.boolean(),
    /** A desktop notification for the same (the browser asks for permission when it is switched on). */
    desktop: z.boolean(),
  })
  .strict();
export type TStaffNotificationSettings = z.infer<typeof ZStaffNotificationSettings>;

/** The texts of the staff notifications and their settings (docs/decisions/032). */
export const STAFF_LIVE_MSG = {
  paidOrder: (orderId: number) => `Order #${orderId} is waiting for you.`,
  newChat: 'A customer wrote in Live Chat.',
  overdueCase: 'A compliance case is past its 24-hour deadline.',
  notificationTitle: 'CediCrypto Admin',
  soundLabel: 'Play a sound',
  desktopLabel: 'Show a desktop notification',
  description:
    'For a new paid order, a new chat message and an overdue case, while a back-office page is open. Off unless you switch it on.',
  permissionDenied:
    'Your browser blocks notifications for this site. Allow them in the browser’s site settings, then switch this on again.',
  unsupported: 'This browser cannot show desktop notifications.',
  saved: 'Notification settings saved.',
} as const;
