import { html, toHtmlString, trustedHtml, type TSafeHtml } from '#server/lib/html.js';
import { markSecret } from './secrets.js';
import type { TDeliveryPriority } from '#server/lib/outbox.js';
import { ORDER_MSG, type TPayTo } from '#shared/contracts/orders.js';
import { formatGhs } from '#shared/format.js';
import { DEFAULT_TIER0_LIMIT_USD, formatTier0Limit, TIER_MSG } from '#shared/contracts/tiers.js';
import { networkLabel } from '#shared/networks.js';
import { PER_ORDER_ADDRESS_NOTE } from '#shared/deposit-keys.js';
import { paths } from '#shared/app-paths.js';
import { COMPANY_LABELS, companyNumbersLine, type TCompanyDetails } from '#shared/company.js';

/**
 * Email templates rendered to HTML on the server with the `html` tag (html.ts): every value they
 * interpolate is escaped by default, since names and notes come from customers. Tokens in links
 * are marked (TSecretUrl).
 */
export type TRenderedEmail = {
  /** Which mails go first when many wait (lib/outbox.ts DELIVERY_PRIORITY). */
  priority: TDeliveryPriority;
  subject: string;
  body: string;
};

/**
 * A link that ends in a secret token (password reset, invitation): `base` then the token. The
 * token is marked in the stored body, so that staff views of the email log mask it (secrets.ts).
 */
export type TSecretUrl = { base: string; secret: string };

function renderUrl(url: string | TSecretUrl): TSafeHtml {
  if (typeof url === 'string') return html`${url}`;
  // The marker wraps the escaped token: markSecret adds only its own comments.
  return html`${url.base}${trustedHtml(markSecret(toHtmlString(html`${encodeURIComponent(url.secret)}`)))}`;
}

/**
 * Who sent a receipt (issue 16): the company's name, registration and licence numbers, street
 * address and how to reach support, each only when set (src/shared/company.ts).
 */
function companyFooter(company: TCompanyDetails): TSafeHtml {
  const reach = [
    company.supportEmail && `${COMPANY_LABELS.supportEmail}: ${company.supportEmail}`,
    company.supportPhone && `${COMPANY_LABELS.supportPhone}: ${company.supportPhone}`,
    company.whatsappNumber && `WhatsApp: ${company.whatsappNumber}`,
  ].filter(Boolean);
  const lines = [company.companyName || 'CediCrypto', companyNumbersLine(company), company.streetAddress, reach.join(' · ')].filter(
    Boolean,
  );
  return html`<p style="font-size:12px;color:#64748b;margin-top:32px">
    ${lines.map((line, index) => (index === 0 ? html`${line}` : html`<br />${line}`))}
  </p>`;
}

/**
 * Paragraphs given as strings are text (escaped); markup comes only from `html`. A receipt
 * (`company` given) ends with who sent it.
 */
function layout(
  title: string,
  paragraphs: readonly (string | TSafeHtml)[],
  action?: { label: string; url: string | TSecretUrl },
  company?: TCompanyDetails,
  /** Why the reader got the email, when not because of their account (a contact-form visitor). */
  reason = 'You received this email because of activity on your CediCrypto account.',
): string {
  const url = action ? renderUrl(action.url) : html``;
  const button = action
    ? html`<p style="margin:24px 0">
          <a
            href="${url}"
            style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block"
            >${action.label}</a
          >
        </p>
        <p style="font-size:13px;color:#475569">If the button does not work, copy this link into your browser:<br />${url}</p>`
    : html``;
  return toHtmlString(
    html`<!doctype html>
      <html>
        <body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px">
          <h1 style="font-size:20px;color:#0f766e">CediCrypto</h1>
          <h2 style="font-size:18px">${title}</h2>
          ${paragraphs.map((p) => html`<p style="line-height:1.5">${p}</p>`)} ${button}
          ${
            company
              ? html`${companyFooter(company)}
                  <p style="font-size:12px;color:#64748b;margin-top:8px">${reason}</p>`
              : html`<p style="font-size:12px;color:#64748b;margin-top:32px">CediCrypto, Accra, Ghana. ${reason}</p>`
          }
        </body>
      </html>`,
  );
}

/** `tier0LimitUsd`: the setting (docs/decisions/016); the $20 of docs/product.md §9 when not given. */
export function renderWelcomeEmail(input: { fullName: string; appUrl: string; tier0LimitUsd?: string }): TRenderedEmail {
  const limit = formatTier0Limit(input.tier0LimitUsd ?? DEFAULT_TIER0_LIMIT_USD);
  return {
    priority: 'notice',
    subject: 'Welcome to CediCrypto',
    body: layout(
      `Welcome, ${input.fullName}!`,
      [
        'Your account is ready. You can buy and sell Bitcoin, Ether, USDT and more with mobile money or bank transfer.',
        `Until your identity is verified you can trade up to ${limit} in total. Verify your phone and identity (KYC) for daily and monthly limits in cedis; reviews take 24-48 hours.`,
      ],
      { label: 'Go to your dashboard', url: `${input.appUrl}/#/dashboard` },
    ),
  };
}

/** How long an emailed verification link works (issue 26 point 5, docs/decisions/024). */
export const VERIFY_EMAIL_LINK_HOURS = 24;

/**
 * The link of a new sign-up (or of Resend) that proves the address (issue 26 point 5,
 * docs/decisions/024): it verifies the address and signs the person in, once.
 */
export function renderVerifyEmailEmail(input: { fullName: string; verifyUrl: TSecretUrl }): TRenderedEmail {
  return {
    priority: 'account',
    subject: 'Confirm your email address for CediCrypto',
    body: layout(
      'Confirm your email address',
      [
        `Hello ${input.fullName},`,
        'Thank you for creating a CediCrypto account. Confirm this email address with the link below to place your first order.',
        `The link is valid for ${VERIFY_EMAIL_LINK_HOURS} hours and signs you in.`,
        'If you did not create a CediCrypto account, you can ignore this email: nothing happens without the link.',
      ],
      { label: 'Confirm my email', url: input.verifyUrl },
    ),
  };
}

/**
 * To the owner of an address someone tried to sign up with again (issue 26 point 7): the sign-up
 * answers the same as for a new address, and only the owner learns that an account exists.
 */
export function renderSignupAttemptEmail(input: { fullName: string; appUrl: string }): TRenderedEmail {
  return {
    priority: 'account',
    subject: 'Someone tried to create a CediCrypto account with your email',
    body: layout(
      'You already have an account',
      [
        `Hello ${input.fullName},`,
        'Someone just tried to create a new CediCrypto account with this email address. No new account was created: your account stays as it is.',
        `If it was you, log in with your password at ${input.appUrl}/#/login. If you forgot it, choose a new one with the link below.`,
        'If it was not you, you can ignore this email.',
      ],
      { label: 'Reset your password', url: `${input.appUrl}/#/forgot-password` },
    ),
  };
}

export function renderPasswordResetEmail(input: { fullName: string; resetUrl: TSecretUrl }): TRenderedEmail {
  return {
    priority: 'account',
    subject: 'Reset your CediCrypto password',
    body: layout(
      'Reset your password',
      [
        `Hello ${input.fullName},`,
        'We received a request to reset your password. The link below is valid for one hour and can be used once.',
        'If you did not ask for this, you can ignore this email; your password stays the same.',
      ],
      { label: 'Reset password', url: input.resetUrl },
    ),
  };
}

/**
 * Told to the owner after their password was changed while signed in, or set with a reset link
 * (issue 26): if it was not them, the reset link of the sign-in page gives the account back.
 */
export function renderPasswordChangedEmail(input: {
  fullName: string;
  appUrl: string;
  at: Date;
  isStaff: boolean;
  how: 'changed' | 'reset';
}): TRenderedEmail {
  return {
    priority: 'account',
    subject: input.how === 'reset' ? 'Your CediCrypto password was reset' : 'Your CediCrypto password was changed',
    body: layout(
      input.how === 'reset' ? 'Your password was reset' : 'Your password was changed',
      [
        `Hello ${input.fullName},`,
        input.how === 'reset'
          ? `The password of your CediCrypto account was reset with an emailed link on ${ACCRA_TIME_FORMAT.format(input.at)} (Accra time). Every session of your account was signed out.`
          : `The password of your CediCrypto account was changed on ${ACCRA_TIME_FORMAT.format(input.at)} (Accra time). Every other session of your account was signed out.`,
        ifNotYou(input.isStaff),
      ],
      input.isStaff ? undefined : { label: 'Reset your password', url: `${input.appUrl}/#/forgot-password` },
    ),
  };
}

function ifNotYou(isStaff: boolean): string {
  return isStaff
    ? 'If this was not you, tell the super admin at once: your account can move customers\u2019 money.'
    : 'If this was not you, reset your password now with the link below and contact support.';
}

/** Told to the owner when two-factor authentication was turned on or off on their account (issue 26). */
export function renderTwoFactorChangedEmail(input: {
  fullName: string;
  appUrl: string;
  at: Date;
  isStaff: boolean;
  on: boolean;
}): TRenderedEmail {
  const when = `${ACCRA_TIME_FORMAT.format(input.at)} (Accra time)`;
  return {
    priority: 'account',
    subject: input.on ? 'Two-factor authentication is on' : 'Two-factor authentication was turned off',
    body: layout(
      input.on ? 'Two-factor authentication is on' : 'Two-factor authentication was turned off',
      [
        `Hello ${input.fullName},`,
        input.on
          ? `An authenticator app was set up for your CediCrypto account on ${when}. From now on, signing in asks for a code from it.`
          : `Two-factor authentication was turned off for your CediCrypto account on ${when}. Signing in now needs only your password.`,
        ifNotYou(input.isStaff),
      ],
      input.isStaff ? undefined : { label: 'Reset your password', url: `${input.appUrl}/#/forgot-password` },
    ),
  };
}

/** After a super admin (or the server console) reset a staff member's second factor (issue 26). */
export function renderTwoFactorResetEmail(input: {
  fullName: string;
  resetBy: string;
  setupUrl: TSecretUrl;
  validHours: number;
}): TRenderedEmail {
  return {
    priority: 'account',
    subject: 'Your CediCrypto two-factor authentication was reset',
    body: layout(
      'Set up two-factor authentication again',
      [
        `Hello ${input.fullName},`,
        `${input.resetBy} reset the two-factor authentication of your back-office account, and every session of it was signed out.`,
        `Sign in with your password, then set up your authenticator app with the link below. It is valid for ${input.validHours} hours and can be used once; your password alone is not enough.`,
        'If you did not ask for this, tell the super admin at once.',
      ],
      { label: 'Set up two-factor authentication', url: input.setupUrl },
    ),
  };
}

/**
 * To the owner of an account that many failed sign-ins were tried on (issue 26): once per burst
 * (RATE_LIMITS.loginAlertsPerAccount), not per attempt.
 */
export function renderFailedSignInsEmail(input: { fullName: string; failures: number; appUrl: string }): TRenderedEmail {
  return {
    priority: 'account',
    subject: 'Failed sign-ins to your CediCrypto account',
    body: layout(
      'Someone is trying to sign in to your account',
      [
        `Hello ${input.fullName},`,
        `There were ${input.failures} failed attempts to sign in to your CediCrypto account with a wrong password in the last hour, from addresses we do not know to be yours.`,
        'Your account is safe while the password is not known: the attempts are slowed down. You can still sign in with your password (staff: with your password and authenticator code).',
        'If this was not you, choose a new, unique password. We will not email you again about these attempts for an hour.',
      ],
      { label: 'Choose a new password', url: `${input.appUrl}/#/forgot-password` },
    ),
  };
}

export function renderStaffInvitationEmail(input: {
  fullName: string;
  roleLabel: string;
  invitedBy: string;
  setPasswordUrl: TSecretUrl;
  validHours: number;
}): TRenderedEmail {
  return {
    priority: 'account',
    subject: 'You have been invited to the CediCrypto back-office',
    body: layout(
      'Set your password',
      [
        `Hello ${input.fullName},`,
        html`${input.invitedBy} has created a CediCrypto back-office account for you with the role <strong>${input.roleLabel}</strong>.`,
        `Choose your password with the link below. It is valid for ${input.validHours} hours and can be used once.`,
        'If you were not expecting this, you can ignore this email.',
      ],
      { label: 'Set your password', url: input.setPasswordUrl },
    ),
  };
}

export function renderKycReceivedEmail(input: {
  fullName: string;
  /** The tier the submission asks for (docs/decisions/016); 1 when not said. */
  tier?: 1 | 2;
  /** The Tier 0 limit of the settings, usable while a Tier 1 request is reviewed (issue 26 point 11); the default when not said. */
  tier0LimitUsd?: string;
}): TRenderedEmail {
  if (input.tier === 2) {
    // A Tier 2 request leaves the customer verified at Tier 1 while it is reviewed: trading goes on.
    return {
      priority: 'notice',
      subject: 'We received your Tier 2 documents',
      body: layout('Your Tier 2 documents are under review', [
        `Hello ${input.fullName},`,
        'Thank you for sending your proof of address and source of funds. Our compliance team reviews them within 24-48 hours.',
        'You can keep trading within your Tier 1 limits meanwhile. We will email you as soon as there is a decision.',
      ]),
    };
  }
  return {
    priority: 'notice',
    subject: 'We received your KYC documents',
    body: layout('Your documents are under review', [
      `Hello ${input.fullName},`,
      'Thank you for submitting your identity documents. Our compliance team reviews them within 24-48 hours.',
      `${TIER_MSG.tradeDuringReview(input.tier0LimitUsd ?? DEFAULT_TIER0_LIMIT_USD)} We will email you as soon as there is a decision.`,
    ]),
  };
}

export function renderKycDecisionEmail(input: {
  fullName: string;
  decision: 'approved' | 'rejected';
  reason?: string | null;
  appUrl: string;
  /** The tier the submission asked for (docs/decisions/016); 1 when not said. */
  tier?: 1 | 2;
  /** The Tier 0 limit lifted by an approval (the setting); the $20 of docs/product.md §9 when not given. */
  tier0LimitUsd?: string;
}): TRenderedEmail {
  if (input.decision === 'approved' && input.tier === 2) {
    return {
      priority: 'notice',
      subject: 'Your account is now at Tier 2',
      body: layout(
        'Tier 2 approved',
        [
          `Hello ${input.fullName},`,
          'Your proof of address and source of funds are approved. Your account is now at Tier 2, with higher daily and monthly limits.',
        ],
        { label: 'See your limits', url: `${input.appUrl}/#/kyc` },
      ),
    };
  }
  if (input.decision === 'approved') {
    return {
      priority: 'notice',
      subject: 'Your identity is verified',
      body: layout(
        'KYC approved',
        [
          `Hello ${input.fullName},`,
          `Your identity has been verified. Your ${formatTier0Limit(input.tier0LimitUsd ?? DEFAULT_TIER0_LIMIT_USD)} trading limit is lifted: your account is now at Tier 1, with daily and monthly limits you can see on the Verification page.`,
        ],
        { label: 'Start trading', url: `${input.appUrl}/#/dashboard` },
      ),
    };
  }
  const reason = input.reason ? `Reason: ${input.reason}` : 'Your documents could not be verified.';
  return {
    priority: 'notice',
    subject: 'Your KYC submission was not approved',
    body: layout('KYC not approved', [`Hello ${input.fullName},`, reason, 'You can submit new documents at any time.'], {
      label: 'Submit again',
      url: `${input.appUrl}/#/kyc`,
    }),
  };
}

export type TEmailOrder = {
  id: number;
  type: 'buy' | 'sell';
  amountCrypto: string;
  coinSymbol: string;
  amountFiat: string;
  fiatCurrency: string;
  /** What the order page shows the customer (docs/decisions/014); absent on orders before it. */
  amountGhs?: string | null;
  paymentReference?: string | null;
  deadlineAt?: Date | null;
  payTo?: TPayTo | null;
  network?: string | null;
  depositAddress?: string | null;
  depositTag?: string | null;
  /** Set when the address was derived for this order alone from a watch-only key (docs/decisions/056). */
  depositKeyId?: number | null;
};

function describeOrder(order: TEmailOrder): string {
  const verb = order.type === 'buy' ? 'Buy' : 'Sell';
  return `${verb} ${order.amountCrypto} ${order.coinSymbol.toUpperCase()} for ${order.fiatCurrency} ${order.amountFiat}`;
}

/** The order's own page, where its state, what to pay and its timeline are. */
function orderPage(appUrl: string, order: { id: number }) {
  return { label: 'View your order', url: `${appUrl}/#${paths.order.getHref(order.id)}` };
}

/** 25 Nov 2026, 14:30 (Accra time, which is UTC). */
/** Built once: making an Intl formatter costs more than the rest of an order email (bench:peak profile). */
const ACCRA_TIME_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Accra' });

function formatDeadline(deadline: Date): string {
  return `${ACCRA_TIME_FORMAT.format(deadline)} (Accra time)`;
}

/** What to pay and where (buy) or what to send and where (sell), and by when. */
function paymentInstructions(order: TEmailOrder): string[] {
  const lines: string[] = [];
  if (order.type === 'buy' && order.payTo && order.amountGhs) {
    const account =
      order.payTo.type === 'momo'
        ? `${order.payTo.provider} ${order.payTo.number} (${order.payTo.name})`
        : `${order.payTo.bankName}, account ${order.payTo.accountNumber} (${order.payTo.name})`;
    lines.push(`Pay ${formatGhs(order.amountGhs)} to ${account}.`);
    if (order.paymentReference) lines.push(`Write this reference in the payment's reference field: ${order.paymentReference}`);
    lines.push(
      'Then open your order and press "I have paid". Pay only to the account shown on your order; our staff never ask for your PIN or a code.',
    );
  } else if (order.type === 'sell' && order.depositAddress) {
    lines.push(
      `Send exactly ${order.amountCrypto} ${order.coinSymbol.toUpperCase()} on ${networkLabel(order.network)} to ${order.depositAddress}.`,
    );
    if (order.depositTag) lines.push(`Destination tag (required): ${order.depositTag}`);
    if (order.depositKeyId !== undefined && order.depositKeyId !== null) lines.push(PER_ORDER_ADDRESS_NOTE);
    lines.push('Then open your order and press "I have sent" with the transaction hash.');
  }
  if (order.deadlineAt && lines.length > 0)
    lines.push(`Your order expires if it is not ${order.type === 'buy' ? 'paid' : 'sent'} by ${formatDeadline(order.deadlineAt)}.`);
  return lines;
}

export function renderOrderConfirmationEmail(input: {
  fullName: string;
  order: TEmailOrder;
  appUrl: string;
  /** The receipt says who sent it (modules/content getCompanyDetails). */
  company: TCompanyDetails;
}): TRenderedEmail {
  const instructions = paymentInstructions(input.order);
  return {
    priority: 'notice',
    subject: `Order #${input.order.id} received`,
    body: layout(
      'We received your order',
      [
        `Hello ${input.fullName},`,
        `Order #${input.order.id}: ${describeOrder(input.order)}.`,
        ...instructions,
        'Your order is received and will be processed shortly: we check your payment, then complete it. You will get an email at each step.',
      ],
      orderPage(input.appUrl, input.order),
      input.company,
    ),
  };
}

export function renderAdminOrderAlertEmail(input: {
  customerName: string;
  customerEmail: string;
  order: TEmailOrder;
  appUrl: string;
}): TRenderedEmail {
  const paid = input.order.type === 'buy' ? 'has paid for' : 'has sent the coins of';
  return {
    priority: 'staff',
    subject: `New ${input.order.type} order #${input.order.id}`,
    body: layout(
      'New order to process',
      [`${input.customerName} (${input.customerEmail}) ${paid} order #${input.order.id}: ${describeOrder(input.order)}.`],
      { label: 'Open Order Management', url: `${input.appUrl}/#/admin/orders` },
    ),
  };
}

const STATUS_WORDS = {
  completed: {
    subject: 'completed',
    title: 'Your order is completed',
    text: 'Your order has been completed. Thank you for trading with CediCrypto.',
  },
  cancelled: {
    subject: 'cancelled',
    title: 'Your order was cancelled',
    text: 'Your order has been cancelled. If you already paid, our support team will contact you; you can also reach us through live chat.',
  },
  expired: {
    subject: 'expired',
    title: 'Your order has expired',
    text: 'The time to pay for this order ran out, so it has expired and no longer counts against your limit. If you already paid, contact us through live chat with the order number.',
  },
  refunded: {
    subject: 'refunded',
    title: 'Your order was refunded',
    text: 'We sent back what you paid for this order. It no longer counts against your limit.',
  },
} as const;

export function renderOrderStatusEmail(input: {
  fullName: string;
  order: TEmailOrder & { payoutReference?: string | null; cancelReason?: string | null };
  status: keyof typeof STATUS_WORDS;
  /** A refund (issue 28 point 3): what went back, where, its reference and the reason. */
  refund?: { amount: string; where: string; reference: string; reason: string } | null;
  appUrl: string;
  /** The receipt says who sent it (modules/content getCompanyDetails). */
  company: TCompanyDetails;
}): TRenderedEmail {
  const words = STATUS_WORDS[input.status];
  const { order } = input;
  const extra: string[] = [];
  if (input.status === 'completed' && order.payoutReference) extra.push(`Payout reference: ${order.payoutReference}`);
  if (input.status === 'cancelled' && order.cancelReason) extra.push(`Reason: ${order.cancelReason}`);
  if (input.refund) {
    extra.push(ORDER_MSG.refundedTo(input.refund.amount, input.refund.where));
    extra.push(`Refund reference: ${input.refund.reference}`);
    extra.push(`Reason: ${input.refund.reason}`);
  }
  return {
    priority: 'notice',
    subject: `Order #${order.id} ${words.subject}`,
    body: layout(
      words.title,
      [`Hello ${input.fullName},`, `Order #${order.id}: ${describeOrder(order)}.`, words.text, ...extra],
      orderPage(input.appUrl, order),
      input.company,
    ),
  };
}

/** Settings' "Send test email": proof that the SMTP settings deliver, to the notification address. */
export function renderSmtpTestEmail(input: { sentBy: string; at: Date }): TRenderedEmail {
  const at = `${ACCRA_TIME_FORMAT.format(input.at)} (Accra time)`;
  return {
    priority: 'account',
    subject: 'CediCrypto test email',
    body: layout('Your email settings work', [
      `${input.sentBy} sent this test email from the back-office Settings on ${at}.`,
      'It reached you through the SMTP server in the settings, so order alerts and customer emails can be delivered the same way.',
    ]),
  };
}

/** Why a contact-form visitor without an account got an email (docs/decisions/022). */
const CONTACT_FORM_REASON = 'You received this email because this address was given on the CediCrypto contact form.';

/**
 * The acknowledgement of a contact-form message (docs/decisions/022). It quotes neither the name
 * nor the message: anyone may type any address into the form, and the email must carry nothing
 * of theirs to it.
 */
export function renderContactReceivedEmail(input: { hasAccount: boolean; appUrl: string; company: TCompanyDetails }): TRenderedEmail {
  return {
    priority: 'notice',
    subject: 'We received your message',
    body: layout(
      'Thank you for your message',
      [
        'We received the message you sent with the contact form on the CediCrypto website. Our support team will get back to you within 24 business hours.',
        input.hasAccount
          ? 'Our answer will be in the live chat of your account, and we will email you when it is there.'
          : 'We will answer by email to this address. If you did not write to us, you can ignore this email.',
      ],
      input.hasAccount ? { label: 'Open your account', url: `${input.appUrl}/#${paths.dashboard.getHref()}` } : undefined,
      input.company,
      input.hasAccount ? undefined : CONTACT_FORM_REASON,
    ),
  };
}

/**
 * A support answer to a message sent with the contact form (docs/decisions/022): to a visitor, the
 * only way it reaches them; to a customer, news that it waits in their live chat.
 */
export function renderSupportReplyEmail(input: {
  name: string;
  text: string;
  hasAccount: boolean;
  appUrl: string;
  company: TCompanyDetails;
}): TRenderedEmail {
  return {
    priority: 'notice',
    subject: 'Reply from CediCrypto support',
    body: layout(
      'Our support team answered your message',
      [
        `Hello ${input.name},`,
        html`<span style="display:block;white-space:pre-wrap;border-left:3px solid #0f766e;padding-left:12px">${input.text}</span>`,
        input.hasAccount
          ? 'You can read the whole conversation and answer in the live chat of your account.'
          : 'To write back, send another message with the contact form, using this email address: it joins this conversation.',
      ],
      input.hasAccount
        ? { label: 'Open your account', url: `${input.appUrl}/#${paths.dashboard.getHref()}` }
        : { label: 'Write back', url: `${input.appUrl}/#${paths.contact.getHref()}` },
      input.company,
      input.hasAccount ? undefined : CONTACT_FORM_REASON,
    ),
  };
}

/**
 * To every other Super Admin and Manager when someone asks to change where money goes, and to the
 * requester when it is decided (issue 27 point 3, docs/decisions/030): what, before and after, who.
 */
export function renderDestinationChangeEmail(input: {
  fullName: string;
  event: 'requested' | 'approved' | 'rejected' | 'cancelled' | 'applied';
  targetLabel: string;
  by: string;
  before: string;
  after: string;
  lapsesAt: Date | null;
  reviewUrl: string;
}): TRenderedEmail {
  const titles = {
    requested: `Approval needed: new payment destination for ${input.targetLabel}`,
    approved: `Approved: new payment destination for ${input.targetLabel}`,
    rejected: `Rejected: new payment destination for ${input.targetLabel}`,
    cancelled: `Cancelled: new payment destination for ${input.targetLabel}`,
    applied: `In force after the cooling-off period: new payment destination for ${input.targetLabel}`,
  } as const;
  const lines = {
    requested: `${input.by} asked to change where money goes for ${input.targetLabel}. It takes effect only when another Super Admin or Manager approves it${
      input.lapsesAt
        ? `, or on ${ACCRA_TIME_FORMAT.format(input.lapsesAt)} (Accra time) unless it is rejected, as no other admin can approve it`
        : ''
    }.`,
    approved: `${input.by} approved the change of where money goes for ${input.targetLabel}. It is in force now.`,
    rejected: `${input.by} rejected the change of where money goes for ${input.targetLabel}. Nothing changed.`,
    cancelled: `${input.by} cancelled their change of where money goes for ${input.targetLabel}. Nothing changed.`,
    applied: `The change of where money goes for ${input.targetLabel} took effect after the cooling-off period.`,
  } as const;
  return {
    priority: 'account',
    subject: titles[input.event],
    body: layout(
      titles[input.event],
      [
        `Hello ${input.fullName},`,
        lines[input.event],
        `Before: ${input.before}`,
        `After: ${input.after}`,
        'If you do not recognise this change, reject it in Pending changes and tell the other admins at once.',
      ],
      { label: 'Open Pending changes', url: input.reviewUrl },
      undefined,
      'You received this email because you are a Super Admin or Manager of CediCrypto.',
    ),
  };
}
