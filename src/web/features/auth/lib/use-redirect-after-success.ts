import { useEffect } from 'react';
import { useNavigate } from '#web/lib/router.js';

/** docs/product.md §2: after a password is set, on to the login page after 3 seconds. */
export const REDIRECT_DELAY_MS = 3_000;

export function useRedirectAfterSuccess(isSuccess: boolean, href: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!isSuccess) return;
    const timer = setTimeout(() => navigate(href, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isSuccess, href, navigate]);
}
