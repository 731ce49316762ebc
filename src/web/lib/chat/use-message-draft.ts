import { useRef, useState } from 'react';
import { getErrorMessage } from '#web/lib/api.js';

/**
 * The reply box of either side of the chat: the draft, sending, and the reason a send failed.
 * Sent text leaves the input only once it went through and was not edited meanwhile; a failure
 * keeps it (nothing typed is lost) and shows why. Typing in it calls onTyping.
 */
export function useMessageDraft({ sendText, onTyping }: { sendText: (text: string) => Promise<void>; onTyping: () => void }) {
  const [draft, setDraft] = useState('');
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const send = async (text: string) => {
    setIsSending(true);
    setError(null);
    try {
      await sendText(text);
      setDraft((current) => (current.trim() === text ? '' : current));
    } catch (sendError) {
      console.warn('chat: sending failed', sendError);
      setError(getErrorMessage(sendError));
    } finally {
      setIsSending(false);
      inputRef.current?.focus();
    }
  };

  /** Replaces the draft (a quick reply), clearing an earlier error. */
  const replaceDraft = (text: string) => {
    setDraft(text);
    setError(null);
  };

  return {
    inputRef,
    replaceDraft,
    /** Everything MessageComposer needs. */
    composer: {
      value: draft,
      onChange: (value: string) => {
        replaceDraft(value);
        if (value.trim()) onTyping();
      },
      onSend: (text: string) => void send(text),
      isSending,
      error,
      inputRef,
    },
  };
}
