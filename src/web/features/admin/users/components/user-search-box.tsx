import { controlClassName } from '#web/components/ui/field.js';
import { useDebouncedSearch } from '#web/lib/use-debounced-search.js';

/** docs/product.md §2: the search waits for a 300 ms pause in typing before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

type UserSearchBoxProps = {
  value: string;
  onSearch: (q: string) => void;
};

/** The search box: typed text is local at once, and reaches the URL (and the server) debounced. */
export function UserSearchBox({ value, onSearch }: UserSearchBoxProps) {
  const { text, setText } = useDebouncedSearch(value, onSearch, SEARCH_DEBOUNCE_MS);

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
