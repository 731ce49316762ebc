/**
 * Every error code the API answers with, and its HTTP status: one list read by the server (which
 * throws them) and the web app (which switches on them). Code decides behaviour; the message is
 * only ever shown to the person. Dependency-free: the web app loads it on every page.
 */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  INVALID_TOKEN: 400,
  /** The one answer that means "you have no session": the only code that signs the browser out. */
  UNAUTHENTICATED: 401,
  /** A wrong password or second-factor code: a field error, never a sign-out. */
  INVALID_CREDENTIALS: 401,
  /** The password step of a two-factor sign-in is too old; start the sign-in again. */
  SIGN_IN_EXPIRED: 401,
  /** A second-factor code that was already used once: start the sign-in again. */
  CODE_REUSED: 401,
  FORBIDDEN: 403,
  CROSS_SITE: 403,
  ADMIN_LOGIN_REQUIRED: 403,
  NOT_ADMIN: 403,
  TWO_FACTOR_REQUIRED: 403,
  /** Enrolling again after a second-factor reset needs the emailed setup link (issue 26). */
  TWO_FACTOR_LINK_REQUIRED: 403,
  BANNED: 403,
  /** A customer's order before their email address is confirmed (issue 26 point 5, docs/decisions/024). */
  EMAIL_NOT_VERIFIED: 403,
  /** Sign-ups from this address or network passed their allowance: solve the proof-of-work check (docs/decisions/024). */
  CHALLENGE_REQUIRED: 429,
  /** A proof-of-work solution that is wrong, expired, or already used. */
  CHALLENGE_INVALID: 400,
  NOT_FOUND: 404,
  /** A reveal of a message whose link or code is no longer kept: delivered, or expired (docs/decisions/021). */
  SECRET_GONE: 410,
  /** Turning on two-factor when it is on, or off when it is off. */
  TWO_FACTOR_ALREADY_ON: 409,
  TWO_FACTOR_NOT_ON: 409,
  /** Retrying a background job that is not failed (any more): retried already, by a double click or another admin (docs/decisions/052). */
  JOB_NOT_FAILED: 409,
  /** The coin is disabled or unknown: the market changed under the form. */
  COIN_UNAVAILABLE: 409,
  /** The coin has no deposit address yet, so it cannot be sold. */
  WALLET_NOT_CONFIGURED: 409,
  PAYMENT_METHOD_UNAVAILABLE: 409,
  /** Another staff member decided this order first (it is no longer pending). */
  ORDER_ALREADY_DECIDED: 409,
  /** "I have paid", "I have sent" or the customer's cancel on an order no longer waiting for the customer. */
  ORDER_NOT_AWAITING: 409,
  /** "I have sent" with another hash than the deposit a chain watcher saw (docs/decisions/058). */
  TX_HASH_NOT_DETECTED: 409,
  /** A change of the transaction id of an order that has none yet ("I have paid" not done). */
  ORDER_NOT_SUBMITTED: 409,
  /** The order's time to pay (or send) ran out. */
  ORDER_EXPIRED: 409,
  /** Another staff member decided this KYC submission first. */
  KYC_ALREADY_DECIDED: 409,
  /** The customer already has a submission waiting for review, or is verified. */
  KYC_ALREADY_SUBMITTED: 409,
  KYC_ALREADY_VERIFIED: 409,
  /** The ID (or Ghana Card) number is on another account's submission under review or approved (docs/decisions/016). */
  KYC_ID_TAKEN: 409,
  /** The invitation was accepted already: the admin is active. */
  INVITATION_ALREADY_ACCEPTED: 409,
  /** A ban of an account that is banned already (nothing changes, nothing is audited). */
  USER_ALREADY_BANNED: 409,
  /** An unban of an account that is not banned (nothing changes, nothing is audited). */
  USER_NOT_BANNED: 409,
  /** The quote an order names is unknown to this customer or for the other side: get a new quote. */
  QUOTE_INVALID: 409,
  /** The quote an order names has expired: get a new quote. */
  QUOTE_EXPIRED: 409,
  /** The quote an order names was used by another order: get a new quote. */
  QUOTE_USED: 409,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  /** Resend of a confirmation link for an address that is confirmed already. */
  EMAIL_ALREADY_VERIFIED: 409,
  /** The order has an open, or escalated and unreleased, compliance hold: it cannot be approved until compliance clears or releases it. */
  ORDER_ON_HOLD: 409,
  /** Staff cancel of an order an escalated compliance hold still holds (docs/decisions/017): compliance releases it first. */
  ORDER_UNDER_REVIEW: 409,
  /**
   * Support approving or cancelling an order a compliance hold keeps waiting (issue 26 point 12): the
   * same refusal as ORDER_ON_HOLD / ORDER_UNDER_REVIEW, in words that do not reveal a review.
   */
  ORDER_WAITING: 409,
  /** Claim, then pay (docs/decisions/029): another staff member's live claim holds this paid order; the message names them. */
  ORDER_CLAIMED: 409,
  /** Approve without a live claim of one's own (never claimed, released, taken over or lapsed): claim it first. */
  ORDER_NOT_CLAIMED: 409,
  /** The customer's account is closed or banned: the order is not claimed or paid out (issue 27 point 2). */
  ORDER_ACCOUNT_BLOCKED: 409,
  /** Releasing a hold that is not an escalated, unreleased 'hold' alert (an open one is cleared instead). */
  HOLD_NOT_RELEASABLE: 409,
  /** Another compliance officer cleared or escalated this alert first. */
  ALERT_ALREADY_DECIDED: 409,
  /** The suspicious-activity case was already marked filed. */
  CASE_ALREADY_FILED: 409,
  /** Placing a legal hold on a customer already on one, or lifting one that is not there (docs/decisions/074). */
  LEGAL_HOLD_CONFLICT: 409,
  /** goAML export (docs/decisions/077): no FIC reporting entity id set yet, or nothing to report. */
  GOAML_NOT_CONFIGURED: 409,
  GOAML_NO_TRANSACTIONS: 409,
  /** Closing an account that is closed already. */
  ACCOUNT_ALREADY_CLOSED: 409,
  /** Closing an account with paid orders not yet approved or refunded (issue 27 point 2). */
  ACCOUNT_HAS_PAID_ORDERS: 409,
  /** Unbanning a closed account: closing is final (docs/decisions/017); the records stay for the retention period. */
  ACCOUNT_CLOSED: 409,
  /** A payment transaction id (or one that only looks different) that a live order already has. */
  TX_ID_USED: 409,
  /** A payout reference already recorded on another order (issue 28 point 1). */
  PAYOUT_REFERENCE_USED: 409,
  /** Issue 28 points 2 and 3 (docs/decisions/038): confirm, then pay out or refund. */
  REFUND_REFERENCE_USED: 409,
  ORDER_NOT_CONFIRMABLE: 409,
  ORDER_NOT_REFUNDABLE: 409,
  /** A submitted order paid out or refunded without the confirmation of what arrived. */
  CONFIRMATION_REQUIRED: 400,
  /** Above the two-people amount: the one who confirmed the payment does not pay it out. */
  TWO_PEOPLE_REQUIRED: 409,
  /** The amount received is not the amount ordered: staff choose how to settle it. */
  SETTLE_REQUIRED: 400,
  /** A payment method that statements or SMS forwarders still name: it is turned off, not deleted. */
  PAYMENT_METHOD_IN_USE: 409,
  /** A change of an order's status the transition table does not list (src/shared/order-transitions.ts). */
  TRANSITION_NOT_ALLOWED: 409,
  /** "Pay with MTN MoMo" (docs/decisions/060): the provider is off, or the order is not a buy paid to an MTN MoMo account. */
  MOMO_NOT_AVAILABLE: 409,
  /** A payment prompt of the order is still pending at the provider. */
  MOMO_ALREADY_PENDING: 409,
  /** A sell the auto-payout policy is paying out, or paid (docs/decisions/061): staff do not pay or refund it. */
  AUTO_PAYOUT_UNDER_WAY: 409,
  /** Phone verification (issue 18): the number is already verified on this account. */
  PHONE_ALREADY_VERIFIED: 409,
  /** The right code, for a number verified on another account: a verified number belongs to one account (docs/decisions/016, 027). */
  PHONE_TAKEN: 409,
  /** A wrong one-time code: the message says how many tries are left. */
  PHONE_CODE_WRONG: 400,
  /** No code to try any more (none sent, expired, used, or too many wrong tries): ask for a new one. */
  PHONE_CODE_EXPIRED: 409,
  /** Four eyes on money destinations (docs/decisions/030): the change was approved, rejected or cancelled first. */
  CHANGE_ALREADY_DECIDED: 409,
  /** A second change of a destination while one waits for approval. */
  CHANGE_ALREADY_PENDING: 409,
  /** Signing off a settlement day that has not ended yet (Africa/Accra, issue 28 point 6). */
  SETTLEMENT_DAY_NOT_OVER: 409,
  /** Signing off a settlement day that was signed off before: once, by whoever was first. */
  SETTLEMENT_ALREADY_SIGNED: 409,
  /** Approving one's own change of a destination: another admin must. */
  OWN_CHANGE: 403,
  /** The destination changed since the change was asked: it can no longer be applied. */
  CHANGE_STALE: 409,
  /** Assigning a conversation whose assignee changed since the agent looked (docs/decisions/034): two at once, one wins. */
  CONVERSATION_ASSIGNED: 409,
  /** Support changing the assignment of a conversation another staff member has (only a super admin may). */
  CONVERSATION_NOT_YOURS: 403,
  /** Assigning to someone who does not answer chats, or assigning a visitor's conversation. */
  ASSIGNEE_INVALID: 400,
  /** Statement reconciliation (docs/decisions/039): another staff member resolved this exception first. */
  EXCEPTION_ALREADY_RESOLVED: 409,
  /** The statement line already pays an order, or the order already has its statement line. */
  STATEMENT_LINE_TAKEN: 409,
  /** The SMS forwarder's webhook (docs/decisions/059): no device with this id. */
  SMS_FORWARDER_UNKNOWN: 404,
  /** The device was revoked in the back-office. */
  SMS_FORWARDER_REVOKED: 403,
  /** X-Signature is missing or is not the HMAC of the body and X-Timestamp with the device's secret. */
  SMS_SIGNATURE_INVALID: 401,
  /** X-Timestamp is more than 5 minutes from the server's clock. */
  SMS_TIMESTAMP_STALE: 401,
  /** The same request (event id or body) was received before. */
  SMS_REPLAYED: 409,
  /** Revoking a forwarder that is revoked already. */
  SMS_FORWARDER_ALREADY_REVOKED: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** The body did not arrive in time (docs/decisions/020); the connection is closed. */
  REQUEST_TIMEOUT: 408,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** An Idempotency-Key sent again with a different body. */
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type TErrorCode = keyof typeof ERROR_STATUS;

/** Codes the web app makes itself when no server answer arrived or it could not be read. */
export const CLIENT_ERROR_CODES = ['TIMEOUT', 'NETWORK', 'BAD_RESPONSE', 'UNEXPECTED', 'ABORTED'] as const;
export type TClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

export function isErrorCode(value: string): value is TErrorCode {
  return Object.hasOwn(ERROR_STATUS, value);
}

/** An answer to an order whose quote cannot be used: each of these means "get a new quote". */
export function isQuoteRefusal(code: string): boolean {
  return code === 'QUOTE_INVALID' || code === 'QUOTE_EXPIRED' || code === 'QUOTE_USED';
}
