import { useId, type ReactNode, type RefObject } from 'react';
import { CHAT_MAX_LENGTH, CHAT_MSG } from '#shared/contracts/chat.js';
import { Button } from '#web/components/ui/button.js';
import { controlClassName } from '#web/components/ui/field.js';
import { cn } from '#web/lib/cn.js';

type MessageComposerProps = {
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed text; never with blank text. */
  onSend: (text: string) => void;
  isSending?: boolean;
  error?: string | null;
  inputRef?: RefObject<HTMLInputElement | null>;
  /** Extra controls before the input (the quick-reply button). */
  before?: ReactNode;
};

/** The message input ('Type a message...') and its Send button. Blank or whitespace-only text is not sent. */
export function MessageComposer({ value, onChange, onSend, isSending = false, error, inputRef, before }: MessageComposerProps) {
  const inputId = useId();
  const errorId = useId();
  const text = value.trim();
  return (
    <form
      className="border-t border-slate-200 bg-white p-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (text && !isSending) onSend(text);
      }}
    >
      {error && (
        <p id={errorId} role="alert" className="mb-2 px-1 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="flex items-center gap-2">
        {before}
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          autoComplete="off"
          maxLength={CHAT_MAX_LENGTH}
          placeholder={CHAT_MSG.placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(controlClassName, 'min-w-0 flex-1 py-2')}
        />
        <Button type="submit" size="sm" disabled={!text} isLoading={isSending} aria-label="Send message" className="min-h-10 shrink-0">
          <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
            <path d="M3.105 2.29a.75.75 0 0 0-.826.95l1.414 4.925A1.5 1.5 0 0 0 5.135 9.25h6.115a.75.75 0 0 1 0 1.5H5.135a1.5 1.5 0 0 0-1.442 1.086l-1.414 4.926a.75.75 0 0 0 .826.95 28.897 28.897 0 0 0 15.293-7.155.75.75 0 0 0 0-1.114A28.897 28.897 0 0 0 3.105 2.29Z" />
          </svg>
          <span className="hidden sm:inline">Send</span>
        </Button>
      </div>
    </form>
  );
}
