/**
 * Idle sessions (docs/decisions/020). Only a person's requests move a session's idle mark: a
 * request the web app makes on its own (a poll, a refetch on an interval, on focus or on
 * reconnect, a refresh after a push message) carries this header, and the server checks the
 * session with it but leaves the mark where it is. Dependency-free: the web app loads it on every page.
 */
export const BACKGROUND_REQUEST_HEADER = 'x-background-request';
export const BACKGROUND_REQUEST_VALUE = '1';

/** Staff sessions end after this many minutes without a person's request (issue 8, issue 26). */
export const STAFF_IDLE_MINUTES = 30;
/** The back-office warns this many minutes before an idle staff session ends. */
export const STAFF_IDLE_WARNING_MINUTES = 2;

/** Customer sessions end after this many hours without a person's request, unless Settings say otherwise. */
export const DEFAULT_CUSTOMER_IDLE_HOURS = 12;
export const CUSTOMER_IDLE_HOURS_MIN = 1;
export const CUSTOMER_IDLE_HOURS_MAX = 168;

/** What the back-office shows about an idle session, written once. */
export const IDLE_MSG = {
  warningTitle: 'Are you still there?',
  warning: (minutes: number) =>
    `You will be signed out in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} because nothing has been done for a while.`,
  staySignedIn: 'Stay signed in',
  signOut: 'Sign out now',
  signedOut: `You were signed out after ${STAFF_IDLE_MINUTES} minutes without activity. Please log in again.`,
  customerIdleHours: `Enter whole hours from ${CUSTOMER_IDLE_HOURS_MIN} to ${CUSTOMER_IDLE_HOURS_MAX}.`,
} as const;
