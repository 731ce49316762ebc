import { z } from 'zod';
import { ZAdminCoin, ZAdminPaymentMethod, ZCoinUpdate, ZPaymentMethodInput } from './admin.js';

/**
 * Four eyes on money destinations (issue 27 point 3, docs/decisions/030): a change of where buyers
 * pay (a payment method's account) or where sellers send (a coin's deposit addresses) waits for a
 * second Super Admin or Manager, or, when the requester is the only one, for the cooling-off
 * period of Settings.
 */
export const DESTINATION_KINDS = ['payment_method', 'deposit_address'] as const;
export type TDestinationKind = (typeof DESTINATION_KINDS)[number];
export const DESTINATION_STATUSES = ['pending', 'applied', 'rejected', 'cancelled'] as const;
export type TDestinationStatus = (typeof DESTINATION_STATUSES)[number];

export const DESTINATION_MSG = {
  codeRequired: 'Enter the 6-digit code from your authenticator app to confirm a change of where money goes.',
  requested: 'Change requested. It takes effect when another Super Admin or Manager approves it.',
  requestedAlone: (at: string) =>
    `Change requested. No other Super Admin or Manager can approve it, so it takes effect on ${at} unless it is rejected.`,
  formNotice:
    'A change of the account number, account name or bank waits for another Super Admin or Manager to approve it, and every admin is emailed.',
  newMethodNotice:
    'A new payment method is offered to buyers only after another Super Admin or Manager approves it, and every admin is emailed.',
  enableNotice: (name: string) =>
    `Buyers will pay into ${name} again only after another Super Admin or Manager approves it, and every admin is emailed.`,
  coinFormNotice: 'A change of a deposit address waits for another Super Admin or Manager to approve it, and every admin is emailed.',
  alreadyPending: 'A change of this destination is already waiting for approval. Approve, reject or cancel it first.',
  ownChange: 'You asked for this change: another Super Admin or Manager must approve it.',
  alreadyDecided: 'This change was already approved, rejected or cancelled.',
  stale: 'This destination was changed since the request, so the change can no longer be applied. Reject it and ask again.',
  notFound: 'Change not found.',
  approved: 'Change approved. It is in force now.',
  rejected: 'Change rejected.',
  cancelled: 'Change cancelled.',
} as const;

/** The requester's (or approver's) second factor: an authenticator code or a backup code. */
export const ZSecondFactorCode = z.string().trim().min(1, DESTINATION_MSG.codeRequired).max(40, DESTINATION_MSG.codeRequired);

/** PUT/POST /api/admin/payment-methods: the method, and the code when its account changes or it is new (docs/decisions/035). */
export const ZPaymentMethodRequest = ZPaymentMethodInput.extend({ code: ZSecondFactorCode.optional() }).strict();
export type TPaymentMethodRequest = z.infer<typeof ZPaymentMethodRequest>;
/** PATCH /api/admin/payment-methods/:id: on or off; turning a method back on waits for approval and needs the code (docs/decisions/035). */
export const ZPaymentMethodToggleRequest = z.object({ isEnabled: z.boolean(), code: ZSecondFactorCode.optional() }).strict();
/** PATCH /api/admin/coins/:id: the update, and the code when a deposit address is replaced or removed. */
export const ZCoinRequest = ZCoinUpdate.extend({ code: ZSecondFactorCode.optional() }).strict();
export type TCoinRequest = z.infer<typeof ZCoinRequest>;

export const ZDestinationChange = z.object({
  id: z.number(),
  kind: z.enum(DESTINATION_KINDS),
  targetId: z.string().nullable(),
  targetLabel: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()),
  status: z.enum(DESTINATION_STATUSES),
  requestedBy: z.object({ id: z.string(), name: z.string() }),
  requestedAt: z.string(),
  /** When it takes effect by itself (the requester was the only admin able to approve); null: it waits for approval. */
  lapsesAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type TDestinationChange = z.infer<typeof ZDestinationChange>;
export const ZDestinationChangeList = z.object({ changes: z.array(ZDestinationChange) });
export const ZDestinationChangeResponse = z.object({ change: ZDestinationChange });
export const ZDestinationDecision = z.object({ code: ZSecondFactorCode }).strict();
export const ZDestinationCancel = z.object({}).strict();
export const ZPaymentMethodResponseWithChange = z.object({
  paymentMethod: ZAdminPaymentMethod,
  pendingChange: ZDestinationChange.nullable(),
});
export const ZCoinResponseWithChange = z.object({ coin: ZAdminCoin, pendingChange: ZDestinationChange.nullable() });
