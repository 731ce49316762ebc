import { useEffect, useRef, useState } from 'react';
import { controlClassName } from '#web/components/ui/field.js';

/** Spec: the search waits for a 300 ms pause in typing before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

type UserSearchBoxProps = {
  value: string;
  onSearch: (q: string) => void;
};

/** The search box: typed text is local at once, and reaches the URL (and the server) debounced. */
export function UserSearchBox({ value, onSearch }: UserSearchBoxProps) {
  const [text, setText] = useState(value);
  const [syncedValue, setSyncedValue] = useState(value);
  const onSearchRef = useRef(onSearch);

  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);

  // The URL changed from elsewhere (back button, a link): show what it says.
  if (value !== syncedValue) {
    setSyncedValue(value);
    if (value.trim() !== text.trim()) setText(value);
  }

  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => onSearchRef.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <div className="w-full space-y-1.5 sm:w-80">
      <label htmlFor="admin-user-search" className="block text-sm font-medium text-slate-800">
        Search users
      </label>
      <input
        id="admin-user-search"
        type="search"
        name="q"
        autoComplete="off"
        maxLength={200}
        placeholder="Search by name, email, or phone..."
        value={text}
        onChange={(event) => setText(event.target.value)}
        className={controlClassName}
      />
    </div>
  );
}
