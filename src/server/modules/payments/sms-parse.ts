import { Dec } from '#shared/money.js';
import type { TSmsNetwork } from '#shared/contracts/sms-forwarders.js';
import { parseStatementAmount } from './parse.js';

/**
 * Reading a MoMo wallet's "payment received" texts (issue 33 point 6, docs/decisions/059). Pure:
 * the sender and the text in, what was paid out. The formats, with where each came from, are the
 * samples of sms-parse.test.ts.
 *
 * Only a text from the network's own sender name counts: anyone can send the SIM a text that
 * reads like a payment from an ordinary number ("fake payment SMS"), and the phone shows the
 * number it came from. Such a text is `unparsed` and goes to the queue with the reason.
 */

export type TSmsPayment = {
  network: TSmsNetwork;
  /** GHS, plain decimal digits, > 0. */
  amount: string;
  senderNumber: string | null;
  senderName: string | null;
  transactionId: string;
  /** What the payer wrote (MTN's "Reference", Telecel's "Ref"), where the order's payment reference may be. */
  reference: string | null;
  /** The time the text states (Telecel); null when it states none (MTN), then the phone's time is used. */
  occurredAt: Date | null;
  balance: string | null;
};

export type TSmsParse =
  | { kind: 'payment'; payment: TSmsPayment }
  /** A text that is not money in: the network's money out, promotion, PIN warning; a person's text that reads like no payment. */
  | { kind: 'not_payment'; network: TSmsNetwork | null }
  | { kind: 'unparsed'; reason: string };

/** The sender names the networks' money texts come from, compared without case, spaces or punctuation. */
const SENDERS: Record<TSmsNetwork, string[]> = {
  // MTN MoMo's texts come from "MobileMoney" (the samples of sms-parse.test.ts).
  mtn: ['mobilemoney'],
  // Telecel Cash's from "T-CASH" (formerly Vodafone Cash).
  telecel: ['tcash', 'telecelcash', 'vodafonecash'],
  // AirtelTigo Money's sender name is an assumption (no published sample was found): see the test.
  airteltigo: ['airteltigo', 'atmoney', 'airteltigomoney'],
};

const senderKey = (sender: string) => sender.toLowerCase().replace(/[^a-z0-9]/g, '');

export function networkOfSender(sender: string): TSmsNetwork | null {
  const key = senderKey(sender);
  for (const network of Object.keys(SENDERS) as TSmsNetwork[]) if (SENDERS[network].includes(key)) return network;
  return null;
}

const AMOUNT = String.raw`([\d,]+(?:\.\d{1,2})?)`;
const space = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A positive GHS amount as plain digits, or null. */
function amountOf(raw: string | undefined): string | null {
  if (!raw) return null;
  const value = parseStatementAmount(raw);
  if (!value || new Dec(value).lte(0)) return null;
  return new Dec(value).toFixed();
}

/** "233241234567-AMA MENSAH", "0241234567 - AMA MENSAH", "AMA MENSAH": the number and the name. */
function party(raw: string): { number: string | null; name: string | null } {
  const text = space(raw.replace(/^transfer from:\s*/i, ''));
  const numbered = /^\+?(\d{9,12})\s*-?\s*(.*)$/.exec(text);
  if (numbered) return { number: numbered[1]!, name: numbered[2] ? numbered[2].trim() || null : null };
  return { number: null, name: text || null };
}

/** What the payer wrote: '' and a lone dot or dash are nothing. */
function referenceOf(raw: string | undefined): string | null {
  const text = space(raw ?? '').replace(/[.\s]+$/, '');
  return text === '' || /^[-.]+$/.test(text) ? null : text;
}

const MTN_RECEIVED = new RegExp(
  String.raw`Payment received for GHS\s*${AMOUNT}\s+from\s+(.+?)\s*\.?\s+Current Balance:\s*GHS\s*${AMOUNT}`,
  'is',
);

function parseMtn(text: string): TSmsParse {
  const received = MTN_RECEIVED.exec(text);
  if (!received) {
    if (/Payment (?:made|sent) for GHS|Cash Out made|You have (?:sent|paid|bought)/i.test(text))
      return { kind: 'not_payment', network: 'mtn' };
    return /GHS\s*[\d,]+/i.test(text)
      ? { kind: 'unparsed', reason: 'An MTN MoMo text with an amount that is not a "Payment received" text this version reads.' }
      : { kind: 'not_payment', network: 'mtn' };
  }
  const amount = amountOf(received[1]);
  const transactionId = /Transaction ID:\s*([A-Za-z0-9]+)/i.exec(text)?.[1];
  if (!amount || !transactionId)
    return { kind: 'unparsed', reason: 'An MTN MoMo "Payment received" text without an amount or a transaction id.' };
  const from = party(received[2]!);
  const reference = /Reference:\s*(.*?)\s*\.?\s*(?:Transaction ID:|TRANSACTION FEE|$)/is.exec(text)?.[1];
  return {
    kind: 'payment',
    payment: {
      network: 'mtn',
      amount,
      senderNumber: from.number,
      senderName: from.name,
      transactionId,
      reference: referenceOf(reference),
      occurredAt: null,
      balance: amountOf(received[3]),
    },
  };
}

const TELECEL_RECEIVED = new RegExp(
  String.raw`^\s*(\d{6,})\s+Confirmed\.\s*You have received GHS\s*${AMOUNT}\s+from\s+(.+?)\s+on\s+(\d{4}-\d{2}-\d{2})\s+at\s+(\d{2}:\d{2}:\d{2})\.\s*Your Telecel Cash balance is GHS\s*${AMOUNT}\.?(.*)$`,
  'is',
);

function parseTelecel(text: string): TSmsParse {
  const received = TELECEL_RECEIVED.exec(text);
  if (!received) {
    if (/Confirmed\.\s*(?:GHS\s*[\d,.]+\s+(?:sent|paid) to|You have (?:withdrawn|bought|paid))/i.test(text))
      return { kind: 'not_payment', network: 'telecel' };
    return /GHS\s*[\d,]+/i.test(text)
      ? { kind: 'unparsed', reason: 'A Telecel Cash text with an amount that is not a "You have received" text this version reads.' }
      : { kind: 'not_payment', network: 'telecel' };
  }
  const [, transactionId, amountText, fromText, date, time, balanceText, rest] = received;
  const amount = amountOf(amountText);
  if (!amount) return { kind: 'unparsed', reason: 'A Telecel Cash "You have received" text without an amount.' };
  // "from MTN MOBILE MONEY with transaction reference: Transfer From: 233…-NAME": another network's wallet.
  const via = /with transaction reference:\s*(.+)$/is.exec(fromText!);
  const from = party(via ? via[1]! : fromText!);
  const reference = /(?:^|\s)Ref(?:erence)?:\s*(.*?)(?:\.\s|\.?\s*$|\n)/is.exec(rest ?? '')?.[1];
  const occurredAt = new Date(`${date}T${time}Z`);
  return {
    kind: 'payment',
    payment: {
      network: 'telecel',
      amount,
      senderNumber: from.number,
      senderName: from.name,
      transactionId: transactionId!,
      reference: referenceOf(reference),
      // Ghana keeps UTC all year (Africa/Accra), the time the text states.
      occurredAt: Number.isNaN(occurredAt.getTime()) ? null : occurredAt,
      balance: amountOf(balanceText),
    },
  };
}

const AIRTELTIGO_RECEIVED = new RegExp(String.raw`You have received GHS\s*${AMOUNT}\s+from\s+(.+?)\.\s`, 'is');

function parseAirtelTigo(text: string): TSmsParse {
  const received = AIRTELTIGO_RECEIVED.exec(text);
  if (!received) {
    if (/You have (?:sent|paid|bought|withdrawn)/i.test(text)) return { kind: 'not_payment', network: 'airteltigo' };
    return /GHS\s*[\d,]+/i.test(text)
      ? { kind: 'unparsed', reason: 'An AirtelTigo Money text with an amount that is not a "You have received" text this version reads.' }
      : { kind: 'not_payment', network: 'airteltigo' };
  }
  const amount = amountOf(received[1]);
  const transactionId = /Trans(?:action)?\s*ID:?\s*([A-Za-z0-9.]+?)\.?(?:\s|$)/i.exec(text)?.[1];
  if (!amount || !transactionId)
    return { kind: 'unparsed', reason: 'An AirtelTigo Money "You have received" text without an amount or a transaction id.' };
  const from = party(received[2]!);
  const reference = /(?:^|\s)Ref(?:erence)?:\s*(.*?)\.\s/is.exec(text)?.[1];
  const balance = /balance is GHS\s*([\d,]+(?:\.\d{1,2})?)/i.exec(text)?.[1];
  return {
    kind: 'payment',
    payment: {
      network: 'airteltigo',
      amount,
      senderNumber: from.number,
      senderName: from.name,
      transactionId,
      reference: referenceOf(reference),
      occurredAt: null,
      balance: amountOf(balance),
    },
  };
}

/** Reads a forwarded text: a payment received, another text of the network, or not understood. */
export function parseSms(sender: string, text: string): TSmsParse {
  const network = networkOfSender(sender);
  if (!network) {
    return /(?:payment received|you have received)[^.]*GHS/i.test(text)
      ? {
          kind: 'unparsed',
          reason: `Reads like a payment but came from "${sender}", not a network's sender name: it may be a fake payment text.`,
        }
      : { kind: 'not_payment', network: null };
  }
  if (network === 'mtn') return parseMtn(text);
  if (network === 'telecel') return parseTelecel(text);
  return parseAirtelTigo(text);
}
