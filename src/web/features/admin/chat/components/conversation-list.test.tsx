import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHAT_MSG, type TConversationSummary } from '#shared/contracts/chat.js';
import { ConversationList } from './conversation-list';

const base: TConversationSummary = {
  id: 1,
  userId: 'u1',
  isVisitor: false,
  userName: 'Kofi Mensah',
  userEmail: 'kofi@example.com',
  lastMessageText: 'Hello',
  lastMessageSender: 'user',
  lastMessageVia: 'chat',
  lastMessageAt: '2026-01-01T09:05:00.000Z',
  hasUnreadUserMessage: false,
  hasUnreadAdminMessage: false,
  assigneeId: null,
  assigneeName: null,
};

describe('the inbox marks what came with the contact form (docs/decisions/022)', () => {
  it('shows a visitor with the address they gave, marked contact form and without an account; a chat is not marked', () => {
    render(
      <ConversationList
        conversations={[
          {
            ...base,
            id: 2,
            userId: null,
            isVisitor: true,
            userName: 'Ama Owusu',
            userEmail: 'ama@example.com',
            lastMessageVia: 'contact_form',
          },
          { ...base, id: 3, userId: 'u3', userName: 'Yaw Boateng', lastMessageVia: 'contact_form' },
          base,
        ]}
        selectedId={null}
        typingIds={new Set()}
        onSelect={() => undefined}
      />,
    );
    const [visitor, customerByForm, chat] = within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('button');
    expect(visitor?.textContent).toContain('Ama Owusu');
    expect(visitor?.textContent).toContain(CHAT_MSG.contactForm);
    expect(visitor?.textContent).toContain(CHAT_MSG.visitor);
    expect(visitor?.textContent).toContain('ama@example.com');
    expect(customerByForm?.textContent).toContain(CHAT_MSG.contactForm);
    expect(customerByForm?.textContent).not.toContain(CHAT_MSG.visitor);
    expect(chat?.textContent).not.toContain(CHAT_MSG.contactForm);
  });
});

describe('the inbox tells two customers of the same name apart (issue 26 point 16)', () => {
  it('shows each conversation with its email, as the open conversation does', () => {
    render(
      <ConversationList
        conversations={[
          { ...base, id: 4, userId: 'u4', userName: 'Kofi Mensah', userEmail: 'kofi.mensah@example.com' },
          { ...base, id: 5, userId: 'u5', userName: 'Kofi Mensah', userEmail: 'kmensah@example.org' },
        ]}
        selectedId={null}
        typingIds={new Set()}
        onSelect={() => undefined}
      />,
    );
    const list = screen.getByRole('list', { name: 'Conversations' });
    expect(within(list).getByRole('button', { name: /kofi\.mensah@example\.com/ })).toBeTruthy();
    expect(within(list).getByRole('button', { name: /kmensah@example\.org/ })).toBeTruthy();
  });
});
