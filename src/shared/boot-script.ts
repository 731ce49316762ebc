/**
 * index.html carries the landing page rendered at build time, so a phone on a slow network sees
 * it before the JavaScript arrives. Someone opening another page (/#/login, a link in an email)
 * must not see the landing page flash first: this inline script runs before the body is parsed
 * and marks such a visit, and styles.css hides #root's prerendered markup while it is marked
 * (main.tsx clears the mark when the app starts). The server's Content-Security-Policy allows
 * exactly this script, by its SHA-256.
 */

/** location.hash of the landing page: '', '#/', or '#/?…'. */
export const LANDING_HASH_PATTERN = /^(#\/?)?(\?.*)?$/;

/** The attribute set on <html> while a page other than the landing page is loading. */
export const DEEP_LINK_ATTRIBUTE = 'data-deep-link';

export const BOOT_SCRIPT = `${String(LANDING_HASH_PATTERN)}.test(location.hash)||document.documentElement.setAttribute('${DEEP_LINK_ATTRIBUTE}','')`;
