import { describe, expect, it } from 'vitest';
import type { TChatMessage } from '#shared/contracts/chat.js';
import { formatMessageTime, lastMessageId, mergeMessages } from '#web/lib/chat/messages.js';

const message = (id: number, text = `m${id}`): TChatMessage => ({
  id,
  conversationId: 1,
  sender: 'user',
  text,
  via: 'chat',
  createdAt: '2026-01-01T09:05:00.000Z',
});

describe('chat messages', () => {
  it('merges by id: duplicates skipped, order by id, same array when nothing is new', () => {
    const current = [message(1), message(3)];
    expect(mergeMessages(current, [message(2), message(3, 'dupe'), message(4)]).map((m) => [m.id, m.text])).toEqual([
      [1, 'm1'],
      [2, 'm2'],
      [3, 'm3'],
      [4, 'm4'],
    ]);
    expect(mergeMessages(current, [message(1)])).toBe(current);
    expect(lastMessageId([])).toBe(0);
    expect(lastMessageId(current)).toBe(3);
  });

  it('shows hours and minutes in Ghana time', () => {
    expect(formatMessageTime('2026-01-01T09:05:00.000Z')).toBe('09:05');
    expect(formatMessageTime('2026-01-01T23:59:59.000Z')).toBe('23:59');
    expect(formatMessageTime('nonsense')).toBe('');
  });
});
