import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '#web/lib/router.js';
import type { TProfile } from '#shared/contracts/account.js';
import { isStaffRole, ROLE_LABELS } from '#shared/permissions.js';
import { KycBadge } from '#web/components/kyc-badge.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { paths } from '#web/lib/paths.js';
import { useLogOutAndLeave } from './use-log-out-and-leave';

/** The username button; it opens a small panel with name, email, KYC badge and 'Log out'. */
export function UserMenu({ user }: { user: TProfile }) {
  const [isOpen, setIsOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const logOut = useLogOutAndLeave(user);

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className="flex max-w-[9rem] items-center gap-1 rounded-lg px-2 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 sm:max-w-[14rem]"
      >
        <span className="truncate">{user.username}</span>
        <svg viewBox="0 0 20 20" className="size-4 shrink-0" fill="currentColor" aria-hidden="true">
          <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
        </svg>
      </button>
      {isOpen && (
        <div
          id={panelId}
          className="absolute right-0 z-40 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-4 shadow-lg"
        >
          <p className="truncate font-semibold text-slate-900">{user.fullName}</p>
          <p className="truncate text-sm text-slate-600">{user.email}</p>
          <div className="mt-2">
            {isStaffRole(user.role) ? <Badge variant="info">{ROLE_LABELS[user.role]}</Badge> : <KycBadge status={user.kycStatus} />}
          </div>
          {!isStaffRole(user.role) && (
            <>
              <Link to={paths.dashboard.getHref()} onClick={() => setIsOpen(false)} className="mt-4 block text-sm font-semibold">
                Dashboard
              </Link>
              <Link to={paths.security.getHref()} onClick={() => setIsOpen(false)} className="mt-2 block text-sm font-semibold">
                Security settings
              </Link>
            </>
          )}
          <Button variant="outline" className="mt-4 w-full" onClick={logOut.run} isLoading={logOut.isPending}>
            Log out
          </Button>
        </div>
      )}
    </div>
  );
}
