/**
 * Lets keyboard users jump past the navigation. A button, not an '#main' link: with hash
 * routing a fragment link would change the route.
 */
export function SkipLink() {
  return (
    <button
      type="button"
      onClick={() => document.getElementById('main')?.focus()}
      className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to content
    </button>
  );
}
