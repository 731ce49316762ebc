/** Statement files for the reconciliation tests (docs/decisions/039). */

/** MTN's merchant portal export, as docs/decisions/039 describes its columns. */
export const MTN_HEADER =
  'Id,External Transaction Id,Date,Status,Type,Provider Category,Information,Note Message,From,From Name,From Handler Name,To,To Name,To Handler Name,Initiated By,On Behalf Of,Amount,Currency,Fee,Balance';

export function mtnLine(fields: {
  id: string;
  date: string;
  status?: string;
  note?: string;
  from: string;
  to: string;
  amount: string;
  balance?: string;
}) {
  return [
    fields.id,
    '',
    fields.date,
    fields.status ?? 'Successful',
    'TRANSFER',
    '',
    '',
    fields.note ?? '',
    fields.from,
    'Payer',
    '',
    fields.to,
    'CediCrypto Ltd',
    '',
    '',
    '',
    fields.amount,
    'GHS',
    '0',
    fields.balance ?? '',
  ].join(',');
}
