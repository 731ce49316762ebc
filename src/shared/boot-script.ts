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

/**
 * The attribute of <html> that lists, per page, what that page needs beyond the entry chunk: a
 * JSON object from a RegExp source matched against location.hash to the URLs of its chunks and of
 * its API reads (`/api/...`, `$1` replaced by the pattern's first group), written by the build
 * (scripts/route-preloads.ts). For the current page the boot script asks for the chunks at once
 * (modulepreload) and starts the reads, with the session's, beside the entry chunk instead of
 * after it has run: on a phone with 1.5 s round trips, two round trips less before the page
 * (issue 26 point 15, docs/decisions/025). The script stays the same for every build, so its
 * hash in the Content-Security-Policy does too; the list is data, not code.
 */
export const ROUTE_PRELOADS_ATTRIBUTE = 'data-route-preloads';

/** The global where the boot script leaves the reads it started (URL -> fetch promise); src/web/lib/api.ts takes each once. */
export const EARLY_REQUESTS_GLOBAL = '__earlyRequests';

/** The session's read: every page the list names needs it first. */
export const SESSION_PATH = '/api/session';

export const BOOT_SCRIPT =
  `(function(d,h){${String(LANDING_HASH_PATTERN)}.test(h)||d.setAttribute('${DEEP_LINK_ATTRIBUTE}','');` +
  `try{var m=JSON.parse(d.getAttribute('${ROUTE_PRELOADS_ATTRIBUTE}')||'{}'),e={},g=window['${EARLY_REQUESTS_GLOBAL}']={};` +
  `for(var p in m){var r=h.match(new RegExp(p));if(r){e['${SESSION_PATH}']=1;m[p].forEach(function(f){` +
  `if(f.indexOf('/api/')===0)e[f.replace('$1',r[1])]=1;` +
  `else{var l=document.createElement('link');l.rel='modulepreload';l.href=f;document.head.appendChild(l)}})}}` +
  `for(var u in e){g[u]=fetch(u,{credentials:'same-origin',headers:{Accept:'application/json'}});g[u].catch(function(){})}` +
  `}catch(x){}})(document.documentElement,location.hash)`;
