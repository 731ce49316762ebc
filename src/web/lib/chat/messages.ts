import type { TChatMessage } from '#shared/contracts/chat.js';

/** Adds messages that are not there yet (by id), oldest first: a message seen twice shows once. */
export function mergeMessages(current: readonly TChatMessage[], incoming: readonly TChatMessage[]): TChatMessage[] {
  if (incoming.length === 0) return current as TChatMessage[];
  const byId = new Map(current.map((message) => [message.id, message]));
  let changed = false;
  for (const message of incoming) {
    if (!byId.has(message.id)) {
      byId.set(message.id, message);
      changed = true;
    }
  }
  if (!changed) return current as TChatMessage[];
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function lastMessageId(messages: readonly TChatMessage[]): number {
  return messages.at(-1)?.id ?? 0;
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Accra', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Hours and minutes in Ghana time, e.g. '09:05'. */
export function formatMessageTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}
