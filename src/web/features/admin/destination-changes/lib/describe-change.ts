import type { TDestinationChange } from '#shared/contracts/destination-changes.js';
import { networkLabel } from '#shared/networks.js';

/** A destination in words: a method's account, or each network's address and key ('none' when there was none). */
export function describeDestination(kind: TDestinationChange['kind'], value: Record<string, unknown> | null): string[] {
  if (!value) return ['none'];
  if (kind === 'payment_method') {
    const details = (value.details ?? {}) as Record<string, string>;
    return details.type === 'bank'
      ? [`Bank: ${details.bankName}`, `Name: ${details.name}`, `Account number: ${details.accountNumber}`]
      : [`Provider: ${details.provider}`, `Name: ${details.name}`, `Number: ${details.number}`];
  }
  const addresses = (value.depositAddresses ?? {}) as Record<string, string | null>;
  // Watch-only keys that derive each sell's own address (docs/decisions/056).
  const keys = (value.depositKeys ?? {}) as Record<string, string | null>;
  return [
    ...Object.entries(addresses).map(([network, address]) => `${networkLabel(network)}: ${address ?? 'removed'}`),
    ...Object.entries(keys).map(([network, key]) => `${networkLabel(network)} watch-only key: ${key ?? 'none'}`),
  ];
}

export const STATUS_LABELS: Record<TDestinationChange['status'], string> = {
  pending: 'Waiting for approval',
  applied: 'In force',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};
