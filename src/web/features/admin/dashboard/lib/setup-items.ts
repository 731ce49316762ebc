import { COMPANY_LABELS } from '#shared/company.js';
import { SETUP_ITEMS, type TCoinGap, type TSetupItem, type TSetupStatus } from '#shared/contracts/setup.js';
import { formatDoubleFeePercentage, formatFeePercentage } from '#shared/fees.js';
import { paths } from '#web/lib/paths.js';

export type TSetupEntry = {
  id: TSetupItem;
  title: string;
  /** What is missing and why it matters, in words. */
  detail: string;
  /** Not required, but worth knowing (networks a coin still cannot be sold on). */
  note?: string;
  href: string;
  linkLabel: string;
  isDone: boolean;
};

/** 'a, b and c'. */
export function listInWords(items: readonly string[], last = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}

/** 'Tether (USDT) on TRON (TRC20), Ethereum (ERC20) or BNB Smart Chain (BEP20)'. */
function coinGap(coin: TCoinGap, last: 'or' | 'and'): string {
  return `${coin.name} (${coin.symbol.toUpperCase()}) on ${listInWords(coin.networks, last)}`;
}

const SMTP_FIELD_WORDS = { host: 'host', port: 'port', username: 'username', password: 'password' } as const;

/** The checklist's items in their order, each with what is missing, the page that fixes it and whether it is done. */
export function buildSetupEntries(status: TSetupStatus): TSetupEntry[] {
  const fee = formatFeePercentage(status.serviceFee.feePercentage);
  const entries: Record<TSetupItem, TSetupEntry> = {
    paymentMethods: {
      id: 'paymentMethods',
      title: 'Add a payment method',
      detail:
        status.paymentMethods.total > 0
          ? `All ${status.paymentMethods.total} payment method${status.paymentMethods.total === 1 ? ' is' : 's are'} disabled. Enable at least one: until then nobody can buy.`
          : 'Buyers pay into a mobile money or bank account of yours: add at least one. Until then nobody can buy.',
      href: paths.admin.paymentMethods.getHref(),
      linkLabel: 'Open Payment Methods',
      isDone: status.paymentMethods.isDone,
    },
    depositAddresses: {
      id: 'depositAddresses',
      title: 'Set deposit addresses',
      detail: `These coins cannot be sold until they have a deposit address: ${status.depositAddresses.coinsWithout
        .map((coin) => coinGap(coin, 'or'))
        .join('; ')}.`,
      ...(status.depositAddresses.networksWithout.length > 0
        ? {
            note: `Optional: no address yet for ${status.depositAddresses.networksWithout.map((coin) => coinGap(coin, 'and')).join('; ')}.`,
          }
        : {}),
      href: paths.admin.coins.getHref(),
      linkLabel: 'Open Currencies',
      isDone: status.depositAddresses.isDone,
    },
    demoDestinations: {
      id: 'demoDestinations',
      title: 'Replace the demo payment details',
      detail: `Money sent to demo or test-vector details is lost: ${[
        ...status.demoDestinations.addresses.map(
          (entry) => `the ${entry.name} (${entry.symbol.toUpperCase()}) address on ${entry.network}`,
        ),
        ...status.demoDestinations.paymentMethods.map((name) => `the ${name} account`),
      ].join('; ')}. Replace them with your own before going live; each change waits for a second admin's approval.`,
      href: status.demoDestinations.addresses.length > 0 ? paths.admin.coins.getHref() : paths.admin.paymentMethods.getHref(),
      linkLabel: status.demoDestinations.addresses.length > 0 ? 'Open Currencies' : 'Open Payment Methods',
      isDone: status.demoDestinations.isDone,
    },
    notificationEmail: {
      id: 'notificationEmail',
      title: 'Set the admin notification email',
      detail: 'Paid orders and other events that need staff are announced to this address.',
      href: paths.admin.settings.getHref(),
      linkLabel: 'Open Settings',
      isDone: status.notificationEmail.isDone,
    },
    smtp: {
      id: 'smtp',
      title: 'Set up email delivery (SMTP)',
      // Filled in is not enough: done once a test email went out with the settings as they are (docs/decisions/033).
      detail:
        status.smtp.missing.length > 0
          ? `Missing: ${listInWords(status.smtp.missing.map((field) => SMTP_FIELD_WORDS[field]))}. Until then emails are only written to the Email Log, not delivered. Then use "Send test email" in Settings.`
          : 'Use "Send test email" in Settings: this step is done once a test email is delivered with the SMTP settings as they are now (again after any change to them).',
      href: paths.admin.settings.getHref(),
      linkLabel: 'Open Settings',
      isDone: status.smtp.isDone,
    },
    contactDetails: {
      id: 'contactDetails',
      title: 'Add your company details',
      detail: `Missing: ${listInWords(status.contactDetails.missing.map((field) => COMPANY_LABELS[field].toLowerCase()))}. Customers see who you are in the site footer, on the About page and in every order email.`,
      href: paths.admin.contact.getHref(),
      linkLabel: 'Open Contact Page',
      isDone: status.contactDetails.isDone,
    },
    serviceFee: {
      id: 'serviceFee',
      title: 'Confirm the service fee',
      detail: `The fee is ${fee}${status.serviceFee.isDefault ? ' (the default)' : ''}: buyers pay the market price plus ${fee} and sellers get the market price minus ${fee}, ${formatDoubleFeePercentage(status.serviceFee.feePercentage)} apart. Check it in Settings and save.`,
      href: paths.admin.settings.getHref(),
      linkLabel: 'Open Settings',
      isDone: status.serviceFee.isDone,
    },
  };
  return SETUP_ITEMS.map((id) => entries[id]);
}
